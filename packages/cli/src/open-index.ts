import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RagError } from '@rag/core'
import type { ChunkerSpec, Limits } from '@rag/ingest'
import { RagService, type RagIngestOptions } from '@rag/session'
import { IncompatibleStoreError, openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { analyzerByStoredName, ANALYZERS, type AnalyzerName } from './analyzers.js'
import { configValue, type ResolvedConfig } from './config/load-config.js'
import type { IndexLocation } from './index-location.js'
import { createSqliteStateStore } from './sqlite-state-store.js'

/** An open index: the SQLite store and the session over it. */
export interface OpenIndex {
  readonly location: IndexLocation
  readonly store: SqliteKnowledgeBase
  readonly rag: RagService
  /** The analyzer the store was opened with (the index's own). */
  readonly analyzer: AnalyzerName
  close(): Promise<void>
}

/** How a command uses the index. */
export interface OpenIndexOptions {
  /**
   * `create`: create the index if missing, and insist on the configured analyzer (`index`,
   * `watch`). `write`: create if missing, else use the index's own analyzer (`docs add`).
   * `read`: the index must exist; its own analyzer is used.
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

const LIMIT_KEYS = ['maxFiles', 'maxEntries', 'maxDecodedBytes', 'maxDepth', 'maxFileBytes'] as const

/** The session's ingest options from the configuration: limits, chunker, workers and source. */
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
    ...(chunker === undefined ? {} : { chunker }),
    ...(workers === undefined ? {} : { workers }),
    source: {
      include: configValue<string[]>(config, 'index.include'),
      exclude: configValue<string[]>(config, 'index.exclude'),
      extraSkipNames: configValue<string[]>(config, 'index.extraSkipNames'),
    },
  }
}

function storedAnalyzer(error: unknown): string | undefined {
  if (!(error instanceof IncompatibleStoreError) || !error.found.startsWith('analyzer ')) return undefined
  return error.found.slice('analyzer '.length)
}

/** Adds advice to errors a user can fix with `rag clear`. */
function withAdvice(error: unknown, location: IndexLocation): unknown {
  if (error instanceof RagError && (error.code === 'CORRUPT_STORE' || error.code === 'INCOMPATIBLE_STORE')) {
    const message = `${error.message.replace(/\.$/, '')}; run \`rag clear\` to delete the index at ${location.directory}, then \`rag index\`.`
    return new RagError(error.code, message, { cause: error })
  }
  return error
}

async function openStore(location: IndexLocation, name: AnalyzerName, create: boolean): Promise<SqliteKnowledgeBase> {
  return openSqliteKnowledgeBase(location.database, { analyzer: ANALYZERS[name], create })
}

/**
 * Opens the index of `location` with the configured analyzer, limits, source and chunker options.
 * The CLI ranks with the store's FTS5 BM25 (one stream named `bm25`, with the index's analyzer);
 * it builds no in-memory streams (see the README).
 *
 * @throws RagError `NOT_FOUND` (no index in `read` mode), `CORRUPT_STORE`, `INCOMPATIBLE_STORE`
 *   (another application's file, a newer schema, or, in `create` mode, another analyzer).
 */
export async function openIndex(location: IndexLocation, config: ResolvedConfig, { mode, warn }: OpenIndexOptions): Promise<OpenIndex> {
  const configured = configValue<AnalyzerName>(config, 'analyzer')
  if (mode !== 'read' && !existsSync(location.directory)) {
    mkdirSync(location.directory, { recursive: true })
    // Keep the index out of version control without touching the project's own .gitignore.
    writeFileSync(join(location.directory, '.gitignore'), '*\n')
  }
  let analyzer = configured
  let store: SqliteKnowledgeBase
  try {
    try {
      store = await openStore(location, analyzer, mode !== 'read')
    } catch (error) {
      const stored = storedAnalyzer(error)
      const known = stored === undefined ? undefined : analyzerByStoredName(stored)
      if (known === undefined) throw error
      if (mode === 'create') {
        throw new RagError(
          'INCOMPATIBLE_STORE',
          `The index at ${location.root} was built with analyzer ${known}, but the configuration asks for ${configured}; run \`rag clear\` and \`rag index\` to rebuild it, or set analyzer to "${known}".`,
          { cause: error },
        )
      }
      analyzer = known
      store = await openStore(location, analyzer, mode !== 'read')
    }
  } catch (error) {
    if (error instanceof RagError && error.code === 'NOT_FOUND') {
      throw new RagError('NOT_FOUND', `No index at ${location.database}; run \`rag index ${location.root}\` first.`, { cause: error })
    }
    throw withAdvice(error, location)
  }

  const rag = new RagService({
    knowledgeBase: store,
    stateStore: createSqliteStateStore(store),
    bm25: false,
    knowledgeBaseStreamName: 'bm25',
    // One stream: a fused score is 1 / (60 + rank + 1), the plain RRF scale.
    weights: { knowledgeBase: 1 },
    retriever: { maxPerFile: configValue<number>(config, 'search.maxPerFile'), logger: { warn } },
    ingest: ingestOptions(config),
  })
  return { location, store, rag, analyzer, close: () => store.close() }
}
