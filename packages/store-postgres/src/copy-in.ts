import { once } from 'node:events'
import type pg from 'pg'
import pgCopyStreams from 'pg-copy-streams'

/** Bytes a COPY may hold in Node before `write` waits for the connection to take them. */
const HIGH_WATER_MARK = 8 << 20

/**
 * One `COPY ... FROM STDIN` on a connection (pg-copy-streams): data is streamed while the server
 * inserts it. Start it when the connection runs nothing else (`StatementQueue` sends one
 * statement at a time); `write` waits while {@link HIGH_WATER_MARK} bytes are not yet taken by
 * the socket. `end` resolves once the server has stored every row; any failure (a constraint, an
 * aborted transaction) rejects `write` and `end`. After a failure in the caller, `abort` ends the
 * COPY so the connection can roll back.
 */
export class CopyIn {
  readonly #stream: pgCopyStreams.CopyStreamQuery
  /** Settles when the COPY has completed (the server has every row) or failed. */
  readonly #done: Promise<void>

  private constructor(stream: pgCopyStreams.CopyStreamQuery) {
    this.#stream = stream
    this.#done = new Promise<void>((resolve, reject) => {
      stream.once('finish', resolve)
      stream.once('error', reject)
    })
    // Awaited by write, end or the caller's clean-up; this keeps Node from calling it unhandled meanwhile.
    this.#done.catch(() => undefined)
  }

  /** Queues `sql` (a `COPY ... FROM STDIN`) on `client`. */
  static start(client: pg.ClientBase, sql: string): CopyIn {
    return new CopyIn(client.query(pgCopyStreams.from(sql, { highWaterMark: HIGH_WATER_MARK })))
  }

  /** Sends chunks of COPY data; waits while too much is held, throws the COPY's failure. */
  async write(chunks: readonly Buffer[]): Promise<void> {
    let full = false
    for (const chunk of chunks) full = !this.#stream.write(chunk)
    if (!full) return
    if (this.#stream.errored !== null || this.#stream.destroyed) return this.#done
    await Promise.race([once(this.#stream, 'drain'), this.#done])
  }

  /** Ends the data; resolves once the server has stored every row. */
  end(): Promise<void> {
    this.#stream.end()
    return this.#done
  }

  /** Abandons the COPY (unless its data is complete): the server discards it and fails the transaction. */
  abort(reason: Error): void {
    if (!this.#stream.writableEnded && !this.#stream.destroyed) this.#stream.destroy(reason)
  }

  /** Resolves once the COPY has completed or failed (the connection has moved past it). */
  async settled(): Promise<void> {
    await this.#done.catch(() => undefined)
  }
}
