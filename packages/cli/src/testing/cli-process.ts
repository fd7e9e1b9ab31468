import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The built binary under test. */
export const RAG = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))

/** What a finished `rag` process left. */
export interface RagRun {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** A temporary project and a private user-config folder. */
export interface Sandbox {
  readonly root: string
  /** Environment for `rag`: no RAG_* variables from outside, a private XDG_CONFIG_HOME. */
  readonly env: NodeJS.ProcessEnv
  write(path: string, content: string): Promise<void>
  remove(path: string): Promise<void>
  dispose(): Promise<void>
}

/** Creates a sandbox with `files` in its project root. */
export async function createSandbox(files: Record<string, string> = {}): Promise<Sandbox> {
  const base = await mkdtemp(join(tmpdir(), 'rag-cli-'))
  const root = join(base, 'project')
  const config = join(base, 'config')
  await mkdir(root, { recursive: true })
  await mkdir(config, { recursive: true })
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('RAG_')))
  env['XDG_CONFIG_HOME'] = config
  const write = async (path: string, content: string): Promise<void> => {
    const full = join(root, path)
    await mkdir(dirname(full), { recursive: true })
    await writeFile(full, content)
  }
  for (const [path, content] of Object.entries(files)) await write(path, content)
  return { root, env, write, remove: (path) => rm(join(root, path), { recursive: true, force: true }), dispose: () => rm(base, { recursive: true, force: true }) }
}

/** Starts `node dist/cli.js ...args`. */
export function startRag(args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): ChildProcess {
  const child = spawn(process.execPath, [RAG, ...args], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] })
  child.stdin?.end(options.input ?? '')
  return child
}

/** Runs `rag ...args` to completion (killed after `timeoutMs`). */
export function runRag(args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number }): Promise<RagRun> {
  const child = startRag(args, options)
  return collect(child, options.timeoutMs ?? 60_000)
}

/**
 * Waits for a started process to end and returns its output. Call it right after starting the
 * process: once a child has exited, Node discards the output nobody read and its `close` event has
 * passed, so a late call could only time out (it rejects at once instead).
 */
export function collect(child: ChildProcess, timeoutMs = 60_000): Promise<RagRun> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.reject(new Error(`collect() was called after rag ${child.spawnargs.slice(2).join(' ')} had exited (${child.exitCode ?? child.signalCode}); its output is gone: call collect() right after starting it.`))
  }
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d))
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      // The end of stdout says where a hung run stopped (with --json, its last progress event).
      reject(new Error(`rag ${child.spawnargs.slice(2).join(' ')} did not finish within ${timeoutMs} ms; stderr: ${stderr}; stdout ends: ${stdout.slice(-600)}`))
    }, timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
  })
}

/** JSON lines of a process's stdout as they arrive. */
export function jsonLines(child: ChildProcess): { readonly events: Record<string, unknown>[]; waitFor(test: (e: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>> } {
  const events: Record<string, unknown>[] = []
  const waiters: { test: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }[] = []
  let buffer = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk
    let nl: number
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl)
      buffer = buffer.slice(nl + 1)
      if (line.trim() === '') continue
      const event = JSON.parse(line) as Record<string, unknown>
      events.push(event)
      for (const w of [...waiters]) {
        if (w.test(event)) {
          waiters.splice(waiters.indexOf(w), 1)
          w.resolve(event)
        }
      }
    }
  })
  return {
    events,
    waitFor(test, timeoutMs) {
      const seen = events.find(test)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(-3))}`)), timeoutMs)
        waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) })
      })
    },
  }
}

/** Parses the last JSON line of a run's stdout. */
export function lastJson<T = Record<string, unknown>>(run: RagRun): T {
  const lines = run.stdout.trim().split('\n').filter((l) => l.trim() !== '')
  return JSON.parse(lines.at(-1) ?? 'null') as T
}
