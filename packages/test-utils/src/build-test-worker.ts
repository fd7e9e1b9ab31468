import { basename, extname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'tsup'

/**
 * Builds a package's worker-thread entry from its sources for a test run (tests run from `src/`,
 * where the entry exists only as TypeScript), the way `pnpm build` does: into a cache folder
 * inside the package, so it resolves `@rag/*` and the other dependencies like `dist/` does, but
 * not `dist/` itself, which a concurrent `pnpm build` cleans. Returns the built file's `file:` URL.
 * For a vitest global setup; imported from `@rag/test-utils/build-test-worker` (it loads tsup).
 *
 * @example
 * project.provide('chunkWorker', await buildTestWorker(new URL('..', import.meta.url), 'src/chunk-worker.ts', ['fast-glob']))
 */
export async function buildTestWorker(packageDir: URL, entry: string, external: readonly (string | RegExp)[] = []): Promise<string> {
  const name = basename(entry, extname(entry))
  const outDir = fileURLToPath(new URL(`node_modules/.cache/rag-test-worker-${name}`, packageDir))
  await build({
    entry: { [name]: fileURLToPath(new URL(entry, packageDir)) },
    outDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    sourcemap: false,
    clean: true,
    silent: true,
    config: false,
    external: [/^@rag\//, ...external],
  })
  return pathToFileURL(`${outDir}/${name}.js`).href
}
