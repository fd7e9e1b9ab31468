import { fileURLToPath, pathToFileURL } from 'node:url'
import type { TestProject } from 'vitest/node'
import { build } from 'tsup'

declare module 'vitest' {
  export interface ProvidedContext {
    /** `file:` URL of the chunk worker built from sources for this test run. */
    chunkWorker: string
  }
}

/**
 * Tests run from `src/`, where the worker thread entry exists only as TypeScript. Build it once
 * per test run, the way `pnpm build` does, into a cache folder inside the package (so it resolves
 * `@rag/chunker` and the other dependencies like `dist/` does) and hand its URL to the tests.
 * Not `dist/` itself: a concurrent `pnpm build` cleans that folder.
 */
export default async function setup(project: TestProject): Promise<void> {
  const packageDir = fileURLToPath(new URL('..', import.meta.url))
  const outDir = fileURLToPath(new URL('../node_modules/.cache/rag-ingest-test-worker', import.meta.url))
  await build({
    entry: { 'chunk-worker': `${packageDir}src/chunk-worker.ts` },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    sourcemap: false,
    clean: true,
    silent: true,
    config: false,
    external: [/^@rag\//, 'fast-glob'],
  })
  project.provide('chunkWorker', pathToFileURL(`${outDir}/chunk-worker.js`).href)
}
