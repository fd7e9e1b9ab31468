import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type Database from 'better-sqlite3'
import { CancelledError, RagError, type AcquireWriteLockOptions, type WriteLock, type WriteLockOwner } from '@rag/core'

/** How often a holder proves it is alive. */
export const LOCK_HEARTBEAT_MS = 5_000
/** A holder silent for this long is presumed dead, even on another host. */
export const LOCK_STALE_AFTER_MS = 60_000
const POLL_MS = 100

type LockRow = [token: string, owner: string, heartbeatMs: number]

/** `true` unless the process is known to be gone. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function parseOwner(text: string): WriteLockOwner {
  try {
    const owner = JSON.parse(text) as Partial<WriteLockOwner>
    return { pid: Number(owner.pid), host: String(owner.host), command: String(owner.command), startedAt: String(owner.startedAt) }
  } catch {
    return { pid: 0, host: '?', command: '?', startedAt: '?' }
  }
}

/** `rag index` (pid 4242 on host-a, since 2026-12-01T10:00:00.000Z). */
export function describeOwner(owner: WriteLockOwner): string {
  const where = owner.host === hostname() ? '' : ` on ${owner.host}`
  return `${owner.command} (pid ${owner.pid}${where}, since ${owner.startedAt})`
}

/**
 * The one-writer-at-a-time lock of a store, kept in its `write_lock` table, so that it works across
 * processes (and across hosts sharing a file system) with nothing but SQLite: taking it is one
 * IMMEDIATE transaction that writes the row when it is absent or stale. A holder refreshes
 * `heartbeat_ms` every {@link LOCK_HEARTBEAT_MS}; a row whose process is gone (same host) or that
 * has been silent for {@link LOCK_STALE_AFTER_MS} is stale, so a writer killed by SIGKILL never
 * blocks the next one for long.
 */
export class StoreWriteLock {
  readonly #db: Database.Database
  readonly #select: Database.Statement<[], LockRow>
  readonly #put: Database.Statement<[string, string, number]>
  readonly #beat: Database.Statement<[number, string]>
  readonly #delete: Database.Statement<[string]>
  #held: { token: string; owner: WriteLockOwner; timer: NodeJS.Timeout } | undefined

  constructor(db: Database.Database) {
    this.#db = db
    this.#select = db.prepare<[], LockRow>('SELECT token, owner, heartbeat_ms FROM write_lock WHERE id = 1').raw()
    this.#put = db.prepare('INSERT OR REPLACE INTO write_lock (id, token, owner, heartbeat_ms) VALUES (1, ?, ?, ?)')
    this.#beat = db.prepare('UPDATE write_lock SET heartbeat_ms = ? WHERE id = 1 AND token = ?')
    this.#delete = db.prepare('DELETE FROM write_lock WHERE id = 1 AND token = ?')
  }

  /** The live holder, or `undefined` when the lock is free (or held by a dead writer). */
  holder(): WriteLockOwner | undefined {
    const row = this.#select.get()
    return row === undefined || this.#stale(row) ? undefined : parseOwner(row[1])
  }

  /**
   * The live holder other than this connection's own acquisition, if any: a write by this
   * connection must fail while it is set. Call inside the write transaction.
   */
  blockingHolder(): WriteLockOwner | undefined {
    const row = this.#select.get()
    if (row === undefined || row[0] === this.#held?.token || this.#stale(row)) return undefined
    return parseOwner(row[1])
  }

  /**
   * Takes the lock for `command`, waiting (by default) while another live writer holds it.
   *
   * @throws RagError `LOCKED` when `wait` is `false` and the lock is held; `CancelledError` when
   *   `signal` aborts the wait; RagError `CONFLICT` if this connection already holds it.
   */
  async acquire(command: string, options: AcquireWriteLockOptions = {}): Promise<WriteLock> {
    const { wait = true, onWait, signal } = options
    if (this.#held !== undefined) {
      throw new RagError('CONFLICT', `This connection already holds the write lock (${describeOwner(this.#held.owner)}); release it first.`)
    }
    const token = randomUUID()
    const owner: WriteLockOwner = { pid: process.pid, host: hostname(), command, startedAt: new Date().toISOString() }
    let waiting = false
    for (;;) {
      if (signal?.aborted) throw new CancelledError('Stopped waiting for the index write lock.')
      const holder = this.#tryAcquire(token, owner)
      if (holder === undefined) break
      if (!wait) throw new RagError('LOCKED', `The index is being written by ${describeOwner(holder)}; try again when it is done.`)
      if (!waiting) {
        waiting = true
        onWait?.(holder)
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
    const timer = setInterval(() => this.#heartbeat(token), LOCK_HEARTBEAT_MS)
    timer.unref()
    this.#held = { token, owner, timer }
    return { owner, release: async () => this.#release(token) }
  }

  /** Releases this connection's lock, if it holds one (called on close). */
  releaseHeld(): void {
    if (this.#held !== undefined) this.#release(this.#held.token)
  }

  // Takes the row when absent or stale; returns the live holder otherwise. A busy database (another
  // connection committing) counts as held by nobody in particular: try again.
  #tryAcquire(token: string, owner: WriteLockOwner): WriteLockOwner | undefined {
    try {
      return this.#db
        .transaction(() => {
          const row = this.#select.get()
          if (row !== undefined && !this.#stale(row)) return parseOwner(row[1])
          this.#put.run(token, JSON.stringify(owner), Date.now())
          return undefined
        })
        .immediate()
    } catch (error) {
      if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return { pid: 0, host: hostname(), command: 'another writer', startedAt: new Date().toISOString() }
      throw error
    }
  }

  #stale([, ownerText, heartbeatMs]: LockRow): boolean {
    const owner = parseOwner(ownerText)
    if (owner.host === hostname() && !alive(owner.pid)) return true
    return Date.now() - heartbeatMs > LOCK_STALE_AFTER_MS
  }

  #heartbeat(token: string): void {
    try {
      this.#beat.run(Date.now(), token)
    } catch {
      // A busy or closed database: the next beat tries again; a lock silent for a minute is stale.
    }
  }

  #release(token: string): void {
    if (this.#held?.token !== token) return
    clearInterval(this.#held.timer)
    this.#held = undefined
    try {
      this.#delete.run(token)
    } catch {
      // Closed or read-only: the row is stale once this process is gone.
    }
  }
}
