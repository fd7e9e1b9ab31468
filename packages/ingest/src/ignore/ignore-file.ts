import { ConfigError } from '@rag/core'
import { limitError, type Limits } from '../limits.js'
import { asciiLower, parseIgnoreText, patternMatches, type IgnorePattern } from './ignore-pattern.js'
import { toByteString } from './wildmatch.js'

/**
 * What a `!` in an ignore file means. `git`: git's semantics (negation re-includes, `[!...]` is a
 * negated class, `\!` a literal). `reject`: the seeds' rule, any `!` in a rule is a
 * `ConfigError` naming file and line.
 */
export type NegationMode = 'git' | 'reject'

/** How ignore files are compiled. */
export interface IgnoreCompileOptions {
  /** Match case-insensitively (ASCII only, like git's `core.ignorecase`). */
  readonly ignoreCase: boolean
  /** See {@link NegationMode}. */
  readonly negation: NegationMode
}

/** A rule that is read but not applied, with why (none of git's rules; only pathological ones). */
export interface IgnoreRuleWarning {
  /** The ignore file, relative to the root. */
  readonly file: string
  /** 1-based line. */
  readonly line: number
  /** One sentence. */
  readonly message: string
}

/**
 * Wildcard runs allowed in one rule. The matcher recurses once per run, as git's does; a rule
 * with more would exhaust the stack (git's own C stack gives out at a few tens of thousands),
 * so it is skipped with a warning instead of failing the run.
 */
export const MAX_WILDCARDS_PER_RULE = 1_000

/** One compiled ignore file: its rules apply only under its own directory. */
export interface IgnoreFile {
  /** Directory holding the file, relative to the root (`''` for the root), `/`-separated. */
  readonly dir: string
  /** The file's path relative to the root, e.g. `src/.gitignore` (or `.git/info/exclude`). */
  readonly path: string
  /** Rules (lines that are neither blank nor comments, nor empty after trimming). */
  readonly selectors: number
  /** Rules read but not applied (see {@link MAX_WILDCARDS_PER_RULE}). */
  readonly warnings: readonly IgnoreRuleWarning[]
  /**
   * The last rule of this file that matches `path` (relative to the root, `/`-separated; a
   * directory without a trailing slash), or `undefined`. Last match wins within a file, as in git.
   */
  lastMatch(path: string, isDirectory: boolean): IgnorePattern | undefined
}

/** `.gitignore line 3 in src/`, or `.gitignore line 3` at the root (STYLE.md's error format). */
function lineLabel(path: string, line: number): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? `${path} line ${line}` : `${path.slice(slash + 1)} line ${line} in ${path.slice(0, slash)}/`
}

/** The seeds' rule: any `!` in a line that is not blank or a comment is a configuration error. */
function rejectBang(path: string, text: string): void {
  const lines = text.split('\n')
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (line.trim() === '' || line.startsWith('#') || !line.includes('!')) return
    throw new ConfigError(
      `${lineLabel(path, index + 1)}: ${JSON.stringify(line)}: "!" is rejected because ignore.negation is "reject" (negation, [!...] classes and literal "!" alike); remove it or set ignore.negation to "git".`,
    )
  })
}

/**
 * The longest run of plain characters in `glob` before its first `[` (classes, escapes, `*`, `?`
 * and `/` end a run): any text the glob matches contains it, so a text without it is rejected
 * before wildmatch runs. `''` when there is none worth testing.
 */
export function requiredLiteral(glob: string): string {
  let best = ''
  let run = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '[') break
    if (c === '\\') {
      i++
      run = ''
    } else if (c === '*' || c === '?' || c === '/') {
      run = ''
    } else {
      run += c
      if (run.length > best.length) best = run
    }
  }
  return best.length >= 2 ? best : ''
}

function appendIndex(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key)
  if (list) list.push(index)
  else map.set(key, [index])
}

/**
 * Compiles one ignore file with git's semantics (see `parseIgnoreText` and `patternMatches`),
 * bounded in bytes and rules. Rules without wildcards are indexed by name, so a file with
 * thousands of literal rules costs a map lookup per entry, not a scan.
 *
 * @param path The file's path relative to the root, `/`-separated.
 * @param dir The directory its rules apply under (`''` for the root).
 * @param bytes The raw file content.
 * @throws ConfigError naming file and line of a `!` when `negation` is `reject`.
 * @throws LimitExceededError when the file has more bytes or rules than `limits` allow.
 */
export function compileIgnoreFile(
  path: string,
  dir: string,
  bytes: Uint8Array,
  limits: Pick<Limits, 'maxIgnoreFileBytes' | 'maxIgnoreSelectors'>,
  options: IgnoreCompileOptions,
): IgnoreFile {
  if (bytes.length > limits.maxIgnoreFileBytes) {
    throw limitError('maxIgnoreFileBytes', limits.maxIgnoreFileBytes, bytes.length, `Ignore file ${path} is too large`)
  }
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (options.negation === 'reject') rejectBang(path, raw.toString('utf8'))
  const parsed = parseIgnoreText(raw.toString('latin1')).filter((p) => p.glob !== '')
  if (parsed.length > limits.maxIgnoreSelectors) {
    throw limitError('maxIgnoreSelectors', limits.maxIgnoreSelectors, parsed.length, `Ignore file ${path} has too many rules`)
  }
  const warnings: IgnoreRuleWarning[] = []
  const patterns: IgnorePattern[] = []
  for (const pattern of parsed) {
    if (pattern.stars > MAX_WILDCARDS_PER_RULE) {
      warnings.push({
        file: path,
        line: pattern.line,
        message: `${lineLabel(path, pattern.line)}: the rule has ${pattern.stars} wildcards, more than ${MAX_WILDCARDS_PER_RULE} can be matched safely; it is not applied.`,
      })
      continue
    }
    patterns.push(pattern)
  }

  const casefold = options.ignoreCase
  const key = (s: string): string => (casefold ? asciiLower(s) : s)
  // Literal rules by the name they must equal; everything else is scanned, last rule first.
  const byBasename = new Map<string, number[]>()
  const byPath = new Map<string, number[]>()
  const scanned: number[] = []
  const needles: string[] = []
  patterns.forEach((pattern, index) => {
    const anchored = pattern.glob.charCodeAt(0) === 0x2f
    const literal = pattern.literalLength === pattern.glob.length
    if (literal && pattern.noDir) appendIndex(byBasename, key(pattern.glob), index)
    else if (literal) appendIndex(byPath, key(anchored ? pattern.glob.slice(1) : pattern.glob), index)
    else {
      scanned.push(index)
      needles[index] = key(requiredLiteral(pattern.glob))
    }
  })
  const dirBytes = toByteString(dir)

  const lastLiteral = (list: number[] | undefined, isDirectory: boolean): number => {
    if (list === undefined) return -1
    for (let k = list.length - 1; k >= 0; k--) {
      const index = list[k]!
      if (!patterns[index]!.mustBeDir || isDirectory) return index
    }
    return -1
  }

  return {
    dir,
    path,
    selectors: parsed.length,
    warnings,
    lastMatch(entryPath, isDirectory) {
      if (patterns.length === 0) return undefined
      const bytesPath = toByteString(entryPath)
      const relative = dirBytes === '' ? bytesPath : bytesPath.slice(dirBytes.length + 1)
      const basename = relative.slice(relative.lastIndexOf('/') + 1)
      const keyedBasename = key(basename)
      const keyedRelative = key(relative)
      let best = Math.max(lastLiteral(byBasename.get(keyedBasename), isDirectory), lastLiteral(byPath.get(keyedRelative), isDirectory))
      for (let k = scanned.length - 1; k >= 0 && scanned[k]! > best; k--) {
        const index = scanned[k]!
        const pattern = patterns[index]!
        const needle = needles[index]!
        if (needle !== '' && !(pattern.noDir ? keyedBasename : keyedRelative).includes(needle)) continue
        if (patternMatches(pattern, relative, basename, isDirectory, casefold)) {
          best = index
          break
        }
      }
      return best < 0 ? undefined : patterns[best]
    },
  }
}
