import type pg from 'pg'
import { CopyIn } from './copy-in.js'

/** Statements a queue lets run ahead before `push` waits for the oldest. */
const AHEAD = 2

/**
 * Statements and COPYs sent on one connection without waiting for each: the server works on them
 * while the caller prepares the next (node-postgres runs a connection's queries in order). At
 * most a few run ahead, which bounds the memory their data holds. The first failure is thrown by
 * the next `push` or `copy`, or by `drain`; the transaction it ran in is then aborted, so the
 * caller calls `abandon` and rolls back.
 */
export class StatementQueue {
  readonly #client: pg.ClientBase
  readonly #running: Promise<unknown>[] = []
  /** COPYs started and not yet ended. */
  readonly #open = new Set<CopyIn>()
  /** Every statement and COPY sent, to wait for them all after a failure. */
  readonly #sent: Promise<unknown>[] = []

  constructor(client: pg.ClientBase) {
    this.#client = client
  }

  /** Sends a statement; waits first while {@link AHEAD} statements are still running. */
  async push(text: string, values: unknown[]): Promise<void> {
    await this.#makeRoom()
    const running = this.#client.query(text, values)
    this.#track(running)
  }

  /** Starts a `COPY ... FROM STDIN`; write its data, then hand it to {@link StatementQueue.end}. */
  async copy(sql: string): Promise<CopyIn> {
    await this.#makeRoom()
    const copy = CopyIn.start(this.#client, sql)
    this.#open.add(copy)
    this.#sent.push(copy.settled())
    return copy
  }

  /** Ends a COPY's data; it completes in the background, like a pushed statement. */
  end(copy: CopyIn): void {
    this.#open.delete(copy)
    this.#track(copy.end())
  }

  /** Waits for every statement and COPY sent; throws the first failure. */
  async drain(): Promise<void> {
    while (this.#running.length > 0) await this.#running.shift()
  }

  /**
   * After a failure: abandons the COPYs still open (the transaction fails) and waits until the
   * connection has finished with everything sent, so the caller's ROLLBACK can run.
   */
  async abandon(reason: unknown): Promise<void> {
    const error = reason instanceof Error ? reason : new Error(String(reason))
    for (const copy of this.#open) copy.abort(error)
    this.#open.clear()
    this.#running.length = 0
    await Promise.allSettled(this.#sent)
  }

  async #makeRoom(): Promise<void> {
    while (this.#running.length >= AHEAD) await this.#running.shift()
  }

  #track(running: Promise<unknown>): void {
    // Handled by the await in push, copy or drain; this keeps Node from calling it unhandled meanwhile.
    running.catch(() => undefined)
    this.#running.push(running)
    this.#sent.push(running)
  }
}
