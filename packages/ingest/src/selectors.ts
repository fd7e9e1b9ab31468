import { ConfigError } from '@rag/core'
import ignore, { type Ignore } from 'ignore'

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
  /** `true` when no `include` is set or `path` (a file) matches one. */
  included(path: string): boolean
  /** A stable description of the selectors, recorded in fingerprints. */
  readonly key: string
}

function compile(kind: string, patterns: readonly string[], ignoreCase: boolean): Ignore | undefined {
  if (patterns.length === 0) return undefined
  patterns.forEach((pattern, i) => {
    if (typeof pattern !== 'string' || pattern.trim() === '' || pattern.includes('!')) {
      throw new ConfigError(
        `${kind}[${i}] must be a non-empty glob without "!"; received ${JSON.stringify(pattern)}.`,
      )
    }
  })
  return ignore({ ignorecase: ignoreCase }).add(patterns.map((pattern) => ({ pattern })))
}

/**
 * Compiles `include` and `exclude`.
 *
 * @throws ConfigError for an empty pattern or one containing `!`.
 */
export function compileSelectors(options: SelectorOptions, ignoreCase: boolean): Selectors {
  const { include = [], exclude = [] } = options
  const inc = compile('include', include, ignoreCase)
  const exc = compile('exclude', exclude, ignoreCase)
  return {
    excluded(path, isDirectory) {
      if (!exc) return undefined
      const result = exc.test(isDirectory ? `${path}/` : path)
      return result.ignored ? result.rule?.pattern ?? '' : undefined
    },
    included(path) {
      return inc ? inc.ignores(path) : true
    },
    key: JSON.stringify({ include, exclude, ignoreCase }),
  }
}
