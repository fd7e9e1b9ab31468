import { ConfigError, InvalidArgumentError, RagError } from '@rag/core'

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

/** Exit codes scripts can trust. */
export const EXIT = Object.freeze({ ok: 0, failure: 1, usage: 2 })

/** The exit code for an error: 2 for usage and configuration mistakes, 1 for everything else. */
export function exitCodeOf(error: unknown): number {
  return error instanceof UsageError || error instanceof CliConfigError ? EXIT.usage : EXIT.failure
}

/** One line describing an error for a human: its message, without a stack. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const line = message.split('\n')[0] ?? ''
  return error instanceof RagError || error instanceof Error ? line : `unexpected failure: ${line}`
}
