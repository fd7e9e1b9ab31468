import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { killChildren } from '@rag/test-utils'
import ts from 'typescript'
import { afterAll, beforeAll } from 'vitest'

const SRC = fileURLToPath(new URL('..', import.meta.url))
const PACKAGE = dirname(SRC)

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

/**
 * Test helper: compiles this package's sources to plain JavaScript in a fresh directory under the
 * package's `node_modules/.cache`, so a real `node` child process can import the store (and
 * resolve better-sqlite3 and @rag/core) without a prior build. Returns the directory.
 */
export function compileForChildren(): { dir: string; dispose(): void } {
  const cache = join(PACKAGE, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, 'store-sqlite-child-'))
  for (const file of sources(SRC)) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    })
    const out = join(dir, relative(SRC, file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, outputText)
  }
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n')
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) }
}

export { killChildren, runChild, type ChildRun } from '@rag/test-utils'

/**
 * Test helper: compiles the sources for child processes before the test file's tests and, after
 * them, kills every child, deletes the build and disposes `stores`. Returns the build's directory
 * (read it inside tests).
 */
export function useChildProcesses(stores: { dispose(): Promise<void> }): { readonly dir: string } {
  let build: ReturnType<typeof compileForChildren> | undefined
  beforeAll(() => {
    build = compileForChildren()
  })
  afterAll(async () => {
    killChildren()
    build?.dispose()
    await stores.dispose()
  })
  return {
    get dir(): string {
      if (build === undefined) throw new Error('useChildProcesses: the build exists only inside tests')
      return build.dir
    },
  }
}
