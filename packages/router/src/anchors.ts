/**
 * Anchors: the exact things a query names (identifiers, files, endpoints, quoted messages, module
 * names), found by patterns on the raw text before any natural-language processing touches it.
 */

/** What kind of thing an anchor names. */
export type AnchorKind =
  /** A code identifier: `parseArgs`, `HTTPError`, `form_mapping`, `MAX_SIZE`, `#reconnect`. */
  | 'identifier'
  /** A qualified name: `ky.extend`, `Command::new`, `org.apache.commons.lang3.StringUtils.abbreviate`. */
  | 'qualified'
  /** A path or file name with a code or text extension: `lib/core/util.js`, `HTTPError.ts`, `__init__.py`. */
  | 'path'
  /** An HTTP route or URL path: `/users/:id`, `GET /orders`. */
  | 'endpoint'
  /** A quoted message of several words: `"cannot read property"`. */
  | 'message'
  /** A package or module name: `@rag/core`, `net/http`, `clap_complete`. */
  | 'module'
  /** A capitalised word inside a sentence, possibly a type name (`Fraction class`), or an all-capitals word (`EPIPE`, `HTTP`); weaker evidence. */
  | 'proper'
  /** A command-line option: `--ignore-case`, `-k`. */
  | 'option'

/** One thing the query names. */
export interface Anchor {
  readonly kind: AnchorKind
  /** The text as written (without backticks, quotes or call parentheses). */
  readonly text: string
  /**
   * The name to look a definition up by: the last segment of a qualified name (`extend` of
   * `ky.extend`), the file's stem for a path (`form_mapping` of `binding/form_mapping.go`), the
   * identifier itself; `undefined` for messages, endpoints and options.
   */
  readonly name?: string
  /** HTTP method of an endpoint (`GET`), when the query gives one. */
  readonly method?: string
  /** Character offset in the query. */
  readonly offset: number
}

const CODE_EXTENSIONS =
  'js|jsx|mjs|cjs|ts|tsx|mts|cts|py|pyi|go|java|kt|kts|scala|rs|c|h|cc|cpp|cxx|hpp|hh|rb|php|cs|swift|vue|svelte|dart|lua|sh|bash|zsh|fish|ps1|sql|ex|exs|erl|clj|hs|ml|json|ya?ml|toml|md|mdx|rst|txt|html?|css|scss|xml|proto|graphql|gradle|ini|cfg|lock'
const PATH = new RegExp(String.raw`(?<![\w./@-])((?:[\w.@-]+/)*[\w@-][\w.-]*\.(?:${CODE_EXTENSIONS}))(?![\w/-])`, 'g')
const DIR_PATH = /(?<![\w./@:-])((?:\.{1,2}\/)?[a-z_][\w-]*(?:\/[\w-]+)+\/?)(?![\w/.-])/g
// A sentence's closing period is not part of the path (`GET /users.` is `/users`); a dot inside is (`/api/documents.move`).
const HTTP_METHOD = /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(?:https?:\/\/[\w.-]+(?::\d+)?)?(\/(?:<[\w:]+>|[\w\-/:{}*]|\.(?=[\w{<]))*)/g
// A dot joins words of a segment (`/api/shares.create`, RPC-style routes); a sentence's closing one does not.
// A parameter is a segment too: `:id`, `{id}`, Flask's and Django's `<int:id>`.
const ENDPOINT = /(?<![\w.])(\/(?:(?:<[\w:]+>|[:{]?[\w-]+(?:\.[\w-]+)*}?)\/?)+)(?![\w]|\.\w)/g
/** A URL's path is the route it asks for: `http://localhost:3000/api/users/login`. */
const URL_PATH = /\bhttps?:\/\/[\w.-]+(?::\d+)?(\/(?:<[\w:]+>|[\w\-/:{}*]|\.(?=[\w{<]))*)/g
const QUOTED = /"([^"\n]{3,200})"|“([^”\n]{3,200})”|'([^'\n]{3,200}\s[^'\n]{1,200})'/g
const BACKTICK = /`([^`\n]{1,200})`/g
const SCOPED_PACKAGE = /(?<![\w@])(@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*)/g
const PRODUCT = /^[A-Z][a-z]+\.js$/
const OPTION = /(?<![\w-])(--?[a-zA-Z][\w-]*)(?![\w-])/g
// An identifier-like token, with optional dotted or `::` qualification and a call suffix.
const TOKEN = /(?<![\w$#])(#?[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*)(\s*\((?:[^()]|\([^()]*\))*\))?/g

const CAMEL = /[a-z0-9][A-Z]|[A-Z]{2,}[a-z]/
const SNAKE = /[A-Za-z0-9]_[A-Za-z0-9]|^_+[A-Za-z]/
const SCREAMING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/

/** Whether a single token looks like code rather than an English word. */
function isIdentifierLike(token: string): boolean {
  const bare = token.replace(/^#/, '')
  return bare.startsWith('$') || CAMEL.test(bare) || SNAKE.test(bare) || SCREAMING.test(bare) || token.startsWith('#')
}

function lastSegment(qualified: string): string {
  const parts = qualified.split(/\.|::/)
  return parts[parts.length - 1]!
}

function stemOfPath(path: string): string {
  const name = path.replace(/\/$/, '').split('/').pop() ?? path
  const dot = name.indexOf('.', 1)
  return dot > 0 ? name.slice(0, dot) : name
}

interface Span {
  readonly start: number
  readonly end: number
}

/**
 * Every anchor of a query, in order of appearance, each once (by kind and text). Backtick spans
 * are read as code whatever they hold; outside them, a token counts as an identifier when its
 * shape says code (camelCase, PascalCase with two humps, snake_case, SCREAMING_CASE, `#private`,
 * `$var`) or it is called (`open()`), and as a qualified name when dotted or `::`-joined.
 *
 * @example
 * extractAnchors('Fix `ky.extend()` when HTTPError is thrown in lib/core/util.js')
 * // [{ kind: 'qualified', text: 'ky.extend', name: 'extend' }, { kind: 'identifier', text: 'HTTPError' }, { kind: 'path', text: 'lib/core/util.js', name: 'util' }]
 */
export function extractAnchors(text: string): Anchor[] {
  const found: Anchor[] = []
  const taken: Span[] = []
  const overlaps = (start: number, end: number): boolean => taken.some((s) => start < s.end && end > s.start)
  const add = (anchor: Anchor, start: number, end: number, claim = true): void => {
    if (claim) taken.push({ start, end })
    found.push(anchor)
  }

  for (const m of text.matchAll(QUOTED)) {
    const inner = (m[1] ?? m[2] ?? m[3])!.trim()
    if (inner.split(/\s+/).length < 2) continue
    // Code quoted inside a message (`'The \`options\` argument must be an object'`) is part of it;
    // between two apostrophes of prose (`the client's \`retry\` option doesn't`) it is no message.
    const end = m.index + m[0].length
    if (inner.includes('`') && (/\w/.test(text[m.index - 1] ?? '') || /\w/.test(text[end] ?? ''))) continue
    add({ kind: 'message', text: inner.replace(/`/g, ''), offset: m.index }, m.index, end, false)
  }
  for (const m of text.matchAll(BACKTICK)) {
    const inner = m[1]!.trim()
    const start = m.index
    const end = start + m[0].length
    taken.push({ start, end })
    for (const anchor of anchorsOfCode(inner, start + 1)) found.push(anchor)
  }
  for (const m of text.matchAll(HTTP_METHOD)) {
    if (overlaps(m.index, m.index + m[0].length)) continue
    add({ kind: 'endpoint', text: m[2]!, method: m[1]!, offset: m.index }, m.index, m.index + m[0].length)
  }
  for (const m of text.matchAll(URL_PATH)) {
    if (overlaps(m.index, m.index + m[0].length)) continue
    add({ kind: 'endpoint', text: m[1]!, offset: m.index }, m.index, m.index + m[0].length)
  }
  for (const m of text.matchAll(SCOPED_PACKAGE)) {
    if (overlaps(m.index, m.index + m[0].length)) continue
    add({ kind: 'module', text: m[1]!, name: m[1]!.split('/').pop(), offset: m.index }, m.index, m.index + m[0].length)
  }
  for (const m of text.matchAll(PATH)) {
    const start = m.index + m[0].indexOf(m[1]!)
    if (overlaps(start, start + m[1]!.length)) continue
    // Product names (`Node.js`, `Next.js`) are not files.
    if (!m[1]!.includes('/') && PRODUCT.test(m[1]!)) continue
    add({ kind: 'path', text: m[1]!, name: stemOfPath(m[1]!), offset: start }, start, start + m[1]!.length)
  }
  for (const m of text.matchAll(DIR_PATH)) {
    const start = m.index
    if (overlaps(start, start + m[0].length)) continue
    if (/^[a-z]+\/[a-z]+$/i.test(m[1]!) && !/[_-]/.test(m[1]!)) {
      // `and/or`, `HTTP/2`: a two-word slash is a module (`net/http`) only in lower case.
      if (m[1]! !== m[1]!.toLowerCase() || /^(and|or|with|without|in|on|of)\//.test(m[1]!) || /\/(and|or)$/.test(m[1]!)) continue
    }
    add({ kind: 'module', text: m[1]!.replace(/\/$/, ''), name: stemOfPath(m[1]!), offset: start }, start, start + m[0].length)
  }
  for (const m of text.matchAll(ENDPOINT)) {
    if (overlaps(m.index, m.index + m[0].length) || m[1]!.length < 3 || !/[a-z]/i.test(m[1]!)) continue
    add({ kind: 'endpoint', text: m[1]!, offset: m.index }, m.index, m.index + m[0].length)
  }
  for (const m of text.matchAll(OPTION)) {
    if (overlaps(m.index, m.index + m[0].length)) continue
    if (!m[1]!.startsWith('--') && m[1]!.length > 3) continue
    add({ kind: 'option', text: m[1]!, offset: m.index }, m.index, m.index + m[0].length)
  }
  for (const anchor of anchorsOfProse(text, taken)) found.push(anchor)
  return dedupe(found).sort((a, b) => a.offset - b.offset)
}

/** Anchors inside a backtick span: the whole span is code. */
function anchorsOfCode(code: string, offset: number): Anchor[] {
  const out: Anchor[] = []
  if (/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\//.test(code)) {
    const [method, path] = code.split(/\s+/, 2)
    return [{ kind: 'endpoint', text: path!, method, offset }]
  }
  if (/^\/[\w\-/:{}*.<>]*$/.test(code) && code.length > 1) return [{ kind: 'endpoint', text: code, offset }]
  if (/^--?[a-zA-Z][\w-]*$/.test(code)) return [{ kind: 'option', text: code, offset }]
  if (new RegExp(`^[\\w./@-]+\\.(${CODE_EXTENSIONS})$`).test(code) && !PRODUCT.test(code)) {
    return [{ kind: 'path', text: code, name: stemOfPath(code), offset }]
  }
  if (/^@[\w.-]+\/[\w.-]+$/.test(code)) return [{ kind: 'module', text: code, name: code.split('/').pop(), offset }]
  for (const m of code.matchAll(TOKEN)) {
    const token = m[1]!
    if (token.length < 2 && !/[A-Z_]/.test(token)) continue
    const qualified = /\.|::/.test(token)
    out.push({ kind: qualified ? 'qualified' : 'identifier', text: token.replace(/^#/, '#'), name: lastSegment(token).replace(/^#/, ''), offset: offset + m.index })
  }
  return out
}

const SENTENCE_START = /(^|[.!?:;]\s+|\n\s*)$/

/** Anchors in plain prose: code-shaped tokens, calls, qualified names, and capitalised words mid-sentence. */
function anchorsOfProse(text: string, taken: readonly Span[]): Anchor[] {
  const out: Anchor[] = []
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index
    const token = m[1]!
    const end = start + token.length
    if (taken.some((s) => start < s.end && end > s.start)) continue
    const called = m[2] !== undefined
    if (token.length < 2) continue
    if (/\.|::/.test(token)) {
      // `e.g`, `i.e` and product names (`Node.js`) are prose.
      if (token.split(/\.|::/).every((part) => part.length < 2) || PRODUCT.test(token)) continue
      out.push({ kind: 'qualified', text: token, name: lastSegment(token).replace(/^#/, ''), offset: start })
      continue
    }
    if (isIdentifierLike(token) || (called && token.length > 1)) {
      out.push({ kind: 'identifier', text: token, name: token.replace(/^#/, ''), offset: start })
      continue
    }
    if ((/^[A-Z][a-z]{2,}$/.test(token) && !SENTENCE_START.test(text.slice(Math.max(0, start - 3), start))) || /^[A-Z][A-Z0-9]{3,}$/.test(token)) {
      out.push({ kind: 'proper', text: token, name: token, offset: start })
    }
  }
  return out
}

function dedupe(anchors: readonly Anchor[]): Anchor[] {
  const seen = new Set<string>()
  const out: Anchor[] = []
  for (const anchor of anchors) {
    const key = `${anchor.kind}\u0000${anchor.text}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(anchor)
  }
  return out
}
