import { fromByteString, isGlobSpecial, wildmatch, type WildmatchFlags } from './wildmatch.js'

/**
 * One rule of an ignore file, parsed the way git's `dir.c` parses it (`add_patterns_from_buffer`,
 * `trim_trailing_spaces`, `parse_path_pattern`). Byte strings throughout (see `toByteString`).
 */
export interface IgnorePattern {
  /** 1-based line in its file. */
  readonly line: number
  /** The rule as git keeps it (trailing spaces trimmed), for reports: `!keep.txt`, `build/`. */
  readonly text: string
  /** The glob without `!` and trailing `/`, as bytes. */
  readonly glob: string
  /** Starts with `!`: a match re-includes. */
  readonly negative: boolean
  /** Ends with `/`: matches directories only. */
  readonly mustBeDir: boolean
  /** No `/` in the glob (besides a trailing one): matched against the base name at any depth. */
  readonly noDir: boolean
  /** Length of the leading part without glob characters (git's `nowildcardlen`). */
  readonly literalLength: number
  /** `*literal` with no other wildcard: a suffix test (git's `PATTERN_FLAG_ENDSWITH`). */
  readonly endsWith: boolean
  /** Wildcard runs (`*`, `**`): bounds the matcher's recursion. */
  readonly stars: number
}

/** The position of the first glob character in `s` (git's `simple_length`), or its length. */
function simpleLength(s: string): number {
  for (let i = 0; i < s.length; i++) if (isGlobSpecial(s.charCodeAt(i))) return i
  return s.length
}

/** git's `trim_trailing_spaces`: unescaped trailing spaces (not tabs) go; a lone trailing `\` stays. */
function trimTrailingSpaces(s: string): string {
  let lastSpace = -1
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x20) {
      if (lastSpace < 0) lastSpace = i
    } else if (c === 0x5c) {
      i++
      if (i >= s.length) return s
      lastSpace = -1
    } else {
      lastSpace = -1
    }
  }
  return lastSpace < 0 ? s : s.slice(0, lastSpace)
}

function countStars(glob: string): number {
  let runs = 0
  for (let i = 0; i < glob.length; i++) {
    if (glob.charCodeAt(i) === 0x5c) i++
    else if (glob.charCodeAt(i) === 0x2a && glob.charCodeAt(i - 1) !== 0x2a) runs++
  }
  return runs
}

/** git's `parse_path_pattern` for one trimmed line. */
export function parsePattern(line: string, lineNumber: number): IgnorePattern {
  let p = line
  const negative = p.charCodeAt(0) === 0x21
  if (negative) p = p.slice(1)
  let length = p.length
  const mustBeDir = length > 0 && p.charCodeAt(length - 1) === 0x2f
  if (mustBeDir) length--
  const glob = p.slice(0, length)
  const noDir = !glob.includes('/')
  const literalLength = Math.min(simpleLength(p), length)
  const endsWith = glob.charCodeAt(0) === 0x2a && simpleLength(glob.slice(1)) === glob.length - 1
  return { line: lineNumber, text: fromByteString(line), glob, negative, mustBeDir, noDir, literalLength, endsWith, stars: countStars(glob) }
}

/**
 * The rules of one ignore file, as git's `add_patterns_from_buffer` reads it. `bytes` is the file
 * as a byte string. A UTF-8 BOM is skipped; lines end at LF, and a CR before the LF goes; a line
 * that is empty or starts with `#` is skipped (a line of spaces, or a lone CR, is kept and becomes
 * a pattern that never matches, as in git); unescaped trailing spaces are trimmed; a NUL ends the
 * line, as it ends a C string.
 */
export function parseIgnoreText(bytes: string): IgnorePattern[] {
  let text = bytes.startsWith('\xef\xbb\xbf') ? bytes.slice(3) : bytes
  if (!text.endsWith('\n')) text += '\n'
  const patterns: IgnorePattern[] = []
  let start = 0
  let lineNumber = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1), lineNumber++) {
    const entry = start
    start = i + 1
    if (entry === i || text.charCodeAt(entry) === 0x23) continue
    let line = text.slice(entry, i > entry && text.charCodeAt(i - 1) === 0x0d ? i - 1 : i)
    const nul = line.indexOf('\0')
    if (nul >= 0) line = line.slice(0, nul)
    patterns.push(parsePattern(trimTrailingSpaces(line), lineNumber))
  }
  return patterns
}

/** ASCII-only lower case, like git's `strncasecmp` under `core.ignorecase`. */
export function asciiLower(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s
}

function sameBytes(a: string, b: string, casefold: boolean): boolean {
  return casefold ? asciiLower(a) === asciiLower(b) : a === b
}

/** git's `match_basename`. */
function matchBasename(basename: string, pattern: IgnorePattern, flags: WildmatchFlags): boolean {
  const { glob, literalLength } = pattern
  if (literalLength === glob.length) return sameBytes(glob, basename, flags.casefold)
  if (pattern.endsWith) {
    return glob.length - 1 <= basename.length && sameBytes(glob.slice(1), basename.slice(basename.length - (glob.length - 1)), flags.casefold)
  }
  return wildmatch(glob, basename, { pathname: false, casefold: flags.casefold })
}

/**
 * git's `match_pathname`: `path` is relative to the ignore file's directory (the base is already
 * removed), and the literal prefix is compared before the rest goes to wildmatch. Comparing the
 * prefix first is why git lets the rule `a**` + `/b` match `ab`: what is left after `a` starts
 * with a globstar followed by a slash, which may match no directory at all.
 */
function matchPathname(path: string, pattern: IgnorePattern, flags: WildmatchFlags): boolean {
  let glob = pattern.glob
  let prefix = pattern.literalLength
  if (glob.charCodeAt(0) === 0x2f) {
    glob = glob.slice(1)
    prefix--
  }
  let name = path
  if (prefix > 0) {
    if (prefix > name.length) return false
    if (!sameBytes(glob.slice(0, prefix), name.slice(0, prefix), flags.casefold)) return false
    glob = glob.slice(prefix)
    name = name.slice(prefix)
    if (glob.length === 0 && name.length === 0) return true
  }
  return wildmatch(glob, name, flags)
}

/**
 * `true` when `pattern` matches an entry. `path` is relative to the pattern's file directory,
 * `basename` its last component (both byte strings); directories are passed without a trailing
 * slash and `isDirectory` set.
 */
export function patternMatches(pattern: IgnorePattern, path: string, basename: string, isDirectory: boolean, casefold: boolean): boolean {
  if (pattern.mustBeDir && !isDirectory) return false
  const flags: WildmatchFlags = { pathname: true, casefold }
  return pattern.noDir ? matchBasename(basename, pattern, flags) : matchPathname(path, pattern, flags)
}
