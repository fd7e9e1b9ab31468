import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { CancelledError, RagError } from '@rag/core'
import type { ChunkerSpec } from './chunker-spec.js'
import type { ChunkWorkerData, ChunkWorkerRequest } from './chunk-worker.js'
import type { FileResult, FileTask } from './process-file.js'
import { fromWire, type WireFileResult } from './wire-result.js'

/** Tasks each worker holds at once: one running, one queued, so no worker idles on a round trip. */
const IN_FLIGHT_PER_WORKER = 2

/**
 * Where the built worker script lives: `chunk-worker.js` next to this module in `dist/`.
 * `undefined` when it does not exist (running from sources, e.g. under vitest).
 */
export function defaultWorkerScript(): URL | undefined {
  const url = new URL('./chunk-worker.js', import.meta.url)
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined
}

/** Normalises a script given as a path or URL. */
export function toScriptUrl(script: string | URL): URL {
  return script instanceof URL ? script : script.startsWith('file:') ? new URL(script) : pathToFileURL(script)
}

interface Slot {
  readonly worker: Worker
  readonly inFlight: Map<number, Pending>
}

interface Pending {
  readonly task: FileTask
  readonly resolve: (result: FileResult) => void
  readonly reject: (error: unknown) => void
}

/**
 * A fixed pool of worker threads running `chunk-worker.js`. Each worker builds its own chunker
 * from the spec. Tasks are handed out in submission order to the least busy worker. A worker
 * that dies fails the pool: every pending task rejects with a `RagError`. {@link WorkerPool.close}
 * terminates every thread; call it when the run ends, whatever happened.
 */
export class WorkerPool {
  readonly #slots: Slot[] = []
  readonly #queue: (Pending & { id: number })[] = []
  #nextId = 0
  #failure: unknown
  #closed = false
  #terminated: Promise<void> | undefined

  constructor(size: number, script: URL, spec: ChunkerSpec) {
    const data: ChunkWorkerData = { spec }
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script, { workerData: data })
      const slot: Slot = { worker, inFlight: new Map() }
      worker.on('message', ({ id, result }: { id: number; result: WireFileResult }) => {
        const pending = slot.inFlight.get(id)
        slot.inFlight.delete(id)
        try {
          pending?.resolve(fromWire(result))
        } catch (error) {
          pending?.reject(new RagError('INTERNAL', `A chunking worker sent a result that cannot be read: ${(error as Error).message}`, { cause: error }))
        }
        this.#dispatch()
      })
      worker.on('error', (error) => this.#fail(new RagError('INTERNAL', `A chunking worker failed: ${error.message}`, { cause: error })))
      worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(new RagError('INTERNAL', `A chunking worker exited unexpectedly with code ${code}.`))
      })
      this.#slots.push(slot)
    }
  }

  /** Number of threads. */
  get size(): number {
    return this.#slots.length
  }

  /** Runs one task on some worker. */
  run(task: FileTask): Promise<FileResult> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure)
    if (this.#closed) return Promise.reject(new CancelledError('The worker pool is closed.'))
    return new Promise<FileResult>((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, task, resolve, reject })
      this.#dispatch()
    })
  }

  /** Terminates every worker; pending tasks reject with `reason` (a `CancelledError` by default). */
  close(reason: unknown = new CancelledError('The worker pool was closed before the task ran.')): Promise<void> {
    if (!this.#terminated) {
      this.#closed = true
      this.#rejectAll(reason)
      this.#terminated = Promise.all(this.#slots.map((slot) => slot.worker.terminate())).then(() => undefined)
    }
    return this.#terminated
  }

  #dispatch(): void {
    while (this.#queue.length > 0 && this.#failure === undefined && !this.#closed) {
      let best: Slot | undefined
      for (const slot of this.#slots) if (!best || slot.inFlight.size < best.inFlight.size) best = slot
      if (!best || best.inFlight.size >= IN_FLIGHT_PER_WORKER) return
      const next = this.#queue.shift()!
      best.inFlight.set(next.id, next)
      const request: ChunkWorkerRequest = { id: next.id, task: next.task }
      best.worker.postMessage(request)
    }
  }

  #fail(error: unknown): void {
    this.#failure ??= error
    this.#rejectAll(this.#failure)
  }

  #rejectAll(reason: unknown): void {
    for (const slot of this.#slots) {
      for (const pending of slot.inFlight.values()) pending.reject(reason)
      slot.inFlight.clear()
    }
    for (const pending of this.#queue.splice(0)) pending.reject(reason)
  }
}
