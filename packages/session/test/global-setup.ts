import { buildTestWorker } from '@rag/test-utils/build-test-worker'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** `file:` URL of the static training worker built from sources for this test run. */
    trainingWorker: string
  }
}

/** Tests run from `src/`: build the static training worker once per test run and hand its URL to the tests. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('trainingWorker', await buildTestWorker(new URL('..', import.meta.url), 'src/static-training-worker.ts'))
}
