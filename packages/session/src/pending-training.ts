import { receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads'
import { CancelledError, RagError } from '@rag/core'
import type { AnalysedTexts, StaticModel } from '@rag/vector'
import { helpWithRows } from './shared-rows.js'
import { ANALYSED, ANSWERED, CANCEL, SIGNAL, STATE, type StaticTrainingMessage, type StaticTrainingOutcome } from './static-training-protocol.js'

/** A static model trained on the worker thread, and the vector of every text it was trained for, in text order. */
export interface TrainedOnThread {
  readonly model: StaticModel
  readonly vectors: Float32Array[]
}

/**
 * How long {@link PendingTraining.wait} blocks before it gives up on a worker that never answered
 * (one that died without posting: out of memory). Training reads at most 8 M characters and the
 * thread gets at most `TRAINER_MAX_CHARS`: seconds of work.
 */
const DEADLINE_MS = 300_000

/** `Atomics.waitAsync` (in Node since 16; TypeScript types it only in its es2024 library, which this project does not use). */
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number): { async: false; value: string } | { async: true; value: Promise<string> } }).waitAsync

/**
 * One training request on the worker thread. The texts' analysis comes first
 * ({@link analysed}, without blocking), then the model. The model is taken either without
 * blocking ({@link result}) or, inside a synchronous store transaction, by blocking the calling
 * thread until the worker answered ({@link wait}): the worker wakes it through shared memory and
 * the model comes through `receiveMessageOnPort`, so no event-loop turn happens meanwhile.
 */
export class PendingTraining {
  readonly #worker: Worker
  readonly #port: MessagePort
  readonly #state: Int32Array
  #analysed: AnalysedTexts | undefined
  #outcome: TrainedOnThread | Error | undefined
  #helped = 0

  /** @internal Made by {@link StaticTrainer.train}. */
  constructor(worker: Worker, port: MessagePort, state: Int32Array) {
    this.#worker = worker
    this.#port = port
    this.#state = state
  }

  /**
   * The analyzer's terms of the texts, once the worker analysed them (training goes on), without
   * blocking; `undefined` when training stopped before (its error comes from {@link wait}).
   */
  async analysed(): Promise<AnalysedTexts | undefined> {
    await this.#reach(ANALYSED)
    this.#drain()
    return this.#analysed
  }

  /**
   * The trained model, blocking the calling thread until the worker answered.
   *
   * @throws CancelledError after {@link cancel}; RagError `INTERNAL` when training failed on the
   *   thread, or the thread did not answer within the deadline (it is stopped then).
   */
  wait(): TrainedOnThread {
    const deadline = Date.now() + DEADLINE_MS
    for (;;) {
      const posted = Atomics.load(this.#state, SIGNAL)
      // Meanwhile, this thread takes its share of the row tasks the worker offers.
      this.#drain(true)
      if (this.#outcome !== undefined || Atomics.load(this.#state, STATE) >= ANSWERED) break
      const now = Date.now()
      if (now >= deadline) {
        this.#settle(new RagError('INTERNAL', `The static model's training thread did not answer within ${DEADLINE_MS / 1000} s.`))
        void this.#worker.terminate()
        break
      }
      Atomics.wait(this.#state, SIGNAL, posted, deadline - now)
    }
    return this.#take()
  }

  /**
   * The trained model, without blocking.
   *
   * @throws as {@link wait}; the worker's error when its thread stopped.
   */
  async result(): Promise<TrainedOnThread> {
    await this.#reach(ANSWERED)
    return this.#take()
  }

  /** How many blocks of the worker's row tasks this thread ran while it waited in {@link wait}. */
  get helpedBlocks(): number {
    return this.#helped
  }

  /**
   * Stops this request (the worker drops it at its next checkpoint); a later {@link wait} or
   * {@link result} throws CancelledError, also when the model had already come in but was not taken.
   */
  cancel(): void {
    if (this.#outcome instanceof Error) return
    if (this.#outcome === undefined) Atomics.store(this.#state, CANCEL, 1)
    this.#settle(new CancelledError('Training of the static model was cancelled.'))
  }

  /** Waits, without blocking, until the worker reached `stage` (or the request settled, or the thread stopped). */
  async #reach(stage: number): Promise<void> {
    let onStop: ((error: unknown) => void) | undefined
    const stopped = new Promise<never>((_, reject) => {
      onStop = (error) => reject(error instanceof Error ? error : new RagError('INTERNAL', "The static model's training thread stopped before it answered."))
      this.#worker.once('error', onStop).once('exit', onStop)
    })
    // Neither an `Atomics.waitAsync` nor the (unreferenced) worker keeps the process alive meanwhile.
    const keepAlive = setInterval(() => {}, 60_000)
    try {
      for (let at = Atomics.load(this.#state, STATE); this.#outcome === undefined && at < stage; at = Atomics.load(this.#state, STATE)) {
        const waiting = waitAsync(this.#state, STATE, at)
        if (waiting.async) await Promise.race([waiting.value, stopped])
      }
    } catch (error) {
      this.#settle(error as Error)
    } finally {
      clearInterval(keepAlive)
      this.#worker.off('error', onStop!).off('exit', onStop!)
    }
  }

  /** Reads what the worker posted so far; with `help`, runs this thread's share of the row tasks offered (passed over otherwise). */
  #drain(help = false): void {
    for (let next = this.#outcome === undefined ? receiveMessageOnPort(this.#port) : undefined; next !== undefined; next = this.#outcome === undefined ? receiveMessageOnPort(this.#port) : undefined) {
      const message = next.message as StaticTrainingMessage
      if (message.kind === 'analysed') this.#analysed = message.analysed
      else if (message.kind === 'rows') {
        if (help) this.#helped += helpWithRows(message).ran
      } else this.#settle(outcomeOf(message.outcome))
    }
  }

  #settle(outcome: TrainedOnThread | Error): void {
    if (this.#outcome === undefined) this.#port.close()
    this.#outcome = outcome
  }

  #take(): TrainedOnThread {
    this.#drain()
    if (this.#outcome === undefined) this.#settle(new RagError('INTERNAL', "The static model's training thread answered without a result."))
    if (this.#outcome instanceof Error) throw this.#outcome
    return this.#outcome!
  }
}

function outcomeOf(posted: StaticTrainingOutcome): TrainedOnThread | Error {
  if (!posted.ok) return posted.cancelled ? new CancelledError(posted.message) : new RagError('INTERNAL', `Training the static model failed on its thread: ${posted.message}`)
  const { model, vectors } = posted
  return { model, vectors: Array.from({ length: vectors.length / model.dimensions }, (_, i) => vectors.subarray(i * model.dimensions, (i + 1) * model.dimensions)) }
}

