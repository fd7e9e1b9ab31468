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
}

/** A character after which a `/` starts a regular expression literal rather than a division. */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^'].map((c) => c.charCodeAt(0)))
const REGEX_KEYWORDS = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/
const RUST_CHAR = /'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/y
const HEREDOC = /<<(?:<|[~-])?[ \t]*(['"]?)([A-Za-z_]\w*)\1/y

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const starters = new WeakMap<LexicalSyntax, RegExp>()

/** One pattern for everything that may start a comment or a string in a syntax (longest first). */
function startersOf(syntax: LexicalSyntax): RegExp {
  let pattern = starters.get(syntax)
  if (!pattern) {
    const parts: string[] = []
    for (const block of syntax.blockComments) parts.push(escape(block.open))
    for (const line of syntax.lineComments) parts.push(line === '#' && syntax.hashBracketAttributes ? '#(?!\\[)' : escape(line))
    if (syntax.tripleQuotes) parts.push('"""', "'''")
    if (syntax.rust) parts.push('\\bb?r#*"', "\\bb'", "'")
    if (syntax.cppRaw) parts.push('\\bR"')
    if (syntax.verbatim) parts.push('@"')
    if (syntax.heredocs) parts.push('<<')
    if (syntax.templates) parts.push('`', '\\{', '\\}')
    if (syntax.regexLiterals) parts.push('/')
    for (const quote of syntax.quotes) parts.push(escape(quote))
    pattern = new RegExp(parts.join('|'), 'g')
    starters.set(syntax, pattern)
  }
  return pattern
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
 * to the next: plain code is copied in runs.
 */
export function maskCode(text: string, syntax: LexicalSyntax): string {
  const length = text.length
  const out: string[] = []
  let copied = 0
  const emitCode = (to: number): void => {
    if (to > copied) out.push(text.slice(copied, to))
    copied = Math.max(copied, to)
  }
  const emitBlank = (to: number): void => {
    if (to <= copied) return
    let from = copied
    // Spaces line by line: long doc comments are common, and a per-character replace is slow.
    for (let newline = text.indexOf('\n', from); newline >= 0 && newline < to; newline = text.indexOf('\n', from)) {
      out.push(' '.repeat(newline - from), '\n')
      from = newline + 1
    }
    if (to > from) out.push(' '.repeat(to - from))
    copied = to
  }
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
  const pattern = startersOf(syntax)
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const i = match.index
    const token = match[0]
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
    } else if (syntax.lineComments.includes(token)) {
      emitCode(i)
      let end = text.indexOf('\n', i)
      if (end < 0) end = length
      emitBlank(end)
      next = end
    } else if (syntax.blockComments.some((b) => b.open === token)) {
      const block = syntax.blockComments.find((b) => b.open === token) as LexicalSyntax['blockComments'][number]
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
    } else if (syntax.quotes.includes(token)) {
      next = quoted(i, 1, token, true)
    }
    if (next > pattern.lastIndex) pattern.lastIndex = next
  }
  emitCode(length)
  return out.join('')
}
