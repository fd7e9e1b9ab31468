import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RagError } from '@rag/core'
import { storeOptions, type PersistentStore, type RetrievalSettings, type TfidfSearchable } from '@rag/session'
import { openSqliteKnowledgeBase } from '@rag/store-sqlite'
import { configValue, type ResolvedConfig } from '../config/load-config.js'
import { redactUrl } from '../config/redact-url.js'
import { POSTGRES_MARKER, type IndexLocation } from './index-location.js'

/** What the CLI needs of a store: the session's persistent store, TF-IDF beside BM25, and close. */
export type IndexStore = PersistentStore & TfidfSearchable & { close(): Promise<void> }

/** Where a root's index lives: the SQLite file, or a project of a PostgreSQL database. */
export type StoreTarget = { readonly kind: 'sqlite'; readonly path: string } | { readonly kind: 'postgres'; readonly url: string; readonly project: string }

/** The project a root indexes into: `store.project`, else the one its marker records, else the root's path. */
function projectOf(config: ResolvedConfig, location: IndexLocation): string {
  const configured = configValue<string | undefined>(config, 'store.project')
  if (configured !== undefined) return configured
  const marker = join(location.directory, POSTGRES_MARKER)
  if (existsSync(marker)) {
    try {
      const { repoId } = JSON.parse(readFileSync(marker, 'utf8')) as { repoId?: unknown }
      if (typeof repoId === 'string' && repoId !== '') return repoId
    } catch {
      // An unreadable marker: fall back to the root's path, as a fresh index would.
    }
  }
  return location.root
}

/** Where the configuration puts the index of `location`. */
export function storeTarget(config: ResolvedConfig, location: IndexLocation): StoreTarget {
  const url = configValue<string | undefined>(config, 'store.url')
  return url === undefined ? { kind: 'sqlite', path: location.database } : { kind: 'postgres', url, project: projectOf(config, location) }
}

/** The target for messages: the file, or the database (password hidden) and project. */
export function describeTarget(target: StoreTarget): string {
  return target.kind === 'sqlite' ? target.path : `project ${target.project} of ${redactUrl(target.url)}`
}

/**
 * Opens the store of `target` with the settings' analyzer and fields (`create`: make it when
 * missing). PostgreSQL's client loads only when a URL is configured; its schema is migrated on
 * connect. A root indexed into PostgreSQL gets a marker in `.rag/` naming its project (no URL).
 */
export async function openStore(target: StoreTarget, location: IndexLocation, config: ResolvedConfig, settings: RetrievalSettings, create: boolean): Promise<IndexStore> {
  if (target.kind === 'sqlite') return openSqliteKnowledgeBase(target.path, { ...storeOptions(settings), create })
  const { openPostgresKnowledgeBase } = await import('@rag/store-postgres')
  const store = await openPostgresKnowledgeBase(target.url, {
    project: { repoId: target.project },
    ...storeOptions(settings),
    create,
    poolSize: configValue<number>(config, 'store.poolSize'),
    statementTimeoutMs: configValue<number>(config, 'store.statementTimeoutMs'),
  }).catch((error: unknown) => {
    if (error instanceof RagError && error.code === 'NOT_FOUND') {
      throw new RagError('NOT_FOUND', `No index for ${describeTarget(target)}; run \`rag index ${location.root}\` first.`, { cause: error })
    }
    throw error
  })
  if (create && existsSync(location.directory)) writeFileSync(join(location.directory, POSTGRES_MARKER), `${JSON.stringify({ repoId: target.project })}\n`)
  return store
}
