import { ConfigError } from '@rag/core'
import { compileIgnoreFile, type IgnoreFile } from './ignore/ignore-file.js'

/** The caller's `include` / `exclude` globs for one source (seed 000: `KnowledgeSourceConfig`). */
export interface SelectorOptions {
  /**
   * Only files matching at least one of these globs are admitted (gitignore syntax, relative to
   * the root: `*.ts` at any depth, `src/**` anchored, `docs/` a directory tree). Applies to files;
   * directories are still walked. Runs before the format check.
   * @default [] (every file)
   */
  readonly include?: readonly string[]
  /**
   * Files and directories matching any of these globs are skipped (gitignore syntax, relative to
   * the root); an excluded directory is not walked. Runs before the format check.
   * @default []
   */
  readonly exclude?: readonly string[]
}

/** Compiled `include` / `exclude` tests. */
export interface Selectors {
  /** The `exclude` pattern matching `path`, or `undefined`. */
  excluded(path: string, isDirectory: boolean): string | undefined
  /** `true` when no `include` is set or `path` (a file) or one of its directories matches one. */
  included(path: string): boolean
  /** A stable description of the selectors, recorded in fingerprints. */
  readonly key: string
}

const UNBOUNDED = { maxIgnoreFileBytes: Number.MAX_SAFE_INTEGER, maxIgnoreSelectors: Number.MAX_SAFE_INTEGER }

function compile(kind: string, patterns: readonly string[], ignoreCase: boolean): IgnoreFile | undefined {
  if (patterns.length === 0) return undefined
  patterns.forEach((pattern, i) => {
    if (typeof pattern !== 'string' || pattern.trim() === '' || pattern.includes('!') || /[\r\n]/.test(pattern)) {
      throw new ConfigError(
        `${kind}[${i}] must be a non-empty one-line glob without "!"; received ${JSON.stringify(pattern)}.`,
      )
    }
  })
  // The same matcher as ignore files: one rule per glob, anchored at the root.
  const text = new TextEncoder().encode(patterns.join('\n'))
  return compileIgnoreFile(kind, '', text, UNBOUNDED, { ignoreCase, negation: 'git' })
}

/**
 * Compiles `include` and `exclude` with git's gitignore matching.
 *
 * @throws ConfigError for an empty pattern or one containing `!` or a line break.
 */
export function compileSelectors(options: SelectorOptions, ignoreCase: boolean): Selectors {
  const { include = [], exclude = [] } = options
  const inc = compile('include', include, ignoreCase)
  const exc = compile('exclude', exclude, ignoreCase)
  return {
    excluded(path, isDirectory) {
      return exc?.lastMatch(path, isDirectory)?.text
    },
    included(path) {
      if (!inc) return true
      if (inc.lastMatch(path, false)) return true
      for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
        if (inc.lastMatch(path.slice(0, slash), true)) return true
      }
      return false
    },
    key: JSON.stringify({ include, exclude, ignoreCase }),
  }
}
