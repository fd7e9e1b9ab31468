import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Test helper: a scratch directory inside the package (so a child's `import '@rag/store-postgres'`
 * style imports resolve), whose scripts import the built store as `./store.js`. Needs
 * `pnpm build` (turbo's test task builds first).
 */
export function childScripts(): { dir: string; dispose(): void } {
  const cache = join(PACKAGE, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, 'store-postgres-child-'))
  writeFileSync(join(dir, 'store.js'), `export * from ${JSON.stringify(join(PACKAGE, 'dist', 'index.js'))}\n`)
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n')
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) }
}

export { killChildren, runChild, type ChildRun } from '@rag/test-utils'
