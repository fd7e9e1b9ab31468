import type pg from 'pg'

/** Statements a queue lets run ahead before `push` waits for the oldest. */
const AHEAD = 2

/**
 * Statements sent on one connection without waiting for each: the server works on them while the
 * caller prepares the next (node-postgres runs a connection's queries in order). At most a few
 * run ahead, which bounds the memory their parameters hold. The first failure is thrown by the
 * next `push` or by `drain`; the transaction it ran in is then aborted, so the caller rolls back.
 */
export class StatementQueue {
  readonly #client: pg.ClientBase
  readonly #running: Promise<unknown>[] = []

  constructor(client: pg.ClientBase) {
    this.#client = client
  }

  /** Sends a statement; waits first while {@link AHEAD} statements are still running. */
  async push(text: string, values: unknown[]): Promise<void> {
    while (this.#running.length >= AHEAD) await this.#running.shift()
    const running = this.#client.query(text, values)
    // Handled by the await in push or drain; this keeps Node from calling it unhandled meanwhile.
    running.catch(() => undefined)
    this.#running.push(running)
  }

  /** Waits for every statement sent; throws the first failure. */
  async drain(): Promise<void> {
    while (this.#running.length > 0) await this.#running.shift()
  }
}
