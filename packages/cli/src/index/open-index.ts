import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RagError } from '@rag/core'
import {
  analyzerByStoredName,
  indexedTextByStoredName,
  isVectorPersistence,
  openRag,
  resolveRetrieval,
  type AnalyzerName,
  type IndexedTextName,
  type Limits,
  type RagIngestOptions,
  type EmbedderSpec,
  type RagService,
  type RetrievalSettings,
  type WriteLockHolder,
} from '@rag/session'
import { configValue, type ResolvedConfig } from '../config/load-config.js'
import { embedderSpec } from '../config/embedder-config.js'
import type { IndexLocation } from './index-location.js'
import { describeTarget, openStore, storeTarget, type IndexStore, type StoreTarget } from './open-store.js'

/** An open index: the store (the SQLite file, or a project of a PostgreSQL database) and the session over it. */
export interface OpenIndex {
  readonly location: IndexLocation
  /** Where the index lives. */
  readonly target: StoreTarget
  readonly store: IndexStore
  readonly rag: RagService
  /** How the session ranks: the index's own analyzer and fields, the configured weights and cap. */
  readonly settings: RetrievalSettings
  /**
   * A key of the index's own code layers and embedder (what a session follows when the
   * configuration names neither), as the store holds them now. A long-lived command (`watch`,
   * `mcp`) compares it with the key after its last run: when another process has run `rag index
   * --embedder hash` or `--no-layers` since, it opens the index again (see
   * `FollowingIndex`) instead of undoing that choice.
   */
  storedChoices(): Promise<string>
  close(): Promise<void>
}

/** How a command uses the index. */
export interface OpenIndexOptions {
  /**
   * `create`: create the index if missing, and insist on the configured analyzer and fields
   * (`index`, `watch`). `write`: create if missing, else use the index's own (`docs add`).
   * `read`: the index must exist; its own analyzer and fields are used.
   */
  readonly mode: 'create' | 'write' | 'read'
  /** Where the session reports a stream it skipped. */
  readonly warn: (message: string) => void
  /** The command, as other writers see it while they wait for the index's write lock (`rag index`). */
  readonly writer?: string
  /** How this command's writes meet another writer: wait (the default) or fail with `LOCKED`. */
  readonly lockWait?: { readonly wait?: boolean; readonly onWait?: (holder: WriteLockHolder) => void }
  /** The environment the configuration was read from (the embedding API key's variable is read from it). @default process.env */
  readonly env?: NodeJS.ProcessEnv
}

const CHUNKER_KEYS = ['maxChars', 'minChars', 'overlapChars'] as const
const LIMIT_KEYS = ['maxFiles', 'maxEntries', 'maxDecodedBytes', 'maxDepth', 'maxFileBytes', 'maxIgnoreFileBytes', 'maxIgnoreSelectors'] as const

/** The session's ingest options from the configuration: limits, chunker options, workers, ignore rules and source. */
export function ingestOptions(config: ResolvedConfig): RagIngestOptions {
  const workers = configValue<number | undefined>(config, 'index.workers')
  const chunkerOptions: Record<string, number> = {}
  for (const key of CHUNKER_KEYS) {
    const value = configValue<number | undefined>(config, `chunker.${key}`)
    if (value !== undefined) chunkerOptions[key] = value
  }
  const limits: Partial<Record<keyof Limits, number>> = {}
  for (const key of LIMIT_KEYS) {
    const value = configValue<number | undefined>(config, `index.${key}`)
    if (value !== undefined) limits[key] = value
  }
  return {
    limits,
    ignore: { negation: configValue<'git' | 'reject'>(config, 'ignore.negation') },
    ...(Object.keys(chunkerOptions).length > 0 ? { chunkerOptions } : {}),
    ...(workers === undefined ? {} : { workers }),
    source: {
      include: configValue<string[]>(config, 'index.include'),
      exclude: configValue<string[]>(config, 'index.exclude'),
      extraSkipNames: configValue<string[]>(config, 'index.extraSkipNames'),
    },
  }
}

/** The ranking settings the configuration asks for (the `recommended` preset, overridden by the config keys). */
export function retrievalSettings(config: ResolvedConfig, analyzer?: AnalyzerName, indexedText?: IndexedTextName): RetrievalSettings {
  return resolveRetrieval('recommended', {
    analyzer: analyzer ?? configValue<AnalyzerName>(config, 'analyzer'),
    indexedText: indexedText ?? configValue<IndexedTextName>(config, 'index.fields'),
    weights: {
      bm25: configValue<number>(config, 'search.weights.bm25'),
      tfidf: configValue<number>(config, 'search.weights.tfidf'),
      vector: configValue<number>(config, 'search.weights.vector'),
    },
    maxPerFile: configValue<number>(config, 'search.maxPerFile'),
  })
}

/** The index's own setting that made the store refuse the configured one, if the CLI knows it. */
type StoredSetting = { readonly key: 'analyzer'; readonly value: AnalyzerName } | { readonly key: 'index.fields'; readonly value: IndexedTextName }

function storedSetting(error: unknown): StoredSetting | undefined {
  // Both stores' IncompatibleStoreError carry `found` as `analyzer X` / `indexed text Y`.
  if (!(error instanceof RagError) || error.code !== 'INCOMPATIBLE_STORE') return undefined
  const { found } = error as RagError & { found?: unknown }
  if (typeof found !== 'string') return undefined
  if (found.startsWith('analyzer ')) {
    const value = analyzerByStoredName(found.slice('analyzer '.length))
    return value === undefined ? undefined : { key: 'analyzer', value }
  }
  if (found.startsWith('indexed text ')) {
    const value = indexedTextByStoredName(found.slice('indexed text '.length))
    return value === undefined ? undefined : { key: 'index.fields', value }
  }
  return undefined
}

/** Adds advice to errors a user can fix with `rag clear`. */
function withAdvice(error: unknown, location: IndexLocation): unknown {
  // An analyzer or fields mismatch from openAdopting already says what to run.
  if (error instanceof RagError && (error.code === 'CORRUPT_STORE' || error.code === 'INCOMPATIBLE_STORE') && !error.message.includes('`rag clear`')) {
    const message = `${error.message.replace(/\.$/, '')}; run \`rag clear\` to delete the index at ${location.directory}, then \`rag index\`.`
    return new RagError(error.code, message, { cause: error })
  }
  return error
}

/**
 * Opens the store with the settings' analyzer and fields. When the index was built with others, a
 * `create` open refuses (re-indexing would mix two kinds of terms); the others switch to the
 * index's own and retry (the store checks the analyzer first, then the indexed text).
 */
async function openAdopting(
  location: IndexLocation,
  target: StoreTarget,
  config: ResolvedConfig,
  mode: OpenIndexOptions['mode'],
): Promise<{ store: IndexStore; settings: RetrievalSettings }> {
  const configured = retrievalSettings(config)
  let analyzer = configured.analyzer
  let indexedText = configured.indexedText
  for (let attempt = 0; ; attempt++) {
    const settings = retrievalSettings(config, analyzer, indexedText)
    try {
      const store = await openStore(target, location, config, settings, mode !== 'read')
      return { store, settings }
    } catch (error) {
      const stored = storedSetting(error)
      if (stored === undefined || attempt >= 2) throw error
      if (mode === 'create') {
        const asked = stored.key === 'analyzer' ? configured.analyzer : configured.indexedText
        throw new RagError(
          'INCOMPATIBLE_STORE',
          `The index at ${location.root} was built with ${stored.key} ${stored.value}, but the configuration asks for ${asked}; run \`rag clear\` and \`rag index\` to rebuild it, or set ${stored.key} to "${stored.value}".`,
          { cause: error },
        )
      }
      if (stored.key === 'analyzer') analyzer = stored.value
      else indexedText = stored.value
    }
  }
}

/**
 * Whether index runs extract code layers: `index.layers` (`--layers` / `--no-layers`) when set,
 * else as the index was built (a store holding layers keeps them), so a plain `rag index` after
 * `rag index --layers` does not drop them.
 */
async function layersWanted(config: ResolvedConfig, store: IndexStore): Promise<boolean> {
  const configured = configValue<'on' | 'off' | undefined>(config, 'index.layers')
  return configured !== undefined ? configured === 'on' : storedLayers(store)
}

/** How the configured embedder differs from the stored one's spec (`hash`, `static 64 dimensions`), or `undefined` when it is the same (or none is configured). */
function otherEmbedder(embedder: EmbedderSpec, stored: Readonly<Record<string, unknown>>): string | undefined {
  // (`none` asks for no vectors: nothing to warn of.)
  if (embedder.kind === 'none') return undefined
  const differs = embedder.kind !== stored['kind'] || (embedder.model !== undefined && embedder.model !== stored['model']) || (embedder.dimensions !== undefined && embedder.dimensions !== stored['dimensions'])
  if (!differs) return undefined
  return [embedder.kind, embedder.model, embedder.dimensions === undefined ? undefined : `${embedder.dimensions} dimensions`].filter((part) => part !== undefined).join(' ')
}

/** Whether the store holds code layers. */
async function storedLayers(store: IndexStore): Promise<boolean> {
  const { hasLayers } = store as { hasLayers?: () => Promise<boolean> }
  return typeof hasLayers === 'function' ? hasLayers.call(store) : false
}

/** The index's own choices a session follows: whether it holds layers, and its embedder (kind, model, dimensions). */
async function storedChoices(store: IndexStore): Promise<string> {
  const embedder = isVectorPersistence(store) ? await store.loadVectorEmbedder() : undefined
  const spec = embedder?.spec ?? {}
  return JSON.stringify([await storedLayers(store), spec['kind'] ?? null, spec['model'] ?? null, spec['dimensions'] ?? null])
}

/**
 * Opens the index of `location` as a persistent session (`openRag` of `@rag/session`) with the
 * configured analyzer, fields (`index.fields`), weights, per-file cap, limits, source and chunker
 * options: both lexical streams rank from the one store (the SQLite file, or with `store.url` a
 * project of a PostgreSQL database), with nothing rebuilt in memory, so a fresh process answers at
 * once (see the README).
 *
 * @throws RagError `NOT_FOUND` (no index in `read` mode), `CORRUPT_STORE`, `INCOMPATIBLE_STORE`
 *   (another application's file, a newer schema, or, in `create` mode, another analyzer or fields).
 */
export async function openIndex(location: IndexLocation, config: ResolvedConfig, options: OpenIndexOptions): Promise<OpenIndex> {
  const { mode, warn, writer = 'rag', lockWait, env = process.env } = options
  if (mode !== 'read' && !existsSync(location.directory)) {
    mkdirSync(location.directory, { recursive: true })
    // Keep the index out of version control without touching the project's own .gitignore.
    writeFileSync(join(location.directory, '.gitignore'), '*\n')
  }
  const target = storeTarget(config, location)
  let opened: { store: IndexStore; settings: RetrievalSettings }
  try {
    opened = await openAdopting(location, target, config, mode)
  } catch (error) {
    if (error instanceof RagError && error.code === 'NOT_FOUND' && target.kind === 'sqlite') {
      throw new RagError('NOT_FOUND', `No index at ${describeTarget(target)}; run \`rag index ${location.root}\` first.`, { cause: error })
    }
    throw target.kind === 'sqlite' ? withAdvice(error, location) : error
  }
  const { store, settings } = opened
  let rag: RagService
  try {
    const layers = await layersWanted(config, store)
    // The index's own embedder unless the configuration names one: a `rag search` after
    // `rag index --embedder static` searches with the vectors that run stored.
    const stored = isVectorPersistence(store) ? await store.loadVectorEmbedder() : undefined
    const embedder = embedderSpec({ config, env }, stored)
    // A command that only reads searches the stored vectors with the configured embedder: another one finds none of them.
    if (mode === 'read' && stored !== undefined) {
      const other = otherEmbedder(embedder, stored.spec)
      if (other !== undefined) warn(`warning: the configured embedder (${other}) is not the one the index was built with (${String(stored.spec['kind'])}, ${stored.name}); vector search is off until \`rag index\` embeds the chunks with it, or the configuration names the index's.`)
    }
    rag = openRag(store, { retrieval: settings, ingest: ingestOptions(config), writer, logger: { warn }, embedder, ...(lockWait ? { lockWait } : {}), layers })
  } catch (error) {
    await store.close()
    throw error
  }
  return { location, target, store, rag, settings, storedChoices: () => storedChoices(store), close: () => store.close() }
}
