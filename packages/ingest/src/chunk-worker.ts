/**
 * Worker-thread entry of the chunking pool (built as `dist/chunk-worker.js`). It builds its own
 * chunker from the {@link ChunkerSpec} in `workerData` on first need, then answers each
 * `{ id, task }` message with `{ id, result }` (the result in its wire form, `wire-result.ts`). It
 * never throws: every failure is a result.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { Chunker } from '@rag/core'
import { loadChunker, type ChunkerSpec } from './chunker-spec.js'
import { processFile, type FileTask } from './process-file.js'
import { readRegularFileSync } from './read-file.js'
import { toWire } from './wire-result.js'

/** The data a worker starts with. */
export interface ChunkWorkerData {
  readonly spec: ChunkerSpec
}

/** A request to a worker. */
export interface ChunkWorkerRequest {
  readonly id: number
  readonly task: FileTask
}

const { spec } = workerData as ChunkWorkerData
let chunker: Promise<Chunker> | undefined
const getChunker = (): Promise<Chunker> => (chunker ??= loadChunker(spec))

parentPort?.on('message', (request: ChunkWorkerRequest) => {
  void processFile(request.task, readRegularFileSync, getChunker).then((result) => {
    parentPort?.postMessage({ id: request.id, result: toWire(result) })
  })
})
