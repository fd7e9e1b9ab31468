/**
 * Runs a task after a quiet period: every `trigger()` restarts the timer, runs never overlap, and
 * triggers that arrive during a run schedule one more run after it.
 */
export class DebouncedRunner {
  readonly #task: () => Promise<void>
  readonly #delayMs: number
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #again = false
  #closed = false

  constructor(task: () => Promise<void>, delayMs: number) {
    this.#task = task
    this.#delayMs = delayMs
  }

  /** Schedules a run `delayMs` after the last trigger. */
  trigger(): void {
    if (this.#closed) return
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.#fire(), this.#delayMs)
  }

  /** Stops scheduling; resolves once a run in progress has finished. */
  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    await this.#running
  }

  #fire(): void {
    this.#timer = undefined
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
