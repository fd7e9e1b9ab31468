import type { WriteLockHolder } from '@rag/session'
import type { ConfigValue } from '../config/config-keys.js'
import { loadConfig, type ResolvedConfig } from '../config/load-config.js'
import type { IndexLocation } from '../index/index-location.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import type { Output } from '../output/output.js'

/** What every command receives. */
export interface CommandContext {
  readonly output: Output
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  /** `--root`, when given. */
  readonly root: string | undefined
  /** Aborted on SIGINT / SIGTERM. */
  readonly signal: AbortSignal
  /** Wait for another process writing the index (`false` with `--no-wait`: fail with `LOCKED`). */
  readonly wait: boolean
}

/** Flag values that override configuration keys, with the flag's name for `rag config`-style messages. */
export type FlagValues = Record<string, { value: ConfigValue | undefined; flag: string }>

/**
 * The configuration of `location` for this invocation. Each value of the repository's own
 * rag.config.json that `loadConfig` ignored (it would weaken a safety setting) gets one warning
 * on stderr naming the key and the file.
 */
export function configFor(context: CommandContext, location: IndexLocation, flags: FlagValues = {}): ResolvedConfig {
  const config = loadConfig({ projectFile: location.projectConfig, env: context.env, flags })
  for (const { message } of config.ignored) context.output.note(`warning: ${escapeTerminal(message)}`)
  return config
}

/**
 * How a writing command meets another process that holds the index's write lock: wait (saying once
 * who holds it), or with `--no-wait` fail at once.
 */
export function lockWaitFor(context: CommandContext): { wait: boolean; onWait: (holder: WriteLockHolder) => void } {
  return {
    wait: context.wait,
    onWait: (holder) => context.output.note(`Waiting for \`${holder.command}\` (pid ${holder.pid}, since ${holder.startedAt}) to finish writing the index...`),
  }
}
