import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const WORKER = fileURLToPath(new URL('../../test/fixtures/cli-worker.mjs', import.meta.url))

/** One step a worker runs: a `rag` command line, or a change to the tree. */
export type Step =
  | { readonly kind: 'rag'; readonly argv: readonly string[] }
  | { readonly kind: 'write'; readonly path: string; readonly content: string }
  | { readonly kind: 'rename'; readonly from: string; readonly to: string }
  | { readonly kind: 'delete'; readonly path: string }
  | { readonly kind: 'sleep'; readonly ms: number }

/** What a step did; `rag` steps carry the exit code and output. */
export type StepResult =
  | { readonly kind: 'rag'; readonly argv: readonly string[]; readonly code: number; readonly stdout: string; readonly stderr: string }
  | { readonly kind: 'write' | 'rename' | 'delete' | 'sleep'; readonly ok?: boolean }

/** A long-lived process running `rag` commands in process (see fixtures/cli-worker.mjs). */
export interface CliWorker {
  /** Runs `steps` in order in `cwd`; resolves with a result per step. */
  run(cwd: string, env: NodeJS.ProcessEnv, steps: readonly Step[]): Promise<StepResult[]>
  close(): Promise<void>
}

/** Starts a worker: a real Node process importing the built CLI. */
export function startCliWorker(): CliWorker {
  const child: ChildProcess = spawn(process.execPath, [WORKER], { stdio: ['pipe', 'pipe', 'inherit'] })
  const pending = new Map<number, { resolve(results: StepResult[]): void; reject(error: Error): void }>()
  let nextId = 1
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const reply = JSON.parse(line) as { id: number; results: StepResult[]; error?: string }
    const waiter = pending.get(reply.id)
    pending.delete(reply.id)
    if (reply.error !== undefined) waiter?.reject(new Error(reply.error))
    else waiter?.resolve(reply.results)
  })
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      for (const waiter of pending.values()) waiter.reject(new Error(`cli worker exited (${code ?? signal})`))
      pending.clear()
      resolve()
    }),
  )
  return {
    run(cwd, env, steps) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        child.stdin!.write(`${JSON.stringify({ id, cwd, env, steps })}\n`)
      })
    },
    async close() {
      child.stdin!.end()
      await exited
    },
  }
}
