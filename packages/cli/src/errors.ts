import { ConfigError, InvalidArgumentError, LimitExceededError, RagError } from '@rag/core'
import { CONFIG_KEYS, envName } from './config/config-keys.js'
import { EXIT } from './exit-codes.js'

/** A command line the CLI cannot run: a bad flag value, a missing argument. Exit code 2. */
export class UsageError extends InvalidArgumentError {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** An invalid configuration value or file (names the key, the file and the expected type). Exit code 2. */
export class CliConfigError extends ConfigError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'CliConfigError'
  }
}

export { EXIT } from './exit-codes.js'

/** The exit code for an error: 2 for usage and configuration mistakes, 1 for everything else. */
export function exitCodeOf(error: unknown): number {
  return error instanceof UsageError || error instanceof CliConfigError ? EXIT.usage : EXIT.failure
}

/**
 * A limit's advice in CLI terms: the library says "raise limits.maxIgnoreSelectors"; here that is
 * the configuration key `index.maxIgnoreSelectors` in the user's config file (a repository's own
 * rag.config.json may not raise a limit above its default) or its environment variable.
 */
function withConfigKey(error: LimitExceededError): string {
  const key = `index.${error.limit}`
  if (!CONFIG_KEYS.some((k) => k.key === key)) return error.message
  return error.message.replace(`raise limits.${error.limit}`, `raise ${key} in the user config (~/.config/rag/config.json) or ${envName(key)}`)
}

/** A damaged index, wherever it surfaced (opening it, or a read later): the fix is to rebuild it. */
function withRebuildAdvice(error: RagError): string {
  if (error.code !== 'CORRUPT_STORE' || error.message.includes('`rag clear`')) return error.message
  return `${error.message.replace(/\.$/, '')}; run \`rag clear\` to delete the damaged index, then \`rag index\`.`
}

/** One line describing an error for a human: its message, without a stack. */
export function describeError(error: unknown): string {
  const message =
    error instanceof LimitExceededError ? withConfigKey(error) : error instanceof RagError ? withRebuildAdvice(error) : error instanceof Error ? error.message : String(error)
  const line = message.split('\n')[0] ?? ''
  return error instanceof RagError || error instanceof Error ? line : `unexpected failure: ${line}`
}
