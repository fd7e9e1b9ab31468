import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type pg from 'pg'
import { CancelledError, RagError, type AcquireWriteLockOptions, type WriteLock, type WriteLockOwner } from '@rag/core'
import type { ResolvedProjectKey } from './project-key.js'
import { readProject } from './project-rows.js'
import { LOCK_NAMESPACE } from './schema.js'

const POLL_MS = 100

function anotherWriter(): WriteLockOwner {
  return { pid: 0, host: hostname(), command: 'another writer', startedAt: new Date().toISOString() }
}

/** `rag index` (pid 4242 on host-a, since 2026-12-01T10:00:00.000Z). */
export function describeOwner(owner: WriteLockOwner): string {
  const where = owner.host === hostname() ? '' : ` on ${owner.host}`
  return `${owner.command} (pid ${owner.pid}${where}, since ${owner.startedAt})`
}

interface HolderRow {
  token: string
  pid: number
  host: string
  command: string
  started_at: Date
}

/**
 * The live holder of project `projectId`'s lock: the recorded holder whose connection still holds
 * the session advisory lock. A holder killed by SIGKILL loses its connection, PostgreSQL drops its
 * lock, and its row no longer counts.
 */
export async function readHolder(client: pg.ClientBase, projectId: number): Promise<(WriteLockOwner & { token: string }) | undefined> {
  const { rows } = await client.query<HolderRow>(
    `SELECT w.token, w.pid, w.host, w.command, w.started_at
       FROM rag_write_locks w
       JOIN pg_locks l ON l.locktype = 'advisory' AND l.classid = $2::oid AND l.objid = w.project_id::oid AND l.objsubid = 2
                      AND l.pid = w.backend_pid AND l.granted
      WHERE w.project_id = $1`,
    [projectId, LOCK_NAMESPACE],
  )
  const row = rows[0]
  return row === undefined ? undefined : { token: row.token, pid: row.pid, host: row.host, command: row.command, startedAt: row.started_at.toISOString() }
}

/** The live holder of a project's lock, without its token, or `undefined` (no project, or no live holder). */
export async function readOwner(client: pg.ClientBase, key: ResolvedProjectKey): Promise<WriteLockOwner | undefined> {
  const project = await readProject(client, key)
  if (project === undefined) return undefined
  const holder = await readHolder(client, project.id)
  if (holder === undefined) return undefined
  const { token: _token, ...owner } = holder
  return owner
}

/** What a project's lock needs from its store: a connection of its own and the project row. */
export interface LockTarget {
  /** A dedicated connection, held for as long as the lock is. */
  connect(): Promise<pg.PoolClient>
  /** The project's id, creating its row if needed (autocommit, on `client`). */
  ensureProject(client: pg.ClientBase): Promise<number>
  /** How long taking the lock waits for a write already committing, in milliseconds. */
  readonly busyTimeoutMs: number
  /** Messages start with it: the database and project. */
  readonly where: string
}

/**
 * One project's write lock: a PostgreSQL session advisory lock on (`rags`, project id), held on a
 * connection of its own, with the holder's pid, host and command in `rag_write_locks` for others
 * to report ("indexing elsewhere"). Taking it also waits for the project row lock every write
 * holds, so a write already committing finishes before the lock counts as taken, and every later
 * write by another handle sees the holder and fails with `LOCKED`. PostgreSQL releases the lock the moment the
 * holder's connection ends, so a writer killed by SIGKILL never blocks the next one.
 */
export class ProjectWriteLock {
  readonly #target: LockTarget
  #held: { token: string; owner: WriteLockOwner; client: pg.PoolClient; projectId: number } | undefined

  constructor(target: LockTarget) {
    this.#target = target
  }

  /** This handle's own token while it holds the lock. */
  get heldToken(): string | undefined {
    return this.#held?.token
  }

  /**
   * Takes the lock for `command`, waiting (by default) while another live writer holds it.
   *
   * @throws RagError `LOCKED` when `wait` is `false` and the lock is held; `CancelledError` when
   *   `signal` aborts the wait; RagError `CONFLICT` if this handle already holds it.
   */
  async acquire(command: string, options: AcquireWriteLockOptions = {}): Promise<WriteLock> {
    const { wait = true, onWait, signal } = options
    if (this.#held !== undefined) {
      throw new RagError('CONFLICT', `${this.#target.where}: this store already holds the write lock (${describeOwner(this.#held.owner)}); release it first.`)
    }
    const token = randomUUID()
    const owner: WriteLockOwner = { pid: process.pid, host: hostname(), command, startedAt: new Date().toISOString() }
    const client = await this.#target.connect()
    let waiting = false
    try {
      for (;;) {
        if (signal?.aborted) throw new CancelledError('Stopped waiting for the index write lock.')
        const taken = await this.#tryAcquire(client, token, owner)
        if (typeof taken === 'number') {
          this.#held = { token, owner, client, projectId: taken }
          break
        }
        if (!wait) throw new RagError('LOCKED', `${this.#target.where}: the index is being written elsewhere by ${describeOwner(taken)}; try again when it is done.`)
        if (!waiting) {
          waiting = true
          onWait?.(taken)
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    } catch (error) {
      client.release()
      throw error
    }
    return { owner, release: () => this.#release(token) }
  }

  /** Releases the lock if this handle holds it (called on close). */
  async releaseHeld(): Promise<void> {
    if (this.#held !== undefined) await this.#release(this.#held.token)
  }

  // Tries the advisory lock; once it is taken, waits for a write already committing (the project
  // row lock every write holds) and records the holder. Returns the project id when taken, else
  // the live holder.
  async #tryAcquire(client: pg.PoolClient, token: string, owner: WriteLockOwner): Promise<number | WriteLockOwner> {
    const projectId = await this.#target.ensureProject(client)
    const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [LOCK_NAMESPACE, projectId])
    if (!rows[0]!.taken) {
      // Held, but its holder row not yet visible (it is being recorded): report another writer.
      return (await readHolder(client, projectId)) ?? anotherWriter()
    }
    try {
      await client.query('BEGIN')
      await client.query(`SET LOCAL lock_timeout = ${this.#target.busyTimeoutMs}`)
      await client.query('SELECT id FROM rag_projects WHERE id = $1 FOR UPDATE', [projectId])
      await client.query(
        `INSERT INTO rag_write_locks (project_id, backend_pid, token, pid, host, command, started_at)
         VALUES ($1, pg_backend_pid(), $2, $3, $4, $5, $6)
         ON CONFLICT (project_id) DO UPDATE SET backend_pid = EXCLUDED.backend_pid, token = EXCLUDED.token, pid = EXCLUDED.pid,
           host = EXCLUDED.host, command = EXCLUDED.command, started_at = EXCLUDED.started_at`,
        [projectId, token, owner.pid, owner.host, owner.command, owner.startedAt],
      )
      await client.query('COMMIT')
      return projectId
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, projectId]).catch(() => undefined)
      // A write committing for longer than the busy timeout: another writer, for now.
      if ((error as { code?: unknown }).code === '55P03') return anotherWriter()
      throw error
    }
  }

  async #release(token: string): Promise<void> {
    const held = this.#held
    if (held?.token !== token) return
    this.#held = undefined
    let broken = false
    try {
      await held.client.query('DELETE FROM rag_write_locks WHERE project_id = $1 AND token = $2', [held.projectId, token])
      await held.client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, held.projectId])
    } catch {
      // A broken connection: closing it below ends the session, which releases the lock.
      broken = true
    } finally {
      held.client.release(broken)
    }
  }
}
