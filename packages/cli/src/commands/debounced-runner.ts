/**
 * Runs a task after a quiet period: every `trigger()` restarts the timer, runs never overlap, and
 * triggers that arrive during a run schedule one more run after it.
 */
export class DebouncedRunner {
  readonly #task: () => Promise<void>
  readonly #delayMs: number
  readonly #maxWaitMs: number
  /** When the first trigger not yet run came (`undefined`: none pending). */
  #pendingSince: number | undefined
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #again = false
  #closed = false

  /**
   * @param maxWaitMs the longest a trigger waits for its run while triggers keep coming (a file
   *   that never stops changing must not hold back every run); `Infinity` for none.
   */
  constructor(task: () => Promise<void>, delayMs: number, maxWaitMs = Number.POSITIVE_INFINITY) {
    this.#task = task
    this.#delayMs = delayMs
    this.#maxWaitMs = maxWaitMs
  }

  /** Schedules a run `delayMs` after the last trigger, and no later than `maxWaitMs` after the first one not yet run. */
  trigger(): void {
    if (this.#closed) return
    if (this.#timer) clearTimeout(this.#timer)
    const now = Date.now()
    this.#pendingSince ??= now
    const delay = Math.max(0, Math.min(this.#delayMs, this.#pendingSince + this.#maxWaitMs - now))
    this.#timer = setTimeout(() => this.#fire(), delay)
  }

  /** Stops scheduling; resolves once a run in progress has finished. */
  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    await this.#running
  }

  #fire(): void {
    this.#timer = undefined
    this.#pendingSince = undefined
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = this.#task()
      .catch(() => {})
      .finally(() => {
        this.#running = undefined
        if (this.#again) {
          this.#again = false
          this.trigger()
        }
      })
  }
}
