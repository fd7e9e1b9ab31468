import { Buffer } from 'node:buffer'
import { F_STRING_OPENER, maskFString } from './f-strings.js'
import { startersOf } from './starters.js'

/**
 * The lexical shape of a language family: what starts a comment or a string. Enough to blank out
 * comments and string contents so that a scan for calls and statements sees only code.
 */
export interface LexicalSyntax {
  /** Line comment openers: `//`, `#`, `--`. */
  readonly lineComments: readonly string[]
  /** Block comment delimiters; `nested` when they nest (Rust). */
  readonly blockComments: readonly { readonly open: string; readonly close: string; readonly nested?: boolean }[]
  /** Quote characters of ordinary strings (a backslash escapes). */
  readonly quotes: readonly string[]
  /** `"""` and `'''` strings (Python, Java text blocks, C# raw strings). @default false */
  readonly tripleQuotes?: boolean
  /** Python f-strings (`f"..."`, `rf'''...'''`): the expressions of their `{...}` fields are code. @default false */
  readonly fStrings?: boolean
  /** JavaScript template literals: `` ` `` strings whose `${...}` parts are code. @default false */
  readonly templates?: boolean
  /** JavaScript regular expression literals. @default false */
  readonly regexLiterals?: boolean
  /** Rust raw strings `r"..."`, `r#"..."#` and char literals beside lifetimes. @default false */
  readonly rust?: boolean
  /** C++ raw strings `R"delim(...)delim"`. @default false */
  readonly cppRaw?: boolean
  /** C# verbatim strings `@"..."` (`""` escapes a quote). @default false */
  readonly verbatim?: boolean
  /** PHP and Ruby heredocs `<<<EOT` / `<<~EOT`. @default false */
  readonly heredocs?: boolean
  /** Ordinary strings may span lines (Rust, Ruby, PHP); elsewhere a line break ends an unterminated one. @default false */
  readonly multilineStrings?: boolean
  /** `#[...]` is an attribute, not a `#` comment (PHP 8). @default false */
  readonly hashBracketAttributes?: boolean
  /** Ruby's percent literals with a type letter: `%w[a b]`, `%i(a b)`, `%q{...}`, `%r{...}` (their words are no code). @default false */
  readonly percentLiterals?: boolean
}

/** A character after which a `/` starts a regular expression literal rather than a division. */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^'].map((c) => c.charCodeAt(0)))
const REGEX_KEYWORDS = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/
const RUST_CHAR = /'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/y
const HEREDOC = /<<(?:<|[~-])?[ \t]*(['"]?)([A-Za-z_]\w*)\1/y
/** A Ruby percent literal's opening: its type letter and delimiter (`%w[`, `%i(`, `%Q{`, `%r|`). */
const PERCENT_LITERAL = /%[wWiIqQrsx]([^\w\s])/y
/** The closer of a bracketing delimiter; any other delimiter closes itself. */
const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' }

/** A writable copy of a text's code units, and the text they make. */
interface CodeUnits {
  readonly units: Uint8Array | Uint16Array
  text(): string
}

/**
 * The code units of `text` in a buffer: one byte each when the text is ASCII (the common case,
 * copied and read back natively), else UTF-16 (lone surrogates survive both ways).
 */
function codeUnitsOf(text: string): CodeUnits {
  const length = text.length
  if (Buffer.byteLength(text, 'utf8') === length) {
    const bytes = Buffer.allocUnsafeSlow(length)
    bytes.write(text, 0, length, 'latin1')
    return { units: bytes, text: () => bytes.toString('latin1', 0, length) }
  }
  const bytes = Buffer.allocUnsafeSlow(length * 2)
  bytes.write(text, 0, length * 2, 'utf16le')
  return { units: new Uint16Array(bytes.buffer, bytes.byteOffset, length), text: () => bytes.toString('utf16le', 0, length * 2) }
}

/** A syntax's line comment openers, block comments by opener (the first of each) and quotes, for lookups per token. */
interface TokenKinds {
  readonly lines: ReadonlySet<string>
  readonly blocks: ReadonlyMap<string, LexicalSyntax['blockComments'][number]>
  readonly quotes: ReadonlySet<string>
}

const kinds = new WeakMap<LexicalSyntax, TokenKinds>()

function kindsOf(syntax: LexicalSyntax): TokenKinds {
  let found = kinds.get(syntax)
  if (!found) {
    const blocks = new Map<string, LexicalSyntax['blockComments'][number]>()
    for (const block of syntax.blockComments) if (!blocks.has(block.open)) blocks.set(block.open, block)
    found = { lines: new Set(syntax.lineComments), blocks, quotes: new Set(syntax.quotes) }
    kinds.set(syntax, found)
  }
  return found
}

/** The offset of the first non-space character before `at` in `text`, or -1. */
function codeBefore(text: string, at: number): number {
  let k = at - 1
  while (k >= 0) {
    const c = text.charCodeAt(k)
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return k
    k--
  }
  return -1
}

/**
 * A copy of `text` of the same length in which every comment and the inside of every string is
 * blanked with spaces (line breaks kept, so offsets and line numbers still hold); string quotes
 * stay, so a masked string reads as `"   "`. Template literal interpolations (`${...}`) stay code.
 * Unterminated strings and comments run to the end (never throws). One pass from one token start
 * to the next ({@link startersOf}), blanking a copy of the text's code units in place.
 */
export function maskCode(text: string, syntax: LexicalSyntax): string {
  const length = text.length
  const { lines, blocks, quotes } = kindsOf(syntax)
  const found = startersOf(syntax).cursor(text)
  if (!found.next(0)) return text
  const output = codeUnitsOf(text)
  const units = output.units
  // Everything before `copied` is final: code kept as is, or blanked in place.
  let copied = 0
  const emitCode = (to: number): void => {
    if (to > copied) copied = to
  }
  const emitBlank = (to: number): void => {
    if (to <= copied) return
    for (let k = copied; k < to; k++) if (units[k] !== 10) units[k] = 32
    copied = to
  }
  const writer = { keep: emitCode, blank: emitBlank }
  /** A string from `start` whose opening delimiter is `open` characters long: returns the offset after it. */
  const quoted = (start: number, open: number, close: string, escapes: boolean, doubled = false): number => {
    emitCode(start + open)
    let k = start + open
    const single = close.length === 1 && close !== '`' && !syntax.multilineStrings
    const first = close.charCodeAt(0)
    while (k < length) {
      const c = text.charCodeAt(k)
      if (escapes && c === 92) {
        k += 2
        continue
      }
      if (c === first && text.startsWith(close, k)) {
        if (doubled && text.startsWith(close + close, k)) {
          k += 2 * close.length
          continue
        }
        emitBlank(k)
        emitCode(k + close.length)
        return k + close.length
      }
      if (single && c === 10) break
      k++
    }
    k = Math.min(k, length)
    emitBlank(k)
    return k
  }
  // Braces of template interpolations still open, innermost last; `braces` counts code braces.
  const interpolations: number[] = []
  let braces = 0
  /** The inside of a template literal from `start`: returns where code resumes. */
  const template = (start: number): number => {
    emitCode(start)
    let k = start
    while (k < length) {
      const c = text.charCodeAt(k)
      if (c === 92) {
        k += 2
        continue
      }
      if (c === 96) {
        emitBlank(k)
        emitCode(k + 1)
        return k + 1
      }
      if (c === 36 && text.charCodeAt(k + 1) === 123) {
        emitBlank(k)
        emitCode(k + 2)
        interpolations.push(braces)
        return k + 2
      }
      k++
    }
    emitBlank(length)
    return length
  }
  for (let more = true; more; ) {
    const i = found.at
    const token = found.token
    let next = i + token.length
    if (token === '{') {
      braces++
    } else if (token === '}') {
      if (interpolations.length > 0 && interpolations[interpolations.length - 1] === braces) {
        interpolations.pop()
        emitCode(i + 1)
        next = template(i + 1)
      } else braces--
    } else if (token === '`' && syntax.templates) {
      next = template(i + 1)
    } else if (lines.has(token)) {
      emitCode(i)
      let end = text.indexOf('\n', i)
      if (end < 0) end = length
      emitBlank(end)
      next = end
    } else if (blocks.has(token)) {
      const block = blocks.get(token) as LexicalSyntax['blockComments'][number]
      emitCode(i)
      let depth = 1
      let k = i + token.length
      while (k < length && depth > 0) {
        if (block.nested && text.startsWith(block.open, k)) {
          depth++
          k += block.open.length
        } else if (text.startsWith(block.close, k)) {
          depth--
          k += block.close.length
        } else k++
      }
      k = Math.min(k, length)
      emitBlank(k)
      next = k
    } else if (syntax.fStrings && F_STRING_OPENER.test(token)) {
      const [, prefix = '', quote = ''] = F_STRING_OPENER.exec(token) as RegExpExecArray
      // `if"x"`: the `f` ends a word, so the string is an ordinary one.
      const inWord = i > 0 && /\w/.test(text[i - 1] as string)
      next = inWord ? quoted(i + prefix.length, quote.length, quote, true) : maskFString(text, i, prefix, quote, writer)
    } else if (token === '"""' || token === "'''") {
      next = quoted(i, 3, token, true)
    } else if (syntax.rust && token.length > 1 && token.endsWith('"')) {
      // Rust raw strings r"..." and r#"..."# (b-prefixed too); b"..." is an ordinary byte string.
      const hashes = token.replace(/^b?r/, '').slice(0, -1)
      next = token.includes('r') ? quoted(i, token.length, `"${hashes}`, false) : quoted(i, token.length, '"', true)
    } else if (syntax.rust && (token === "'" || token === "b'")) {
      // A char ('a', '\n') or byte (b'a'); otherwise a lifetime ('a), which is code.
      RUST_CHAR.lastIndex = i + token.length - 1
      const char = RUST_CHAR.exec(text)
      if (char) {
        emitCode(i + token.length)
        emitBlank(RUST_CHAR.lastIndex - 1)
        next = RUST_CHAR.lastIndex
      }
    } else if (token === 'R"') {
      const open = text.indexOf('(', i + 2)
      const delimiter = open > 0 ? text.slice(i + 2, open) : ''
      if (open > 0 && delimiter.length <= 16 && !/[\s()\\]/.test(delimiter)) next = quoted(i, open - i + 1, `)${delimiter}"`, false)
    } else if (token === '@"') {
      next = quoted(i, 2, '"', false, true)
    } else if (token === '<<') {
      HEREDOC.lastIndex = i
      const heredoc = HEREDOC.exec(text)
      const lineEnd = heredoc ? text.indexOf('\n', i) : -1
      if (heredoc && lineEnd >= 0) {
        const terminator = new RegExp(`^[ \\t]*${heredoc[2]}\\b`, 'm')
        const rest = text.slice(lineEnd + 1).search(terminator)
        if (rest >= 0) {
          emitCode(lineEnd)
          emitBlank(lineEnd + 1 + rest)
          next = lineEnd + 1 + rest
        }
      }
    } else if (token === '/') {
      const before = codeBefore(text, i)
      const prev = before < 0 ? 59 : text.charCodeAt(before)
      const word = before >= 0 && /[\w$]/.test(text[before] as string) ? text.slice(Math.max(0, before - 12), before + 1) : ''
      if (before < 0 || BEFORE_REGEX.has(prev) || (word && REGEX_KEYWORDS.test(word))) {
        let k = i + 1
        let inClass = false
        for (; k < length; k++) {
          const d = text.charCodeAt(k)
          if (d === 10) break
          if (d === 92) k++
          else if (d === 91) inClass = true
          else if (d === 93) inClass = false
          else if (d === 47 && !inClass) break
        }
        if (k < length && text.charCodeAt(k) === 47) {
          emitCode(i + 1)
          emitBlank(k)
          next = k + 1
        }
      }
    } else if (syntax.percentLiterals === true && token.charCodeAt(0) === 37) {
      PERCENT_LITERAL.lastIndex = i
      const opening = PERCENT_LITERAL.exec(text)
      // (Not `a %w` modulo a name: a literal stands where a value starts, a line's first or after an operator or a keyword.)
      const before = codeBefore(text, i)
      const value =
        before < 0 ||
        text.lastIndexOf('\n', i) > before ||
        !/[\w)\]}]/.test(text[before] as string) ||
        /\b(?:return|when|in|and|or|not|if|unless|puts|p|print)$/.test(text.slice(Math.max(0, before - 8), before + 1))
      if (opening && value) {
        const open = opening[1] as string
        const close = CLOSERS[open] ?? open
        // Brackets nest inside (`%w[a [b] c]`); a backslash escapes.
        let depth = 0
        let k = i + 3
        for (; k < length; k++) {
          const d = text[k] as string
          if (d === '\\') k++
          else if (d === open && close !== open) depth++
          else if (d === close && depth-- === 0) break
        }
        // The type letter goes too (`w` of `%w[` is no name), the delimiters stay.
        emitCode(i + 1)
        emitBlank(i + 2)
        emitCode(i + 3)
        emitBlank(Math.min(k, length))
        next = Math.min(k + 1, length)
      }
    } else if (quotes.has(token)) {
      next = quoted(i, 1, token, true)
    }
    more = found.next(Math.max(next, i + token.length))
  }
  return output.text()
}
