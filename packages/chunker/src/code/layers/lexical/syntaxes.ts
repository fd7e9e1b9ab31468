import type { LexicalSyntax } from './mask-code.js'

const C_COMMENTS = { lineComments: ['//'], blockComments: [{ open: '/*', close: '*/' }] }

/** JavaScript and TypeScript: template literals and regular expression literals. */
export const JAVASCRIPT_SYNTAX: LexicalSyntax = { ...C_COMMENTS, quotes: ['"', "'"], templates: true, regexLiterals: true }
/** Python: `#` comments, triple-quoted strings, f-strings. */
export const PYTHON_SYNTAX: LexicalSyntax = { lineComments: ['#'], blockComments: [], quotes: ['"', "'"], tripleQuotes: true, fStrings: true }
/** Go: raw strings in backquotes, runes. */
export const GO_SYNTAX: LexicalSyntax = { ...C_COMMENTS, quotes: ['"', "'", '`'] }
/** Java: text blocks. */
export const JAVA_SYNTAX: LexicalSyntax = { ...C_COMMENTS, quotes: ['"', "'"], tripleQuotes: true }
/** Kotlin: nested block comments, `"""` raw strings (`${...}` templates stay masked). */
export const KOTLIN_SYNTAX: LexicalSyntax = { lineComments: ['//'], blockComments: [{ open: '/*', close: '*/', nested: true }], quotes: ['"', "'"], tripleQuotes: true }
/** Swift: nested block comments, `"""` multi-line strings (`\(...)` interpolations stay masked); no `'` strings, but none appear in code either. */
export const SWIFT_SYNTAX: LexicalSyntax = KOTLIN_SYNTAX
/** Dart: nested block comments, `'''` and `"""` strings (`${...}` interpolations stay masked). */
export const DART_SYNTAX: LexicalSyntax = KOTLIN_SYNTAX
/** Rust: nested block comments, raw strings, chars beside lifetimes, strings across lines. */
export const RUST_SYNTAX: LexicalSyntax = { lineComments: ['//'], blockComments: [{ open: '/*', close: '*/', nested: true }], quotes: ['"'], rust: true, multilineStrings: true }
/** C and C++: raw strings. */
export const C_SYNTAX: LexicalSyntax = { ...C_COMMENTS, quotes: ['"', "'"], cppRaw: true }
/** C#: verbatim and raw strings. */
export const CSHARP_SYNTAX: LexicalSyntax = { ...C_COMMENTS, quotes: ['"', "'"], verbatim: true, tripleQuotes: true }
/** Ruby: `#` comments, `=begin`/`=end`, heredocs, strings across lines. */
export const RUBY_SYNTAX: LexicalSyntax = { lineComments: ['#'], blockComments: [{ open: '\n=begin', close: '\n=end' }], quotes: ['"', "'"], heredocs: true, multilineStrings: true, percentLiterals: true }
/** PHP: `//` and `#` comments (but `#[...]` attributes), heredocs, strings across lines. */
export const PHP_SYNTAX: LexicalSyntax = { lineComments: ['//', '#'], blockComments: [{ open: '/*', close: '*/' }], quotes: ['"', "'"], heredocs: true, multilineStrings: true, hashBracketAttributes: true }
/** Shells: `#` comments. */
export const SHELL_SYNTAX: LexicalSyntax = { lineComments: ['#'], blockComments: [], quotes: ['"', "'"] }

/** A word set from a space-separated list. */
export function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean))
}
