import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { assertQuery } from '@rag/core'
import type { QueryPlan } from '@rag/router'

// The worker imports @rag/router (resolved here, where it is a dependency) and routes one query.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
import(workerData.router).then(
  ({ routeQuery }) => parentPort.postMessage({ plan: routeQuery(workerData.query) }),
  (error) => parentPort.postMessage({ failed: String(error) }),
)
`

/**
 * Routes `query` with `@rag/router`'s default router (`routeQuery`) on a worker thread, for a
 * process that needs one plan soon and has other work meanwhile: the router's NLP model takes
 * about 150 ms of CPU to load, which a one-shot `rag search --files` spends here in parallel with
 * opening the index and building the file signals. Pass the plan to `locateFiles` (`{ plan }`).
 * If the worker fails, the query is routed on this thread instead: the plan is the same.
 *
 * @throws InvalidArgumentError for an empty query (at once, on this thread).
 * @example
 * const planning = routeQueryInWorker(query) // starts now
 * const rag = await openRag(store)
 * const { files } = await rag.locateFiles(query, { plan: await planning })
 */
export function routeQueryInWorker(query: string): Promise<QueryPlan> {
  assertQuery(query)
  const inProcess = async (): Promise<QueryPlan> => (await import('@rag/router')).routeQuery(query)
  let router: string
  try {
    router = pathToFileURL(createRequire(import.meta.url).resolve('@rag/router')).href
  } catch {
    return inProcess()
  }
  return new Promise<QueryPlan | undefined>((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { router, query } })
    const done = (plan: QueryPlan | undefined): void => {
      resolve(plan)
      void worker.terminate()
    }
    worker.once('message', (message: { plan?: QueryPlan }) => done(message.plan))
    worker.once('error', () => done(undefined))
    worker.once('exit', () => done(undefined))
  }).then((plan) => plan ?? inProcess())
}
