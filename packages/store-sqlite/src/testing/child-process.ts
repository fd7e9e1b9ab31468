import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
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

/** A spawned child whose stdout lines are collected and can be awaited. */
export interface ChildRun {
  readonly child: ChildProcess
  readonly lines: string[]
  /** Resolves with the first line (already seen or future) that matches. */
  waitForLine(test: (line: string) => boolean, timeoutMs?: number): Promise<string>
  /** Resolves when the child exits, with its exit code and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
}

const running = new Set<ChildProcess>()

/** Kills every child started by {@link runChild} that is still running (call it from `afterAll`). */
export function killChildren(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/** Writes `script` (an ES module importing `./index.js`) into `dir` and runs it with `node`. */
export function runChild(dir: string, name: string, script: string, args: string[] = []): ChildRun {
  const file = join(dir, `${name}.mjs`)
  writeFileSync(file, script)
  const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  child.on('exit', () => running.delete(child))
  const lines: string[] = []
  const waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = []
  let buffered = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8')
  child.stdout!.on('data', (chunk: string) => {
    buffered += chunk
    let nl: number
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl)
      buffered = buffered.slice(nl + 1)
      lines.push(line)
      for (const w of waiters.splice(0)) {
        if (w.test(line)) w.resolve(line)
        else waiters.push(w)
      }
    }
  })
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  )
  return {
    child,
    lines,
    exited,
    waitForLine(test, timeoutMs = 20_000) {
      const seen = lines.find(test)
      if (seen !== undefined) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`child ${name}: no matching line in ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs)
        waiters.push({
          test,
          resolve: (line) => {
            clearTimeout(timer)
            resolve(line)
          },
        })
        void exited.then(({ code, signal }) => {
          clearTimeout(timer)
          reject(new Error(`child ${name} exited (${code ?? signal}) before a matching line; stderr: ${stderr}`))
        })
      })
    },
  }
}

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
