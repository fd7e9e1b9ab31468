import { ConfigError, describeValue } from '@rag/core'

/** How {@link openPostgresDatabase} connects: a URL and the pool's bounds. */
export interface PostgresConnectionOptions {
  /**
   * Most connections the pool opens. A search holds one for its few statements; an index run holds
   * one for its commit and one more while it holds the write lock.
   * @default 10
   */
  readonly poolSize?: number
  /**
   * Longest a single statement may run before PostgreSQL cancels it, in milliseconds (`0`: no
   * limit). Large commits are split into statements of a few thousand rows, so each stays short.
   * @default 30000
   */
  readonly statementTimeoutMs?: number
  /**
   * How long a new connection may take, in milliseconds, before the attempt fails with a RagError `IO`.
   * @default 10000
   */
  readonly connectTimeoutMs?: number
  /**
   * How long a write waits for another connection's commit to the same project (not for a held
   * write lock: that fails at once with `LOCKED`), in milliseconds, before failing with `CONFLICT`.
   * @default 5000
   */
  readonly busyTimeoutMs?: number
  /**
   * The `application_name` the connections report (seen in `pg_stat_activity`).
   * @default 'rag'
   */
  readonly applicationName?: string
}

/** The resolved options, every default filled in. */
export type ResolvedConnectionOptions = Required<PostgresConnectionOptions>

function integerAtLeast(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer of at least ${min}; received ${describeValue(value)}.`)
  }
  return value
}

/** Fills defaults and checks every bound. @throws ConfigError naming the option. */
export function resolveConnectionOptions(options: PostgresConnectionOptions = {}): ResolvedConnectionOptions {
  const { poolSize = 10, statementTimeoutMs = 30_000, connectTimeoutMs = 10_000, busyTimeoutMs = 5000, applicationName = 'rag' } = options
  return {
    poolSize: integerAtLeast('poolSize', poolSize, 1),
    statementTimeoutMs: integerAtLeast('statementTimeoutMs', statementTimeoutMs, 0),
    connectTimeoutMs: integerAtLeast('connectTimeoutMs', connectTimeoutMs, 1),
    busyTimeoutMs: integerAtLeast('busyTimeoutMs', busyTimeoutMs, 0),
    applicationName: String(applicationName),
  }
}

/**
 * Checks a connection URL (`postgres://` or `postgresql://`) and returns it parsed.
 *
 * @throws ConfigError for anything else; the message never repeats a password.
 */
export function parsePostgresUrl(url: unknown): URL {
  if (typeof url !== 'string' || url.trim() === '') {
    throw new ConfigError(`The PostgreSQL URL must be a non-empty string such as postgres://user@host:5432/db; received ${describeValue(url)}.`)
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError(`The PostgreSQL URL is not a valid URL; expected postgres://user@host:5432/db, received "${redactUrlText(url)}".`)
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ConfigError(`The PostgreSQL URL must start with postgres:// or postgresql://; received "${describeUrl(parsed)}".`)
  }
  return parsed
}

/** A URL without its password, fit for logs and messages: `postgres://rag:***@db:5432/rag`. */
export function describeUrl(url: URL): string {
  const copy = new URL(url.href)
  if (copy.password !== '') copy.password = '***'
  for (const key of [...copy.searchParams.keys()]) if (/pass|secret|key|token/i.test(key)) copy.searchParams.set(key, '***')
  return copy.href
}

/** Blanks what looks like a password in a string that did not parse as a URL. */
function redactUrlText(text: string): string {
  return text.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@')
}
