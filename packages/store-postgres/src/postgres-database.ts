import pg from 'pg'
import { RagError } from '@rag/core'
import { describeUrl, parsePostgresUrl, resolveConnectionOptions, type PostgresConnectionOptions, type ResolvedConnectionOptions } from './connection-options.js'
import { clearLayers } from './layer-rows.js'
import { assertNotNewer, migrateSchema, schemaVersion, type MigrationReport } from './migrate.js'
import { describeProject, resolveProjectKey, type ProjectKey } from './project-key.js'
import { PostgresKnowledgeBase, type PostgresKnowledgeBaseOptions } from './postgres-knowledge-base.js'
import type { StoreContext } from './project-transactions.js'
import { SCHEMA_VERSION } from './schema.js'
import { toStoreError } from './store-errors.js'

/** Options of {@link openPostgresDatabase}. */
export interface OpenPostgresDatabaseOptions extends PostgresConnectionOptions {
  /**
   * Apply pending schema migrations on connect. With `false`, an older schema is refused with a
   * RagError `INCOMPATIBLE_STORE` that says to run `rag migrate` (or `database.migrate()`).
   * @default true
   */
  readonly migrate?: boolean
}

/** One project of a database, as {@link PostgresDatabase.listProjects} reports it. */
export interface ProjectInfo {
  readonly repoId: string
  readonly commitSha: string
  readonly chunkCount: number
  readonly generation: number
  /** ISO time of the last commit, if any. */
  readonly committedAt?: string
  readonly analyzer: string | null
  readonly indexedText: string | null
}

/** Options of {@link PostgresDatabase.openProject}. */
export interface OpenProjectOptions extends PostgresKnowledgeBaseOptions {
  /**
   * With `false`, a project that was never written to is a RagError `NOT_FOUND` (a read-only
   * command must not pretend an index exists).
   * @default true
   */
  readonly create?: boolean
}

/**
 * A PostgreSQL database holding @rag indexes: one connection pool, the versioned schema, and any
 * number of projects (one per repository, or per repository and commit), each opened as a
 * {@link PostgresKnowledgeBase}. Several processes and servers may share it. Connection URLs are
 * never logged or put in messages with their password.
 *
 * @example
 * const db = await openPostgresDatabase(process.env.RAG_STORE_URL!, { poolSize: 20 })
 * const kb = db.project({ repoId: 'acme/app' }, { analyzer: codeAwareAnalyzer })
 * console.log(await kb.search('connection pool', 5))
 * await db.close()
 */
export class PostgresDatabase {
  /** The URL without its password, for messages and logs. */
  readonly where: string
  /** The options in force. */
  readonly options: ResolvedConnectionOptions
  /** What opening did to the schema (`applied` is empty when it was current, or with `migrate: false`). */
  migration: MigrationReport | undefined
  readonly #pool: pg.Pool
  #closed = false

  private constructor(pool: pg.Pool, where: string, options: ResolvedConnectionOptions) {
    this.#pool = pool
    this.where = where
    this.options = options
  }

  /** Same as {@link openPostgresDatabase}. */
  static async open(url: string, options: OpenPostgresDatabaseOptions = {}): Promise<PostgresDatabase> {
    const parsed = parsePostgresUrl(url)
    const resolved = resolveConnectionOptions(options)
    const where = describeUrl(parsed)
    const pool = new pg.Pool({
      connectionString: url,
      max: resolved.poolSize,
      connectionTimeoutMillis: resolved.connectTimeoutMs,
      ...(resolved.statementTimeoutMs > 0 ? { statement_timeout: resolved.statementTimeoutMs } : {}),
      // A transaction left open by a crashed caller must not hold rows and locks for ever.
      idle_in_transaction_session_timeout: Math.max(60_000, resolved.statementTimeoutMs * 2),
      application_name: resolved.applicationName,
    })
    // An idle connection the server closed (restart, idle timeout): the pool drops it; the next
    // query opens another. Without a listener the error would end the process.
    pool.on('error', () => undefined)
    // A connection the server ends while it is checked out (a restart, `pg_terminate_backend`
    // during an index run, the write lock's connection held for the whole run): node-postgres emits
    // `error` on the client, which would end the process without a listener; the query under way
    // rejects with the same error and the caller fails with a one-line store error instead. One
    // listener per connection, for its whole life.
    pool.on('connect', (client) => void client.on('error', () => undefined))
    const database = new PostgresDatabase(pool, where, resolved)
    try {
      const client = await database.#connect('connect')
      try {
        if (options.migrate === false) {
          const version = await schemaVersion(client)
          assertNotNewer(version, where)
          if (version < SCHEMA_VERSION) {
            throw new RagError(
              'INCOMPATIBLE_STORE',
              `${where}: the @rag schema is at version ${version}, this release needs ${SCHEMA_VERSION}; run \`rag migrate\` (or open the database with migrate: true).`,
            )
          }
          database.migration = { from: version, to: version, applied: [] }
        } else {
          database.migration = await migrateSchema(client, where)
        }
      } finally {
        client.release()
      }
    } catch (error) {
      await pool.end().catch(() => undefined)
      throw toStoreError(error, where, 'open the database')
    }
    return database
  }

  /**
   * The store of one project, opened lazily (no I/O here; the analyzer and indexed text are
   * checked on first use). Cheap: many stores share the database's pool.
   *
   * @throws InvalidArgumentError for a bad key or indexed text.
   */
  project(key: ProjectKey, options: PostgresKnowledgeBaseOptions = {}): PostgresKnowledgeBase {
    this.#use()
    return new PostgresKnowledgeBase(this.#context(), key, options)
  }

  /**
   * The store of one project, checked now: a project indexed with another analyzer or indexed text
   * is an `INCOMPATIBLE_STORE` error (`found` names what it holds), and with `create: false` a
   * project never written to is `NOT_FOUND`.
   */
  async openProject(key: ProjectKey, options: OpenProjectOptions = {}): Promise<PostgresKnowledgeBase> {
    const { create = true, ...storeOptions } = options
    const store = this.project(key, storeOptions)
    if (!create && !(await store.exists())) {
      throw new RagError('NOT_FOUND', `${this.where}: no project ${describeProject(resolveProjectKey(key))} in this database.`)
    }
    await store.verify()
    return store
  }

  /** Every project of the database, by repository and commit. */
  async listProjects(): Promise<ProjectInfo[]> {
    const rows = await this.#query<{ repo_id: string; commit_sha: string; chunk_count: string; generation: string; committed_at: Date | null; analyzer: string | null; indexed_text: string | null }>(
      'list projects',
      'SELECT repo_id, commit_sha, chunk_count, generation, committed_at, analyzer, indexed_text FROM rag_projects ORDER BY repo_id, commit_sha',
    )
    return rows.map((row) => ({
      repoId: row.repo_id,
      commitSha: row.commit_sha,
      chunkCount: Number(row.chunk_count),
      generation: Number(row.generation),
      ...(row.committed_at ? { committedAt: row.committed_at.toISOString() } : {}),
      analyzer: row.analyzer,
      indexedText: row.indexed_text,
    }))
  }

  /**
   * Deletes a project with everything in it, after taking its write lock (so no index run is cut
   * short). Returns `false` when there was no such project.
   *
   * @throws RagError `LOCKED` when `wait` is `false` and another store holds the project's lock.
   */
  async dropProject(key: ProjectKey, options: { readonly wait?: boolean } = {}): Promise<boolean> {
    const store = this.project(key)
    if (!(await store.exists())) return false
    const lock = await store.acquireWriteLock('drop project', { wait: options.wait ?? true })
    try {
      const rows = await this.#query<{ id: number }>('drop the project', 'SELECT id FROM rag_projects WHERE repo_id = $1 AND commit_sha = $2', [store.project.repoId, store.project.commitSha])
      const id = rows[0]?.id
      if (id === undefined) return false
      const client = await this.#connect('drop the project')
      try {
        await client.query('BEGIN')
        await client.query('DELETE FROM rag_postings WHERE project_id = $1', [id])
        await client.query('DELETE FROM rag_vectors WHERE project_id = $1', [id])
        await clearLayers(client, id)
        await client.query('DELETE FROM rag_projects WHERE id = $1', [id])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw toStoreError(error, this.where, 'drop the project')
      } finally {
        client.release()
      }
      return true
    } finally {
      await lock.release()
    }
  }

  /** Applies pending migrations (what opening does unless `migrate: false`). Idempotent. */
  async migrate(): Promise<MigrationReport> {
    const client = await this.#connect('migrate the schema')
    try {
      return await migrateSchema(client, this.where)
    } catch (error) {
      throw toStoreError(error, this.where, 'migrate the schema')
    } finally {
      client.release()
    }
  }

  /** The schema version recorded in the database. */
  async schemaVersion(): Promise<number> {
    const client = await this.#connect('read the schema version')
    try {
      return await schemaVersion(client)
    } finally {
      client.release()
    }
  }

  /** Whether the `vector` extension (pgvector) is installed in this database. Never required. */
  async hasVectorExtension(): Promise<boolean> {
    const rows = await this.#query<{ present: boolean }>('look for the vector extension', "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS present")
    return rows[0]!.present
  }

  /** Ends every connection. Idempotent; stores of this database fail afterwards. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#pool.end()
  }

  #context(): StoreContext {
    return { pool: this.#pool, where: this.where, busyTimeoutMs: this.options.busyTimeoutMs }
  }

  /** The pool and options, for a store that owns this database (closing the store closes it). */
  ownedContext(): StoreContext {
    return { ...this.#context(), onClose: () => this.close() }
  }

  #use(): void {
    if (this.#closed) throw new RagError('IO', `${this.where}: the database is closed; open it again to use it.`)
  }

  async #connect(action: string): Promise<pg.PoolClient> {
    this.#use()
    try {
      return await this.#pool.connect()
    } catch (error) {
      throw toStoreError(error, this.where, action)
    }
  }

  async #query<R extends pg.QueryResultRow>(action: string, text: string, values: unknown[] = []): Promise<R[]> {
    const client = await this.#connect(action)
    try {
      return (await client.query<R>(text, values)).rows
    } catch (error) {
      throw toStoreError(error, this.where, action)
    } finally {
      client.release()
    }
  }
}

/**
 * Connects to the PostgreSQL database at `url` (`postgres://user:password@host:5432/db`) and
 * brings its @rag schema up to date (unless `migrate: false`).
 *
 * @throws ConfigError for a malformed URL or option; IncompatibleStoreError for a newer schema;
 *   RagError `IO` when the server cannot be reached (the message never shows the password).
 */
export function openPostgresDatabase(url: string, options: OpenPostgresDatabaseOptions = {}): Promise<PostgresDatabase> {
  return PostgresDatabase.open(url, options)
}

/** Options of {@link openPostgresKnowledgeBase}. */
export interface OpenPostgresKnowledgeBaseOptions extends OpenPostgresDatabaseOptions, OpenProjectOptions {
  /** The project to open. */
  readonly project: ProjectKey
}

/**
 * Opens one project of the database at `url` as a store that owns its connection pool: closing
 * the store closes the pool. For many projects in one process, open the database once with
 * {@link openPostgresDatabase} and take `database.project(key)` for each.
 *
 * @example
 * const kb = await openPostgresKnowledgeBase('postgres://localhost/rag', { project: { repoId: 'acme/app' }, analyzer: codeAwareAnalyzer })
 */
export async function openPostgresKnowledgeBase(url: string, options: OpenPostgresKnowledgeBaseOptions): Promise<PostgresKnowledgeBase> {
  const { project, analyzer, indexedText, create, ...databaseOptions } = options
  const database = await openPostgresDatabase(url, databaseOptions)
  try {
    const probe = await database.openProject(project, { ...(analyzer ? { analyzer } : {}), ...(indexedText ? { indexedText } : {}), ...(create === undefined ? {} : { create }) })
    return new PostgresKnowledgeBase(database.ownedContext(), probe.project, { analyzer: probe.analyzer, indexedText: probe.indexedText })
  } catch (error) {
    await database.close()
    throw error
  }
}
