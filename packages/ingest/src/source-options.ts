import { realpath, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { InvalidArgumentError } from '@rag/core'
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
