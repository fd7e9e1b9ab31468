import type pg from 'pg'
import { CopyIn } from './copy-in.js'

/** Bytes of queued statement parameters and COPY data held in Node before the caller waits. */
const MAX_HELD = 48 << 20

/** A `COPY ... FROM STDIN` being filled by the caller: its data is sent in order with everything queued. */
export interface CopyWriter {
  /** Queues chunks of COPY data; waits while too much is held, throws the queue's first failure. */
  write(chunks: readonly Buffer[]): Promise<void>
  /** Ends the data: the COPY completes once the server has every row. */
  end(): void
}

interface StatementJob {
  readonly kind: 'statement'
  readonly text: string
  readonly values: unknown[]
  readonly bytes: number
}

interface CopyJob {
  readonly kind: 'copy'
  readonly sql: string
  readonly chunks: Buffer[]
  ended: boolean
}

/**
 * Statements and COPYs run one after another on one connection while the caller prepares the
 * next: the caller queues them (with their data) and goes on, and a worker sends them in order,
 * one at a time (node-postgres is never asked to queue). A COPY must be ended before anything
 * else is queued. A COPY's data streams to the server as
 * the caller produces it, and the caller can fill the next COPY while the server still stores
 * the previous one. At most {@link MAX_HELD} bytes wait in Node, which bounds memory. The first
 * failure is thrown by the next `push` or `write`, or by `drain`; the transaction it ran in is
 * then aborted, so the caller calls `abandon` and rolls back.
 */
export class StatementQueue {
  readonly #client: pg.ClientBase
  readonly #jobs: (StatementJob | CopyJob)[] = []
  #held = 0
  #worker: Promise<void> = Promise.resolve()
  /** Whether the worker runs; cleared synchronously when it runs out of jobs, so the next job starts another. */
  #running = false
  #failure: { readonly error: unknown } | undefined
  #abandoned = false
  /** The COPY being sent, to abort it when the caller gives up. */
  #sending: CopyIn | undefined
  /** Wakes the worker (new data or a new job) and the caller (room, or a failure). */
  #wakeWorker: (() => void) | undefined
  #wakeCaller: (() => void) | undefined

  constructor(client: pg.ClientBase) {
    this.#client = client
  }

  /** Queues a statement; waits while too much data is held. */
  async push(text: string, values: unknown[]): Promise<void> {
    const bytes = values.reduce<number>((sum, value) => sum + (typeof value === 'string' || Buffer.isBuffer(value) ? value.length : 8), text.length)
    this.#add({ kind: 'statement', text, values, bytes }, bytes)
    await this.#room()
  }

  /** Queues a `COPY ... FROM STDIN`; fill it with {@link CopyWriter.write}, then {@link CopyWriter.end} it. */
  copy(sql: string): CopyWriter {
    const job: CopyJob = { kind: 'copy', sql, chunks: [], ended: false }
    this.#add(job, 0)
    return {
      write: async (chunks) => {
        this.#throwIfFailed()
        for (const chunk of chunks) {
          job.chunks.push(chunk)
          this.#held += chunk.length
        }
        this.#wake()
        await this.#room()
        // One turn of the event loop, so the socket takes what the worker wrote while the caller
        // works on synchronously (awaits of settled promises never let I/O run).
        await new Promise<void>((resolve) => setImmediate(resolve))
      },
      end: () => {
        job.ended = true
        this.#wake()
      },
    }
  }

  /** Waits until everything queued has run; throws the first failure. */
  async drain(): Promise<void> {
    await this.#worker
    this.#throwIfFailed()
  }

  /**
   * After a failure: stops sending (a COPY being sent is abandoned, which fails the transaction)
   * and waits until the connection has finished with what was sent, so the caller's ROLLBACK can run.
   */
  async abandon(reason: unknown): Promise<void> {
    this.#abandoned = true
    this.#failure ??= { error: reason }
    this.#sending?.abort(reason instanceof Error ? reason : new Error(String(reason)))
    this.#wake()
    await this.#worker
  }

  #add(job: StatementJob | CopyJob, bytes: number): void {
    this.#throwIfFailed()
    this.#jobs.push(job)
    this.#held += bytes
    if (!this.#running) {
      this.#running = true
      this.#worker = this.#run()
    }
    this.#wake()
  }

  #throwIfFailed(): void {
    if (this.#failure !== undefined) throw this.#failure.error
  }

  /** Waits while more than {@link MAX_HELD} bytes are held; throws the first failure. */
  async #room(): Promise<void> {
    while (this.#held > MAX_HELD && this.#failure === undefined) await new Promise<void>((resolve) => (this.#wakeCaller = resolve))
    this.#throwIfFailed()
  }

  #wake(): void {
    const worker = this.#wakeWorker
    this.#wakeWorker = undefined
    worker?.()
  }

  #release(bytes: number): void {
    this.#held -= bytes
    if (this.#held <= MAX_HELD || this.#failure !== undefined) {
      const caller = this.#wakeCaller
      this.#wakeCaller = undefined
      caller?.()
    }
  }

  async #run(): Promise<void> {
    try {
      while (this.#jobs.length > 0 && !this.#abandoned) {
        const job = this.#jobs[0]!
        if (job.kind === 'statement') {
          await this.#client.query(job.text, job.values)
          this.#release(job.bytes)
        } else {
          await this.#send(job)
        }
        this.#jobs.shift()
      }
    } catch (error) {
      this.#failure ??= { error }
    } finally {
      this.#running = false
      if (this.#failure !== undefined) {
        this.#jobs.length = 0
        this.#release(this.#held)
      }
    }
  }

  /** Streams a COPY's data as the caller queues it, then waits for the server to store it. */
  async #send(job: CopyJob): Promise<void> {
    const copy = CopyIn.start(this.#client, job.sql)
    this.#sending = copy
    try {
      for (;;) {
        if (this.#abandoned) return await copy.settled()
        const chunks = job.chunks.splice(0)
        if (chunks.length > 0) {
          let bytes = 0
          for (const chunk of chunks) bytes += chunk.length
          await copy.write(chunks)
          this.#release(bytes)
        } else if (job.ended) {
          return await copy.end()
        } else {
          await new Promise<void>((resolve) => (this.#wakeWorker = resolve))
        }
      }
    } finally {
      this.#sending = undefined
    }
  }
}
