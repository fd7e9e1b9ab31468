import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** The dist tests exercise the built package: build it first when it (or its vendored grammar) is missing, or older than src. */
export default function setup(): void {
  const dist = join(PACKAGE, 'dist/index.js')
  const grammars = join(PACKAGE, 'dist/grammars/tree-sitter-kotlin.wasm')
  if (existsSync(dist) && existsSync(grammars) && statSync(dist).mtimeMs >= newestSource(join(PACKAGE, 'src'))) return
  const tsup = createRequire(join(PACKAGE, 'package.json')).resolve('tsup/dist/cli-default.js')
  execFileSync(process.execPath, [tsup, '--silent'], { cwd: PACKAGE, stdio: 'inherit' })
}
