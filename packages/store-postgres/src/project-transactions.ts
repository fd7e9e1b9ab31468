import type pg from 'pg'
import { RagError } from '@rag/core'
import type { ChunkDelta } from './chunk-writes.js'
import type { ResolvedProjectKey } from './project-key.js'
import { checkRecorded, ensureProject, readProject, type ProjectRow } from './project-rows.js'
import { toStoreError } from './store-errors.js'
import { describeOwner, ProjectWriteLock, readHolder } from './write-lock.js'

/** What a project's store needs from its database. */
export interface StoreContext {
  readonly pool: pg.Pool
  /** The database, password hidden, for messages. */
  readonly where: string
  /** How long a write waits for another connection's commit to the project, in milliseconds. */
  readonly busyTimeoutMs: number
  /** Called by `close()`: ends the pool when the store owns its database. */
  readonly onClose?: () => Promise<void>
}

/** The analyzer and indexed text a project's store was opened with, as the project records them. */
export interface RecordedNames {
  readonly analyzer: string
  readonly indexedText: string
}

/**
 * How one project's store reaches PostgreSQL: a read on one pooled connection, several reads in one
 * snapshot, and a write in one transaction that locks the project row, checks the recorded
 * analyzer and indexed text and the write lock, and bumps the generation. Every failure becomes a
 * store error naming the project and the action. Owns the project's write lock and the closed flag.
 */
export class ProjectTransactions {
  /** The project's write lock (one writer at a time across every process sharing the database). */
  readonly lock: ProjectWriteLock
  readonly #context: StoreContext
  readonly #project: ResolvedProjectKey
  readonly #names: RecordedNames
  readonly #where: string
  #closed = false

  /** `where` names the database and project in messages. */
  constructor(context: StoreContext, project: ResolvedProjectKey, names: RecordedNames, where: string) {
    this.#context = context
    this.#project = project
    this.#names = names
    this.#where = where
    this.lock = new ProjectWriteLock({
      connect: () => this.#connect('take the write lock'),
      ensureProject: (client) => ensureProject(client, project, names.analyzer, names.indexedText),
      busyTimeoutMs: context.busyTimeoutMs,
      where,
    })
  }

  /** Fails with a RagError `IO` once the store is closed. */
  use(): void {
    if (this.#closed) throw new RagError('IO', `${this.#where}: the PostgreSQL knowledge base is closed; open it again to use it.`)
  }

  /** Releases a held write lock and runs the context's `onClose`. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.lock.releaseHeld()
    await this.#context.onClose?.()
  }

  /** Runs a read on one pooled connection (a single statement is one snapshot). */
  async read<T>(action: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#connect(action)
    try {
      return await work(client)
    } catch (error) {
      throw toStoreError(error, this.#where, action)
    } finally {
      client.release()
    }
  }

  /** Runs several reads in one REPEATABLE READ, READ ONLY transaction: every statement sees one snapshot. */
  async snapshot<T>(action: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.read(action, async (client) => {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      try {
        const result = await work(client)
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      }
    })
  }

  /**
   * Runs a write in one transaction: locks the project row (creating the project when `create`),
   * checks the analyzer and indexed text and the write lock, runs `work`, then bumps the
   * generation and the statistics by `work`'s delta. Returns `undefined` without writing when
   * the project does not exist and `create` is false.
   */
  async write(action: string, create: boolean, work: (client: pg.PoolClient, project: ProjectRow) => Promise<ChunkDelta>): Promise<ChunkDelta | undefined> {
    const client = await this.#connect(action)
    let broken = false
    try {
      if (create) await ensureProject(client, this.#project, this.#names.analyzer, this.#names.indexedText)
      await client.query('BEGIN')
      try {
        await client.query(`SET LOCAL lock_timeout = ${this.#context.busyTimeoutMs}`)
        const project = await readProject(client, this.#project, true)
        if (project === undefined) {
          await client.query('ROLLBACK')
          return undefined
        }
        await checkRecorded(client, project, this.#where, this.#names, true)
        const holder = await readHolder(client, project.id)
        if (holder !== undefined && holder.token !== this.lock.heldToken) {
          throw new RagError('LOCKED', `${this.#where}: the index is being written elsewhere by ${describeOwner(holder)}; cannot ${action} now.`)
        }
        const delta = await work(client, project)
        await client.query(
          'UPDATE rag_projects SET generation = generation + 1, committed_at = now(), chunk_count = chunk_count + $2, total_length = total_length + $3 WHERE id = $1',
          [project.id, delta.count, delta.length],
        )
        await client.query('COMMIT')
        return delta
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true
        })
        throw error
      }
    } catch (error) {
      throw toStoreError(error, this.#where, action)
    } finally {
      client.release(broken)
    }
  }

  async #connect(action: string): Promise<pg.PoolClient> {
    this.use()
    try {
      return await this.#context.pool.connect()
    } catch (error) {
      throw toStoreError(error, this.#context.where, action)
    }
  }
}
