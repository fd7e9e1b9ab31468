import { buildTestWorker } from '@rag/test-utils/build-test-worker'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** `file:` URL of the chunk worker built from sources for this test run. */
    chunkWorker: string
  }
}

/** Tests run from `src/`: build the chunk worker once per test run and hand its URL to the tests. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('chunkWorker', await buildTestWorker(new URL('..', import.meta.url), 'src/chunk-worker.ts', ['fast-glob']))
}
