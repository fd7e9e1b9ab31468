import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import { ANSWERED, CANCEL, SIGNAL, STATE, type TextAnalysisMessage } from './static-training-protocol.js'

/**
 * How long {@link PendingAnalysis.joined} waits for the thread's next batch before it gives up on
 * the thread (one that died without answering) and lets the caller analyse the rest itself. A
 * batch is a few hundred texts: milliseconds of work.
 */
const STALL_MS = 30_000

/**
 * One analysis request on the worker thread: the joined terms of each text arrive in batches, in
 * text order, while the caller writes the ones before. {@link joined} blocks the calling thread
 * (it runs inside a synchronous store transaction) until the text's batch arrived; the worker
 * wakes it through shared memory and the batch comes through `receiveMessageOnPort`, so no
 * event-loop turn happens meanwhile.
 */
export class PendingAnalysis {
  readonly #port: MessagePort
  readonly #state: Int32Array
  readonly #joined: string[] = []
  readonly #count: number
  readonly #onStop: () => void
  #stopped = false

  /** @internal Made by `StaticTrainer.analyse`; `onStop` runs once, when the request is read to its end, fails or is cancelled. */
  constructor(port: MessagePort, state: Int32Array, count: number, onStop: () => void = () => {}) {
    this.#port = port
    this.#state = state
    this.#count = count
    this.#onStop = onStop
  }

  /**
   * The analyzer's terms of text `index` joined by single spaces, blocking until the thread
   * analysed it; `undefined` when the thread failed, stalled or was cancelled (the caller
   * analyses the text itself then).
   */
  joined(index: number): string | undefined {
    while (index >= this.#joined.length && !this.#stopped) {
      const posted = Atomics.load(this.#state, SIGNAL)
      if (this.#drain()) continue
      // The thread is done with this request: what it posted is all there is.
      if (Atomics.load(this.#state, STATE) >= ANSWERED) {
        if (!this.#drain()) this.#stop()
      } else if (Atomics.wait(this.#state, SIGNAL, posted, STALL_MS) === 'timed-out') this.#stop()
    }
    return this.#joined[index]
  }

  /** Stops the request: the thread drops the texts it has not analysed yet. */
  cancel(): void {
    Atomics.store(this.#state, CANCEL, 1)
    this.#stop()
  }

  /** Reads the batches posted so far; `true` when there was one. */
  #drain(): boolean {
    let any = false
    for (let next = receiveMessageOnPort(this.#port); next !== undefined && !this.#stopped; next = receiveMessageOnPort(this.#port)) {
      const message = next.message as TextAnalysisMessage
      if (message.kind === 'failed') this.#stop()
      else for (const terms of message.terms) this.#joined.push(terms)
      any = true
    }
    if (this.#joined.length >= this.#count) this.#stop()
    return any
  }

  #stop(): void {
    if (this.#stopped) return
    this.#stopped = true
    Atomics.store(this.#state, CANCEL, 1)
    this.#port.close()
    this.#onStop()
  }
}
