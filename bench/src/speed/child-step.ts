import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** What one measured step in a fresh child process printed (its last line, JSON). */
export interface StepResult {
  readonly ms: number
  readonly cpu: number
  readonly answer: string
}

/**
 * Runs the script at `scriptUrl` (its `import.meta.url`) again in a fresh Node process (same exec arguments, so `tsx` loads it) as
 * `--child ...args`, and reads the {@link StepResult} it prints last: a cold process per
 * step, as a one-shot CLI command has.
 */
export function runChildStep(scriptUrl: string, args: readonly string[]): StepResult {
  const path = fileURLToPath(scriptUrl)
  const out = execFileSync(process.execPath, [...process.execArgv, path, '--child', ...args], { encoding: 'utf8', maxBuffer: 1 << 24 })
  return JSON.parse(out.trim().split('\n').at(-1) as string) as StepResult
}
