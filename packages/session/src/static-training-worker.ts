/**
 * Worker-thread entry of {@link StaticTrainer} (built as `dist/static-training-worker.js`): trains
 * a static model for each request it receives, one at a time, posts the model and the texts'
 * vectors (one transferred buffer) on the request's port, then wakes the caller through the
 * request's shared state: the caller may be blocked on it inside a store's transaction. The
 * worker lives on between requests, so a long-lived process trains with warm code.
 */
import { parentPort } from 'node:worker_threads'
import { CancelledError } from '@rag/core'
import { trainStaticEmbeddings } from '@rag/vector'
import { ANALYZERS } from './retrieval-presets.js'
import { ANSWERED, CANCEL, STATE, type StaticTrainingOutcome, type StaticTrainingRequest } from './static-training-protocol.js'

/** How often a training request's cancel flag is read (training checks its signal between phases). */
const CANCEL_POLL_MS = 20

async function train(request: StaticTrainingRequest): Promise<void> {
  const state = new Int32Array(request.state)
  const controller = new AbortController()
  const poll = setInterval(() => {
    if (Atomics.load(state, CANCEL) === 1) controller.abort()
  }, CANCEL_POLL_MS)
  let outcome: StaticTrainingOutcome
  let transfer: ArrayBuffer[] = []
  try {
    if (Atomics.load(state, CANCEL) === 1) controller.abort()
    const { texts, dimensions } = request
    const trained = await trainStaticEmbeddings(texts, { analyzer: ANALYZERS[request.analyzer], dimensions, signal: controller.signal })
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
  request.port.postMessage(outcome, transfer)
  Atomics.store(state, STATE, ANSWERED)
  Atomics.notify(state, STATE)
}

let queue = Promise.resolve()
parentPort?.on('message', (request: StaticTrainingRequest) => {
  queue = queue.then(() => train(request))
})
