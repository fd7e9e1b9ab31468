import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RagError } from '@rag/core'
import { storeOptions, type PersistentStore, type RetrievalSettings, type TfidfSearchable } from '@rag/session'
import { openSqliteKnowledgeBase } from '@rag/store-sqlite'
import { configValue, type ResolvedConfig } from '../config/load-config.js'
import { redactUrl } from '../config/redact-url.js'
import { INDEX_DIRECTORY, POSTGRES_MARKER, type IndexLocation } from './index-location.js'

/** What the CLI needs of a store: the session's persistent store, TF-IDF beside BM25, and close. */
export type IndexStore = PersistentStore & TfidfSearchable & { close(): Promise<void> }

/** Where a root's index lives: the SQLite file, or a project of a PostgreSQL database. */
export type StoreTarget = { readonly kind: 'sqlite'; readonly path: string } | { readonly kind: 'postgres'; readonly url: string; readonly project: string }

/** What a marker records: the project, and the root that wrote it (markers before it lack the root). */
function readMarker(directory: string): { readonly repoId: string; readonly root?: string } | undefined {
  const marker = join(directory, POSTGRES_MARKER)
  if (!existsSync(marker)) return undefined
  try {
    const { repoId, root } = JSON.parse(readFileSync(marker, 'utf8')) as { repoId?: unknown; root?: unknown }
    if (typeof repoId !== 'string' || repoId === '') return undefined
    return typeof root === 'string' && root !== '' ? { repoId, root } : { repoId }
  } catch {
    // An unreadable marker: as if there were none.
    return undefined
  }
}

/**
 * The project a root indexes into: `store.project`, else the one its marker records, else the
 * root's path. A marker written by another root that still has it naming the same project is a
 * copy of that checkout (`cp -r app app-experiment`): the copy is its own project (its path), so
 * that indexing it does not replace the original's index. A checkout moved away from its old root
 * keeps its project.
 */
function projectOf(config: ResolvedConfig, location: IndexLocation): string {
  const configured = configValue<string | undefined>(config, 'store.project')
  if (configured !== undefined) return configured
  const marker = readMarker(location.directory)
  if (marker === undefined) return location.root
  const copied = marker.root !== undefined && marker.root !== location.root && readMarker(join(marker.root, INDEX_DIRECTORY))?.repoId === marker.repoId
  return copied ? location.root : marker.repoId
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
  if (create && existsSync(location.directory)) writeFileSync(join(location.directory, POSTGRES_MARKER), `${JSON.stringify({ repoId: target.project, root: location.root })}\n`)
  return store
}
