import type { IgnoreFile } from './ignore-file.js'

/** The rule that decided a path: which file, which line, which pattern. */
export interface IgnoreMatch {
  /** The ignore file, relative to the root (`.git/info/exclude` for the repository's own list). */
  readonly file: string
  /** 1-based line number in that file. */
  readonly line: number
  /** The pattern as git keeps it (trailing spaces trimmed), with its `!` if it has one. */
  readonly pattern: string
}

/** What the ignore files say about one path. */
export interface IgnoreVerdict extends IgnoreMatch {
  /** `true`: ignored. `false`: a `!` rule re-included it. */
  readonly ignored: boolean
}

/**
 * The ignore files that apply in one directory, innermost first: its own, then every ancestor's
 * up to the root, then `.git/info/exclude`. Immutable; {@link IgnoreStack.push} returns the stack
 * of a subdirectory.
 */
export class IgnoreStack {
  /** Innermost first. */
  readonly #files: readonly IgnoreFile[]

  constructor(files: readonly IgnoreFile[] = []) {
    this.#files = files
  }

  /** The stack for a directory that holds `files`, in reading order (a later file takes precedence). */
  push(files: readonly IgnoreFile[]): IgnoreStack {
    return files.length === 0 ? this : new IgnoreStack([...[...files].reverse(), ...this.#files])
  }

  /**
   * git's verdict for an entry whose parent directories are not ignored (git never looks inside
   * an ignored directory): the innermost file with a matching rule decides, and within it the
   * last matching rule. `undefined` when no rule matches. This is the rule `git check-ignore -v`
   * reports.
   *
   * @param path Relative to the root, `/`-separated, no trailing slash.
   */
  verdict(path: string, isDirectory: boolean): IgnoreVerdict | undefined {
    for (const file of this.#files) {
      const rule = file.lastMatch(path, isDirectory)
      if (rule) return { ignored: !rule.negative, file: file.path, line: rule.line, pattern: rule.text }
    }
    return undefined
  }

  /** The rule that ignores `path`, or `undefined` when it is not ignored (see {@link verdict}). */
  match(path: string, isDirectory: boolean): IgnoreMatch | undefined {
    const verdict = this.verdict(path, isDirectory)
    return verdict?.ignored ? { file: verdict.file, line: verdict.line, pattern: verdict.pattern } : undefined
  }
}
