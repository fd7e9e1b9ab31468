import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RagError } from '@rag/core'
import type { ChunkerSpec, Limits } from '@rag/ingest'
import { createGenerationStateStore, RagService, type RagIngestOptions } from '@rag/session'
import { IncompatibleStoreError, SqliteTfidfStream, openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { analyzerByStoredName, ANALYZERS, type AnalyzerName } from '../config/analyzers.js'
import { configValue, type ResolvedConfig } from '../config/load-config.js'
import { fieldsByStoredName, INDEXED_TEXTS, type FieldsName } from '../config/indexed-texts.js'
import type { IndexLocation } from './index-location.js'

/** An open index: the SQLite store and the session over it. */
export interface OpenIndex {
  readonly location: IndexLocation
  readonly store: SqliteKnowledgeBase
  readonly rag: RagService
  /** The analyzer the store was opened with (the index's own). */
  readonly analyzer: AnalyzerName
  /** What the index analyses for each chunk (the index's own `index.fields`). */
  readonly fields: FieldsName
  /** RRF weights of the two streams (`search.weights.*`). */
  readonly weights: { readonly bm25: number; readonly tfidf: number }
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
}

// The chunker spec when chunker options are configured (else ingest's default spec applies).
// `@rag/chunker` resolves from `@rag/ingest`, which depends on it.
function chunkerSpec(config: ResolvedConfig): ChunkerSpec | undefined {
  const options: Record<string, number> = {}
  for (const key of ['maxChars', 'minChars', 'overlapChars']) {
    const value = configValue<number | undefined>(config, `chunker.${key}`)
    if (value !== undefined) options[key] = value
  }
  return Object.keys(options).length === 0 ? undefined : { module: '@rag/chunker', factory: 'createNormalizedDocumentChunker', options }
}

const LIMIT_KEYS = ['maxFiles', 'maxEntries', 'maxDecodedBytes', 'maxDepth', 'maxFileBytes', 'maxIgnoreFileBytes', 'maxIgnoreSelectors'] as const

/** The session's ingest options from the configuration: limits, chunker, workers, ignore rules and source. */
export function ingestOptions(config: ResolvedConfig): RagIngestOptions {
  const workers = configValue<number | undefined>(config, 'index.workers')
  const chunker = chunkerSpec(config)
  const limits: Partial<Record<keyof Limits, number>> = {}
  for (const key of LIMIT_KEYS) {
    const value = configValue<number | undefined>(config, `index.${key}`)
    if (value !== undefined) limits[key] = value
  }
  return {
    limits,
    ignore: { negation: configValue<'git' | 'reject'>(config, 'ignore.negation') },
    ...(chunker === undefined ? {} : { chunker }),
    ...(workers === undefined ? {} : { workers }),
    source: {
      include: configValue<string[]>(config, 'index.include'),
      exclude: configValue<string[]>(config, 'index.exclude'),
      extraSkipNames: configValue<string[]>(config, 'index.extraSkipNames'),
    },
  }
}

/** The index's own setting that made the store refuse the configured one, if the CLI knows it. */
type StoredSetting = { readonly key: 'analyzer'; readonly value: AnalyzerName } | { readonly key: 'index.fields'; readonly value: FieldsName }

function storedSetting(error: unknown): StoredSetting | undefined {
  if (!(error instanceof IncompatibleStoreError)) return undefined
  const { found } = error
  if (found.startsWith('analyzer ')) {
    const value = analyzerByStoredName(found.slice('analyzer '.length))
    return value === undefined ? undefined : { key: 'analyzer', value }
  }
  if (found.startsWith('indexed text ')) {
    const value = fieldsByStoredName(found.slice('indexed text '.length))
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

interface StoreSettings {
  analyzer: AnalyzerName
  fields: FieldsName
}

async function openStore(location: IndexLocation, settings: StoreSettings, create: boolean): Promise<SqliteKnowledgeBase> {
  return openSqliteKnowledgeBase(location.database, { analyzer: ANALYZERS[settings.analyzer], indexedText: INDEXED_TEXTS[settings.fields], create })
}

/**
 * Opens the store with `settings`. When the index was built with another analyzer or fields, a
 * `create` open refuses (re-indexing would mix two kinds of terms); the others switch `settings`
 * to the index's own and retry (the store checks the analyzer first, then the indexed text).
 */
async function openAdopting(location: IndexLocation, settings: StoreSettings, mode: OpenIndexOptions['mode']): Promise<SqliteKnowledgeBase> {
  const configured = { ...settings }
  for (let attempt = 0; ; attempt++) {
    try {
      return await openStore(location, settings, mode !== 'read')
    } catch (error) {
      const stored = storedSetting(error)
      if (stored === undefined || attempt >= 2) throw error
      if (mode === 'create') {
        const asked = stored.key === 'analyzer' ? configured.analyzer : configured.fields
        throw new RagError(
          'INCOMPATIBLE_STORE',
          `The index at ${location.root} was built with ${stored.key} ${stored.value}, but the configuration asks for ${asked}; run \`rag clear\` and \`rag index\` to rebuild it, or set ${stored.key} to "${stored.value}".`,
          { cause: error },
        )
      }
      if (stored.key === 'analyzer') settings.analyzer = stored.value
      else settings.fields = stored.value
    }
  }
}

/**
 * Opens the index of `location` with the configured analyzer, fields (`index.fields`), weights,
 * limits, source and chunker options.
 * The CLI fuses two streams of the one SQLite file, both with the index's analyzer and fields:
 * the store's FTS5 BM25 (`bm25`, weight `search.weights.bm25`) and TF-IDF computed from the same
 * full-text index (`tfidf`, weight `search.weights.tfidf`). It builds no in-memory streams, so a
 * fresh process answers at once (see the README).
 *
 * @throws RagError `NOT_FOUND` (no index in `read` mode), `CORRUPT_STORE`, `INCOMPATIBLE_STORE`
 *   (another application's file, a newer schema, or, in `create` mode, another analyzer or fields).
 */
export async function openIndex(location: IndexLocation, config: ResolvedConfig, { mode, warn }: OpenIndexOptions): Promise<OpenIndex> {
  // Becomes the index's own settings when it was built with others (not in `create` mode).
  const settings: StoreSettings = {
    analyzer: configValue<AnalyzerName>(config, 'analyzer'),
    fields: configValue<FieldsName>(config, 'index.fields'),
  }
  if (mode !== 'read' && !existsSync(location.directory)) {
    mkdirSync(location.directory, { recursive: true })
    // Keep the index out of version control without touching the project's own .gitignore.
    writeFileSync(join(location.directory, '.gitignore'), '*\n')
  }
  let store: SqliteKnowledgeBase
  try {
    store = await openAdopting(location, settings, mode)
  } catch (error) {
    if (error instanceof RagError && error.code === 'NOT_FOUND') {
      throw new RagError('NOT_FOUND', `No index at ${location.database}; run \`rag index ${location.root}\` first.`, { cause: error })
    }
    throw withAdvice(error, location)
  }

  const weights = { bm25: configValue<number>(config, 'search.weights.bm25'), tfidf: configValue<number>(config, 'search.weights.tfidf') }
  const rag = new RagService({
    knowledgeBase: store,
    stateStore: createGenerationStateStore(store),
    bm25: false,
    knowledgeBaseStreamName: 'bm25',
    weights: { knowledgeBase: weights.bm25 },
    streams: [{ stream: new SqliteTfidfStream(store), weight: weights.tfidf }],
    retriever: { maxPerFile: configValue<number>(config, 'search.maxPerFile'), logger: { warn } },
    ingest: ingestOptions(config),
  })
  return { location, store, rag, analyzer: settings.analyzer, fields: settings.fields, weights, close: () => store.close() }
}
