import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

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

/**
 * Writes `script` (an ES module) into `dir` as `<name>.mjs` and runs it with `node`; the test
 * decides what the script imports (a store's build written beside it, say).
 */
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
