/**
 * git's `wildmatch()` (wildmatch.c, git 2.39), ported line by line so that every pattern matches
 * exactly what git matches. Both arguments are byte strings: one UTF-16 code unit per byte of the
 * UTF-8 encoding (see {@link toByteString}), because git matches bytes (`?` matches one byte of
 * `é`, not the character). Only the `WM_PATHNAME` mode is used by ignore files.
 */

/** `dowild` results, as in git. */
const MATCH = 0
const NOMATCH = 1
const ABORT_ALL = -1
const ABORT_TO_STARSTAR = -2

const SLASH = 0x2f
const BACKSLASH = 0x5c
const STAR = 0x2a
const QUESTION = 0x3f
const OPEN = 0x5b
const CLOSE = 0x5d
const BANG = 0x21
const CARET = 0x5e
const DASH = 0x2d
const COLON = 0x3a

/** Flags of {@link wildmatch}. */
export interface WildmatchFlags {
  /** `WM_PATHNAME`: `*` and `?` never match `/`; `**` between slashes matches any directories. */
  readonly pathname: boolean
  /** `WM_CASEFOLD`: ASCII letters match either case (git's `core.ignorecase`). */
  readonly casefold: boolean
}

// git's sane_ctype classes: ASCII only, independent of the locale.
const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a
const isLower = (c: number): boolean => c >= 0x61 && c <= 0x7a
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39
const isAlpha = (c: number): boolean => isUpper(c) || isLower(c)
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
const isPrint = (c: number): boolean => c >= 0x20 && c <= 0x7e
const isCntrl = (c: number): boolean => c < 0x20 || c === 0x7f
const isPunct = (c: number): boolean => isPrint(c) && c !== 0x20 && !isAlpha(c) && !isDigit(c)
const isXdigit = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
const toLower = (c: number): number => (isUpper(c) ? c + 0x20 : c)
const toUpper = (c: number): number => (isLower(c) ? c - 0x20 : c)

/** `*`, `?`, `[` and `\`: git's `is_glob_special`. */
export function isGlobSpecial(c: number): boolean {
  return c === STAR || c === QUESTION || c === OPEN || c === BACKSLASH
}

type ClassTest = (c: number, casefold: boolean) => boolean

const CLASSES = new Map<string, ClassTest>([
  ['alnum', (c) => isAlpha(c) || isDigit(c)],
  ['alpha', isAlpha],
  ['blank', (c) => c === 0x20 || c === 0x09],
  ['cntrl', isCntrl],
  ['digit', isDigit],
  ['graph', (c) => c > 0x20 && c <= 0x7e],
  ['lower', isLower],
  ['print', isPrint],
  ['punct', isPunct],
  ['space', isSpace],
  ['upper', (c, casefold) => isUpper(c) || (casefold && isLower(c))],
  ['xdigit', isXdigit],
])

/** Reads byte `i` of `s`, 0 past the end (C's terminating NUL). */
function at(s: string, i: number): number {
  return i < s.length ? s.charCodeAt(i) : 0
}

function dowild(pattern: string, pStart: number, text: string, tStart: number, flags: WildmatchFlags): number {
  let p = pStart
  let t = tStart
  const { pathname, casefold } = flags
  for (; p < pattern.length; t++, p++) {
    let pCh = pattern.charCodeAt(p)
    let tCh = at(text, t)
    if (tCh === 0 && pCh !== STAR) return ABORT_ALL
    if (casefold && isUpper(tCh)) tCh = toLower(tCh)
    if (casefold && isUpper(pCh)) pCh = toLower(pCh)
    switch (pCh) {
      case BACKSLASH:
        // A literal match with the next character; a trailing backslash matches nothing.
        // Not case-folded: git compares the escaped character as written.
        pCh = at(pattern, ++p)
        if (tCh !== pCh) return NOMATCH
        continue
      case QUESTION:
        if (pathname && tCh === SLASH) return NOMATCH
        continue
      case STAR: {
        let matchSlash: boolean
        if (at(pattern, ++p) === STAR) {
          const prevP = p - 2
          while (at(pattern, ++p) === STAR) {
            // skip the rest of the run
          }
          const next = at(pattern, p)
          if ((prevP < pStart || pattern.charCodeAt(prevP) === SLASH) &&
            (p >= pattern.length || next === SLASH || (next === BACKSLASH && at(pattern, p + 1) === SLASH))) {
            // "**/" may match no directory at all: try the rest of the pattern here first.
            if (next === SLASH && p < pattern.length && dowild(pattern, p + 1, text, t, flags) === MATCH) return MATCH
            matchSlash = true
          } else {
            matchSlash = false
          }
        } else {
          matchSlash = !pathname
        }
        if (p >= pattern.length) {
          // A trailing "**" matches everything; a trailing "*" only what has no more slashes.
          if (!matchSlash && text.indexOf('/', t) >= 0) return NOMATCH
          return MATCH
        } else if (!matchSlash && pattern.charCodeAt(p) === SLASH) {
          // One star followed by a slash matches up to the next slash.
          const slash = text.indexOf('/', t)
          if (slash < 0) return NOMATCH
          t = slash
          // The slash is consumed by the loop.
          break
        }
        for (;;) {
          if (tCh === 0) break
          // Advance faster when the star is followed by a literal.
          const nextP = pattern.charCodeAt(p)
          if (!isGlobSpecial(nextP)) {
            const want = casefold && isUpper(nextP) ? toLower(nextP) : nextP
            for (; t < text.length; t++) {
              tCh = text.charCodeAt(t)
              if (!matchSlash && tCh === SLASH) break
              if (casefold && isUpper(tCh)) tCh = toLower(tCh)
              if (tCh === want) break
            }
            if (t >= text.length) tCh = 0
            if (tCh !== want) return NOMATCH
          }
          const matched = dowild(pattern, p, text, t, flags)
          if (matched !== NOMATCH) {
            if (!matchSlash || matched !== ABORT_TO_STARSTAR) return matched
          } else if (!matchSlash && tCh === SLASH) {
            return ABORT_TO_STARSTAR
          }
          tCh = at(text, ++t)
        }
        return ABORT_ALL
      }
      case OPEN: {
        pCh = at(pattern, ++p)
        if (pCh === CARET) pCh = BANG
        const negated = pCh === BANG
        if (negated) pCh = at(pattern, ++p)
        let prevCh = 0
        let matched = false
        do {
          if (pCh === 0) return ABORT_ALL
          if (pCh === BACKSLASH) {
            pCh = at(pattern, ++p)
            if (pCh === 0) return ABORT_ALL
            if (tCh === pCh) matched = true
          } else if (pCh === DASH && prevCh !== 0 && at(pattern, p + 1) !== 0 && at(pattern, p + 1) !== CLOSE) {
            pCh = at(pattern, ++p)
            if (pCh === BACKSLASH) {
              pCh = at(pattern, ++p)
              if (pCh === 0) return ABORT_ALL
            }
            if (tCh <= pCh && tCh >= prevCh) matched = true
            else if (casefold && isLower(tCh)) {
              const upper = toUpper(tCh)
              if (upper <= pCh && upper >= prevCh) matched = true
            }
            pCh = 0 // so that prevCh becomes 0
          } else if (pCh === OPEN && at(pattern, p + 1) === COLON) {
            p += 2
            const s = p
            while ((pCh = at(pattern, p)) !== 0 && pCh !== CLOSE) p++
            if (pCh === 0) return ABORT_ALL
            const length = p - s - 1
            if (length < 0 || pattern.charCodeAt(p - 1) !== COLON) {
              // No ":]": treat the "[" as a normal member of the set.
              p = s - 2
              pCh = OPEN
              if (tCh === pCh) matched = true
              prevCh = pCh
              pCh = at(pattern, ++p)
              continue
            }
            const test = CLASSES.get(pattern.slice(s, s + length))
            if (test === undefined) return ABORT_ALL // a malformed [:class:]
            if (test(tCh, casefold)) matched = true
            pCh = 0
          } else if (tCh === pCh) {
            matched = true
          }
          prevCh = pCh
          pCh = at(pattern, ++p)
        } while (pCh !== CLOSE)
        if (matched === negated || (pathname && tCh === SLASH)) return NOMATCH
        continue
      }
      default:
        if (tCh !== pCh) return NOMATCH
        continue
    }
  }
  return t < text.length ? NOMATCH : MATCH
}

/**
 * `true` when `text` matches the glob `pattern` as git's `wildmatch(pattern, text, flags)` says.
 * Both are byte strings.
 */
export function wildmatch(pattern: string, text: string, flags: WildmatchFlags): boolean {
  return dowild(pattern, 0, text, 0, flags) === MATCH
}

/** `true` when every code unit is ASCII: then UTF-8 has exactly one byte per code unit. */
function isAscii(text: string): boolean {
  return Buffer.byteLength(text, 'utf8') === text.length
}

/**
 * A string as the bytes of its UTF-8 encoding, one code unit per byte (`'é'` becomes
 * `'\xc3\xa9'`). ASCII strings come back unchanged.
 */
export function toByteString(text: string): string {
  return isAscii(text) ? text : Buffer.from(text, 'utf8').toString('latin1')
}

/** The inverse of {@link toByteString}: UTF-8 bytes back to a string (invalid bytes become U+FFFD). */
export function fromByteString(bytes: string): string {
  return /[\u0080-\u00ff]/.test(bytes) ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes
}
