import { isAbsolute } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError, type Chunker } from '@rag/core'

/**
 * A serialisable description of a chunker, so each worker thread can build its own: a module, a
 * factory exported by it, and structured-cloneable options. A `Chunker` instance cannot cross a
 * thread boundary; pass one to chunk on the calling thread instead.
 *
 * @example
 * const spec: ChunkerSpec = { module: '@rag/chunker', factory: 'createNormalizedDocumentChunker', options: { maxChars: 1500 } }
 */
export interface ChunkerSpec {
  /**
   * What the worker imports: a package name resolvable from `@rag/ingest`, an absolute path or
   * a `file:` URL.
   */
  readonly module: string
  /** Name of the exported factory, called as `factory(options)`; it may return a Promise. */
  readonly factory: string
  /** Passed to the factory; must survive `structuredClone`. */
  readonly options?: unknown
}

/** The default chunker: `@rag/chunker`'s `createNormalizedDocumentChunker()` with its defaults. */
export const DEFAULT_CHUNKER_SPEC: ChunkerSpec = Object.freeze({
  module: '@rag/chunker',
  factory: 'createNormalizedDocumentChunker',
})

/**
 * The default chunker with code layer extraction: `@rag/chunker`'s `createLayeredChunker()`, the
 * same chunks plus each code file's symbols, dependency edges and entrypoints, from the same parse.
 */
export const LAYERED_CHUNKER_SPEC: ChunkerSpec = Object.freeze({
  module: '@rag/chunker',
  factory: 'createLayeredChunker',
})

/** `true` when `value` is a {@link ChunkerSpec} rather than a `Chunker` instance. */
export function isChunkerSpec(value: Chunker | ChunkerSpec): value is ChunkerSpec {
  return typeof (value as ChunkerSpec).module === 'string' && typeof (value as ChunkerSpec).factory === 'string'
}

/**
 * Checks that a spec's options can be sent to a worker.
 *
 * @throws ConfigError when they cannot be cloned.
 */
export function assertCloneable(spec: ChunkerSpec): void {
  try {
    structuredClone(spec.options)
  } catch (error) {
    throw new ConfigError(`chunker options of ${spec.module}#${spec.factory} must survive structuredClone; they do not.`, { cause: error })
  }
}

/**
 * Imports the spec's module and builds the chunker.
 *
 * @throws ConfigError when the module cannot be imported, the factory is missing, or it does not
 *   return a `Chunker` (an object with a string `id` and a `chunk` function).
 */
export async function loadChunker(spec: ChunkerSpec): Promise<Chunker> {
  const specifier = isAbsolute(spec.module) ? pathToFileURL(spec.module).href : spec.module
  let mod: Record<string, unknown>
  try {
    mod = (await import(specifier)) as Record<string, unknown>
  } catch (error) {
    throw new ConfigError(`chunker module ${JSON.stringify(spec.module)} cannot be imported: ${(error as Error).message}`, { cause: error })
  }
  const factory = mod[spec.factory]
  if (typeof factory !== 'function') {
    throw new ConfigError(`chunker module ${JSON.stringify(spec.module)} must export a function ${spec.factory}; received ${typeof factory}.`)
  }
  const chunker = (await factory(spec.options)) as Chunker
  if (typeof chunker?.id !== 'string' || typeof chunker.chunk !== 'function') {
    throw new ConfigError(`${spec.module}#${spec.factory} must return a Chunker (a string id and a chunk function); it did not.`)
  }
  return chunker
}
