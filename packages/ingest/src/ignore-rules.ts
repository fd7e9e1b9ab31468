import { ConfigError } from '@rag/core'
import ignore, { type Ignore } from 'ignore'
import { limitError, type Limits } from './limits.js'

/** The ignore file names read in every directory, in this order. */
export const IGNORE_FILE_NAMES: readonly string[] = Object.freeze(['.gitignore', '.tnsignore'])

/** One compiled ignore file: its rules apply only under its own directory. */
export interface IgnoreFile {
  /** Directory holding the file, relative to the root (`''` for the root). */
  readonly dir: string
  /** The file's path relative to the root, e.g. `src/.gitignore`. */
  readonly path: string
  /** Number of compiled selectors (rules that are not blank or comments). */
  readonly selectors: number
  /** Tests a path relative to {@link IgnoreFile.dir}; a directory gets a trailing `/`. */
  readonly matcher: Ignore
}

/** The rule that ignored a path: which file, which line, which pattern. */
export interface IgnoreMatch {
  /** The ignore file, relative to the root. */
  readonly file: string
  /** 1-based line number in that file. */
  readonly line: number
  /** The pattern as written. */
  readonly pattern: string
}

/** `.gitignore line 3 in src/`, or `.gitignore line 3` at the root (STYLE.md's error format). */
function lineLabel(path: string, line: number): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? `${path} line ${line}` : `${path.slice(slash + 1)} line ${line} in ${path.slice(0, slash)}/`
}

/**
 * Compiles one ignore file with SPEC §4 semantics: gitignore syntax (leading `/` anchors to the
 * file's directory, trailing `/` matches directories only, an unanchored name matches at any
 * depth below, `#` starts a comment, trailing spaces are trimmed). Differences from git, on
 * purpose: any `!` in a rule (negation, a `[!...]` class, or a literal `!`) is a configuration
 * error, and the file is bounded in bytes and selectors.
 *
 * @param path The file's path relative to the root, `/`-separated.
 * @param bytes The raw file content (at most `limits.maxIgnoreFileBytes`, checked by the caller
 *   before reading, checked again here).
 * @throws ConfigError naming the file and line of a `!` rule.
 * @throws LimitExceededError when the file is too large or has too many selectors.
 */
export function compileIgnoreFile(
  path: string,
  bytes: Uint8Array,
  limits: Pick<Limits, 'maxIgnoreFileBytes' | 'maxIgnoreSelectors'>,
  ignoreCase: boolean,
): IgnoreFile {
  if (bytes.length > limits.maxIgnoreFileBytes) {
    throw limitError('maxIgnoreFileBytes', limits.maxIgnoreFileBytes, bytes.length, `Ignore file ${path} is too large`)
  }
  let text = new TextDecoder('utf-8').decode(bytes)
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  const lines = text.split('\n')
  const rules: { pattern: string; mark: string }[] = []
  lines.forEach((raw, index) => {
    const lineText = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (lineText.trim() === '' || lineText.startsWith('#')) return
    if (lineText.includes('!')) {
      throw new ConfigError(
        `${lineLabel(path, index + 1)}: ${JSON.stringify(lineText)}: "!" is not supported (negation, [!...] classes and literal "!" alike); rewrite the rule without it.`,
      )
    }
    rules.push({ pattern: lineText, mark: String(index + 1) })
  })
  if (rules.length > limits.maxIgnoreSelectors) {
    throw limitError('maxIgnoreSelectors', limits.maxIgnoreSelectors, rules.length, `Ignore file ${path} has too many selectors`)
  }
  const slash = path.lastIndexOf('/')
  return {
    dir: slash < 0 ? '' : path.slice(0, slash),
    path,
    selectors: rules.length,
    matcher: ignore({ ignorecase: ignoreCase }).add(rules),
  }
}

/**
 * The ignore files that apply in one directory: its own plus every ancestor's, innermost first.
 * Immutable; {@link IgnoreStack.push} returns a new stack for a subdirectory.
 */
export class IgnoreStack {
  /** Innermost first. */
  readonly #files: readonly IgnoreFile[]

  constructor(files: readonly IgnoreFile[] = []) {
    this.#files = files
  }

  /** The stack for a subdirectory that holds `files` (innermost of them last). */
  push(files: readonly IgnoreFile[]): IgnoreStack {
    return files.length === 0 ? this : new IgnoreStack([...[...files].reverse(), ...this.#files])
  }

  /**
   * The rule that ignores `path` (relative to the root), or `undefined`. Each file tests the path
   * relative to its own directory, so its rules apply only under that directory; with no
   * negation, the first match decides. Innermost files are tested first, so the report names
   * the rule git's `check-ignore -v` would usually show.
   */
  match(path: string, isDirectory: boolean): IgnoreMatch | undefined {
    for (const file of this.#files) {
      const rel = file.dir === '' ? path : path.slice(file.dir.length + 1)
      const result = file.matcher.test(isDirectory ? `${rel}/` : rel)
      if (result.ignored && result.rule) {
        return { file: file.path, line: Number(result.rule.mark), pattern: result.rule.pattern }
      }
    }
    return undefined
  }
}
