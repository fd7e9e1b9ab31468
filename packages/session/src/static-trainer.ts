import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { MessageChannel, Worker } from 'node:worker_threads'
import { PendingTraining } from './pending-training.js'
import type { Analyzer } from '@rag/core'
import { ANALYZERS, analyzerByStoredName, type AnalyzerName } from './retrieval-presets.js'
import { STATE_BYTES, type StaticTrainingRequest } from './static-training-protocol.js'

/**
 * The most characters of text a session hands the training thread: it holds a copy of them while
 * it trains. A larger corpus trains on the calling thread, reading each text when it needs it.
 */
export const TRAINER_MAX_CHARS = 64_000_000

/**
 * Where the built worker lives: `static-training-worker.js` next to this module in `dist/`;
 * `undefined` when it does not exist (running from sources, e.g. under vitest).
 */
export function defaultTrainingWorker(): URL | undefined {
  const url = new URL('./static-training-worker.js', import.meta.url)
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined
}

/**
 * The worker thread that trains static models for a process: started once ({@link warm} starts
 * it early, so it loads while the index run chunks), kept between runs so later trainings run
 * warm code, and never keeping the process alive. Requests run one at a time, in order.
 */
export class StaticTrainer {
  readonly #script: URL
  #worker: Worker | undefined

  constructor(script: URL) {
    this.#script = script
  }

  /** Starts the thread if it is not running. */
  warm(): void {
    this.#thread()
  }

  /** Sends a training request; `texts` are copied to the thread. */
  train(texts: readonly string[], analyzer: AnalyzerName, dimensions: number): PendingTraining {
    const worker = this.#thread()
    const { port1, port2 } = new MessageChannel()
    const state = new SharedArrayBuffer(STATE_BYTES)
    const request: StaticTrainingRequest = { texts, analyzer, dimensions, state, port: port2 }
    worker.postMessage(request, [port2])
    return new PendingTraining(worker, port1, new Int32Array(state))
  }

  #thread(): Worker {
    if (this.#worker !== undefined) return this.#worker
    const worker = new Worker(this.#script)
    worker.unref()
    // A thread that stopped (crashed, or was stopped after a deadline) is replaced on the next request.
    worker.on('error', () => {}).once('exit', () => {
      if (this.#worker === worker) this.#worker = undefined
    })
    this.#worker = worker
    return worker
  }
}

const trainers = new Map<string, StaticTrainer>()

/** The process's trainer for a worker script (one thread per script, shared by every session). */
export function trainerFor(script: URL): StaticTrainer {
  let trainer = trainers.get(script.href)
  if (trainer === undefined) trainers.set(script.href, (trainer = new StaticTrainer(script)))
  return trainer
}

/**
 * The trainer a session's static models train on, with the name the worker rebuilds its analyzer
 * by; `undefined` when they train on the calling thread: `trainingWorker` is `false`, no built
 * worker script is found (running from sources), or the analyzer is not one of `ANALYZERS` itself.
 */
export function sessionTrainer(trainingWorker: URL | false | undefined, analyzer: Analyzer): { trainer: StaticTrainer; analyzer: AnalyzerName } | undefined {
  const script = trainingWorker === false ? undefined : (trainingWorker ?? defaultTrainingWorker())
  const name = analyzerByStoredName(analyzer.name)
  return script === undefined || name === undefined || ANALYZERS[name] !== analyzer ? undefined : { trainer: trainerFor(script), analyzer: name }
}
