import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { MessageChannel, Worker } from 'node:worker_threads'
import { PendingAnalysis } from './pending-analysis.js'
import { PendingTraining } from './pending-training.js'
import type { Analyzer } from '@rag/core'
import { ANALYZERS, analyzerByStoredName, type AnalyzerName } from './retrieval-presets.js'
import { STATE_BYTES, type StaticTrainingRequest, type TextAnalysisRequest } from './static-training-protocol.js'

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
 * A worker thread of a process that trains static models, or analyses a commit's documents (see
 * {@link ThreadPurpose}): started once ({@link warm} starts it early, so it loads while the index
 * run chunks), kept between runs so later requests run warm code, and never keeping the process
 * alive. Requests run one at a time, in order.
 */
export class StaticTrainer {
  readonly #script: URL
  readonly #idleStopMs: number | undefined
  #worker: Worker | undefined
  /** Analysis requests not yet read to the end or cancelled. */
  #open = 0
  #idle: NodeJS.Timeout | undefined

  /**
   * @param idleStopMs with it, the thread stops once it has had no open analysis request for this
   *   long (the next request starts another): a long-lived process does not keep the memory of a
   *   thread it used for one large commit.
   */
  constructor(script: URL, idleStopMs?: number) {
    this.#script = script
    this.#idleStopMs = idleStopMs
  }

  /** Whether its thread is running (started and not stopped). */
  get running(): boolean {
    return this.#worker !== undefined
  }

  /** Starts the thread if it is not running. */
  warm(): void {
    this.#thread()
    this.#settled()
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

  /** Sends an analysis request; `texts` are copied to the thread. Requests run in order, after the ones before. */
  analyse(texts: readonly string[], analyzer: AnalyzerName): PendingAnalysis {
    const worker = this.#thread()
    const { port1, port2 } = new MessageChannel()
    const state = new SharedArrayBuffer(STATE_BYTES)
    const request: TextAnalysisRequest = { kind: 'analyse', texts, analyzer, state, port: port2 }
    worker.postMessage(request, [port2])
    this.#open++
    return new PendingAnalysis(port1, new Int32Array(state), texts.length, () => {
      this.#open--
      this.#settled()
    })
  }

  /** With no open analysis request, (re)starts the countdown to stopping the thread. */
  #settled(): void {
    if (this.#idleStopMs === undefined || this.#open > 0) return
    clearTimeout(this.#idle)
    this.#idle = setTimeout(() => {
      if (this.#open > 0) return
      void this.#worker?.terminate()
      this.#worker = undefined
    }, this.#idleStopMs).unref()
  }

  #thread(): Worker {
    clearTimeout(this.#idle)
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

/**
 * What a thread of the worker script is for: `training` static models, or `analysis` of a commit's
 * documents. Each has its own thread, so a commit blocked on its terms never waits behind a
 * training of another session.
 */
export type ThreadPurpose = 'training' | 'analysis'

/** How long the analysis thread outlives its last request: back-to-back index runs reuse its warm code. */
const ANALYSIS_IDLE_STOP_MS = 60_000

/**
 * The process's thread for a worker script and purpose (one per pair, shared by every session).
 * The training thread lives as long as the process; the analysis thread stops after a minute idle.
 */
export function trainerFor(script: URL, purpose: ThreadPurpose = 'training'): StaticTrainer {
  const key = `${purpose} ${script.href}`
  let trainer = trainers.get(key)
  if (trainer === undefined) trainers.set(key, (trainer = new StaticTrainer(script, purpose === 'analysis' ? ANALYSIS_IDLE_STOP_MS : undefined)))
  return trainer
}

/**
 * The trainer a session's static models train on, with the name the worker rebuilds its analyzer
 * by; `undefined` when they train on the calling thread: `trainingWorker` is `false`, no built
 * worker script is found (running from sources), or the analyzer is not one of `ANALYZERS` itself.
 */
export function sessionTrainer(
  trainingWorker: URL | false | undefined,
  analyzer: Analyzer,
  purpose: ThreadPurpose = 'training',
): { trainer: StaticTrainer; analyzer: AnalyzerName } | undefined {
  const script = trainingWorker === false ? undefined : (trainingWorker ?? defaultTrainingWorker())
  const name = analyzerByStoredName(analyzer.name)
  return script === undefined || name === undefined || ANALYZERS[name] !== analyzer ? undefined : { trainer: trainerFor(script, purpose), analyzer: name }
}
