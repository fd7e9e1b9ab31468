/**
 * A tiny async mutex: callers of {@link Mutex.runExclusive} run one at a time, in call order.
 * Used to serialize writers (index runs, `clear()`); readers never take it.
 *
 * @example
 * const lock = new Mutex()
 * await lock.runExclusive(async () => { await kb.replaceDocuments(old, fresh) })
 */
export class Mutex {
  #tail: Promise<void> = Promise.resolve()
  #pending = 0

  /** `true` while a holder runs or waiters are queued. */
  get locked(): boolean {
    return this.#pending > 0
  }

  /** Runs `task` once every earlier task has settled; its result or error passes through. */
  runExclusive<T>(task: () => T | Promise<T>): Promise<T> {
    this.#pending++
    const run = this.#tail.then(task)
    this.#tail = run.then(
      () => this.#release(),
      () => this.#release(),
    )
    return run
  }

  #release(): void {
    this.#pending--
  }
}
