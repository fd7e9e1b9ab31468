/**
 * Worker-thread entry of `StaticTrainer` (built as `dist/static-training-worker.js`). It serves
 * its requests one at a time:
 * - a training request: trains a static model; posts the texts' analysis as soon as it has it
 *   (the caller's store indexes those terms meanwhile), then the model and the texts' vectors
 *   (one transferred buffer);
 * - an analysis request: posts the joined terms of the texts in batches, in order.
 *
 * Each post wakes the caller through the request's shared state: the caller may be blocked on it
 * inside a store's transaction. The worker lives on between requests, so a long-lived process
 * runs warm code.
 */
import { parentPort } from 'node:worker_threads'
import { CancelledError } from '@rag/core'
import { trainStaticEmbeddings } from '@rag/vector'
import { ANALYZERS } from './retrieval-presets.js'
import { SharingRowRunner } from './shared-rows.js'
import {
  ANALYSED,
  ANSWERED,
  CANCEL,
  SIGNAL,
  STATE,
  type StaticTrainingMessage,
  type StaticTrainingOutcome,
  type StaticTrainingRequest,
  type TextAnalysisMessage,
  type TextAnalysisRequest,
} from './static-training-protocol.js'

/** How often a training request's cancel flag is read (training checks its signal between phases). */
const CANCEL_POLL_MS = 20

async function train(request: StaticTrainingRequest): Promise<void> {
  const state = new Int32Array(request.state)
  const signal = (): void => {
    Atomics.add(state, SIGNAL, 1)
    Atomics.notify(state, SIGNAL)
  }
  const post = (message: StaticTrainingMessage, transfer: ArrayBuffer[], next: number): void => {
    request.port.postMessage(message, transfer)
    Atomics.store(state, STATE, next)
    Atomics.notify(state, STATE)
    signal()
  }
  // The heavy row kernels are offered to the caller, which helps while it waits for the model.
  const rowRunner = new SharingRowRunner((message) => {
    request.port.postMessage(message)
    signal()
  })
  const controller = new AbortController()
  const poll = setInterval(() => {
    if (Atomics.load(state, CANCEL) === 1) controller.abort()
  }, CANCEL_POLL_MS)
  let outcome: StaticTrainingOutcome
  let transfer: ArrayBuffer[] = []
  try {
    if (Atomics.load(state, CANCEL) === 1) controller.abort()
    const { texts, dimensions } = request
    const trained = await trainStaticEmbeddings(texts, {
      analyzer: ANALYZERS[request.analyzer],
      dimensions,
      signal: controller.signal,
      rowRunner,
      // The caller's store indexes these terms while training goes on. Copies: training still reads them.
      onAnalysed: ({ sample, terms, tokens, starts }) => {
        const analysed = { sample, terms, tokens: tokens.slice(), starts: starts.slice() }
        post({ kind: 'analysed', analysed }, [analysed.tokens.buffer, analysed.starts.buffer] as ArrayBuffer[], ANALYSED)
      },
    })
    const first = trained.vectors[0]
    // The vectors are views of one buffer, in text order: send the buffer, not one array per text.
    const buffer = first === undefined ? new Float32Array(0) : new Float32Array(first.buffer, first.byteOffset, texts.length * trained.model.dimensions)
    outcome = { ok: true, model: trained.model, vectors: buffer }
    transfer = [buffer.buffer, trained.model.weights.buffer, trained.model.vectors.buffer] as ArrayBuffer[]
  } catch (error) {
    outcome = { ok: false, cancelled: error instanceof CancelledError, message: error instanceof Error ? error.message : String(error) }
  } finally {
    clearInterval(poll)
  }
  post({ kind: 'outcome', outcome }, transfer, ANSWERED)
}

/** The first batch is small, so the caller starts writing early; later ones amortise the posting. */
const FIRST_BATCH = 32
const BATCH = 256

/** Analyses a request's texts in order, posting each batch of joined terms as soon as it is done. */
function analyse(request: TextAnalysisRequest): void {
  const state = new Int32Array(request.state)
  const post = (message: TextAnalysisMessage): void => {
    request.port.postMessage(message)
    Atomics.add(state, SIGNAL, 1)
    Atomics.notify(state, SIGNAL)
  }
  try {
    const analyzer = ANALYZERS[request.analyzer]
    const { texts } = request
    for (let from = 0, size = FIRST_BATCH; from < texts.length && Atomics.load(state, CANCEL) !== 1; from += size, size = BATCH) {
      const to = Math.min(texts.length, from + size)
      const terms = new Array<string>(to - from)
      for (let i = from; i < to; i++) terms[i - from] = analyzer.analyze(texts[i]!).join(' ')
      post({ kind: 'joined', terms })
    }
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
  }
  // The caller closes the channel once it has read what it needs (closing here could race the last batches).
  Atomics.store(state, STATE, ANSWERED)
  Atomics.add(state, SIGNAL, 1)
  Atomics.notify(state, SIGNAL)
}

let queue = Promise.resolve()
parentPort?.on('message', (request: StaticTrainingRequest | TextAnalysisRequest) => {
  queue = queue.then(() => (request.kind === 'analyse' ? analyse(request) : train(request)))
})
