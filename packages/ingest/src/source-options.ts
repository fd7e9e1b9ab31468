import { realpath, stat } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import { InvalidArgumentError, PathNotAllowedError } from '@rag/core'
import { createNameSkipper, type NameSkipOptions, type NameSkipper } from './default-skips.js'
import type { DocumentFormat } from './format-detection.js'
import { compileSelectors, type SelectorOptions, type Selectors } from './selectors.js'

/**
 * What to take from a directory (seed 000: `KnowledgeSourceConfig`): selectors, skips and the
 * format. Ignore files and default skips always apply unless turned off here.
 *
 * @example
 * const source: SourceOptions = { include: ['src/**', '*.md'], exclude: ['**\/*.test.ts'], extraSkipNames: ['fixtures'] }
 */
export interface SourceOptions extends SelectorOptions, NameSkipOptions {
  /**
   * Force one format for every file, or detect it per file.
   * @default 'AUTO'
   */
  readonly format?: DocumentFormat
}

/** Source options compiled once per run. */
export interface CompiledSource {
  readonly skipNames: NameSkipper
  readonly selectors: Selectors
  readonly format: DocumentFormat
}

/** The platform default for matching ignore rules and globs: case-insensitive on macOS and Windows, like git. */
export function defaultIgnoreCase(): boolean {
  return process.platform === 'darwin' || process.platform === 'win32'
}

/**
 * Compiles source options.
 *
 * @throws ConfigError for a malformed `include` / `exclude` glob.
 */
export function compileSource(source: SourceOptions, ignoreCase: boolean): CompiledSource {
  const selectors = compileSelectors(source, ignoreCase)
  const skipNames = createNameSkipper(source)
  const extra = [...(source.extraSkipNames ?? [])].map((n) => n.toLowerCase()).sort()
  return {
    skipNames,
    format: source.format ?? 'AUTO',
    // Selectors in the fingerprint: include/exclude, the skip switches and the extra names.
    selectors: { ...selectors, key: JSON.stringify([selectors.key, source.defaultSkips ?? true, extra]) },
  }
}

/** Whether `path` is `root` or lies under it (both absolute, symlink-free). */
function isUnder(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep)
}

/**
 * Checks that a root resolved (`real`, as {@link resolveRoot} gave it) lies in one of the real
 * directories `within`.
 *
 * @throws PathNotAllowedError otherwise.
 */
export function assertWithin(root: string, real: string, within: readonly string[]): void {
  if (!within.some((dir) => isUnder(dir, real))) {
    throw new PathNotAllowedError(root, `root ${JSON.stringify(root)} resolves to ${JSON.stringify(real)}, outside the directories this run may read (${within.join(', ')}); nothing was indexed.`)
  }
}

/**
 * Checks that a root still resolves to `real`, the directory the run resolved and checked when it
 * started (not a symbolic link swapped in for it, or for a directory above it, since).
 *
 * @throws PathNotAllowedError otherwise.
 */
export async function assertRootUnchanged(root: string, real: string): Promise<void> {
  let now: string | undefined
  try {
    now = await realpath(resolve(root))
  } catch {
    now = undefined
  }
  if (now !== real) {
    throw new PathNotAllowedError(root, `root ${JSON.stringify(root)} changed while it was indexed (it resolved to ${JSON.stringify(real)}, now ${now === undefined ? 'to nothing' : JSON.stringify(now)}); nothing was committed.`)
  }
}

/**
 * Resolves the root to an absolute, symlink-free directory path. The root itself may be a
 * symbolic link (the caller named it); nothing below it is followed.
 *
 * @throws InvalidArgumentError when it does not exist or is not a directory.
 */
export async function resolveRoot(root: string): Promise<string> {
  if (typeof root !== 'string' || root === '') {
    throw new InvalidArgumentError(`root must be a non-empty path; received ${JSON.stringify(root)}.`)
  }
  let real: string
  try {
    real = await realpath(resolve(root))
  } catch (error) {
    throw new InvalidArgumentError(`root ${root} must be an existing directory; it cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, { cause: error })
  }
  if (!(await stat(real)).isDirectory()) {
    throw new InvalidArgumentError(`root ${root} must be a directory; received a file.`)
  }
  return real
}
