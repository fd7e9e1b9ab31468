import { Mutex } from '@rag/core'

/**
 * A short latch around the commit of one generation into several stores (the knowledge base, the
 * BM25 stream, any replaceable extra stream). Each store swaps atomically on its own, but a
 * reader that lands between two swaps would see the new generation in one store and the old one
 * in the next. Readers therefore wait while a commit runs (for in-memory stores: the swaps
 * themselves, no I/O) and re-run when a commit overlapped them.
 *
 * The epoch is odd while a commit runs and even otherwise; it changes twice per commit, so a
 * reader that saw the same even epoch before and after it ran saw one generation everywhere.
 */
export class CommitLatch {
  #epoch = 0
  #idle: Promise<void> = Promise.resolve()
  readonly #commits = new Mutex()

  /** Runs `commit` with readers held back; commits run one at a time, in call order. */
  run<T>(commit: () => Promise<T>): Promise<T> {
    return this.#commits.runExclusive(async () => {
      let open!: () => void
      this.#idle = new Promise<void>((resolve) => (open = resolve))
      this.#epoch++
      try {
        return await commit()
      } finally {
        this.#epoch++
        open()
      }
    })
  }

  /**
   * Runs `read` against one consistent generation: waits while a commit runs, and runs `read`
   * again if a commit started before it finished.
   */
  async read<T>(read: () => Promise<T>): Promise<T> {
    for (;;) {
      await this.#idle
      const epoch = this.#epoch
      if (epoch % 2 === 1) continue
      const result = await read()
      if (this.#epoch === epoch) return result
    }
  }

  /** Counts commit starts and ends: equal values mean no commit ran in between (odd while one runs). */
  get epoch(): number {
    return this.#epoch
  }

  /** `true` while a commit runs. */
  get committing(): boolean {
    return this.#epoch % 2 === 1
  }
}
