import { fileURLToPath, pathToFileURL } from 'node:url'
import type { TestProject } from 'vitest/node'
import { build } from 'tsup'

declare module 'vitest' {
  export interface ProvidedContext {
    /** `file:` URL of the static training worker built from sources for this test run. */
    trainingWorker: string
  }
}

/**
 * Tests run from `src/`, where the static training worker exists only as TypeScript. Build it once
 * per test run, the way `pnpm build` does, into a cache folder inside the package (so it resolves
 * `@rag/vector` and the other dependencies like `dist/` does) and hand its URL to the tests. Not
 * `dist/` itself: a concurrent `pnpm build` cleans that folder.
 */
export default async function setup(project: TestProject): Promise<void> {
  const packageDir = fileURLToPath(new URL('..', import.meta.url))
  const outDir = fileURLToPath(new URL('../node_modules/.cache/rag-session-test-worker', import.meta.url))
  await build({
    entry: { 'static-training-worker': `${packageDir}src/static-training-worker.ts` },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    sourcemap: false,
    clean: true,
    silent: true,
    config: false,
    external: [/^@rag\//],
  })
  project.provide('trainingWorker', pathToFileURL(`${outDir}/static-training-worker.js`).href)
}
