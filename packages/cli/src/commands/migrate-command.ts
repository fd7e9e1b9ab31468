import { RagError } from '@rag/core'
import { configValue } from '../config/load-config.js'
import { redactUrl } from '../config/redact-url.js'
import { rootForConfig } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'

/**
 * `rag migrate`: brings the @rag schema of the PostgreSQL database of `store.url` up to this
 * release's version. Every command does it on connect too; run it ahead of a rollout of several
 * servers. Idempotent: a current schema is left alone.
 *
 * @throws RagError `CONFIG` without `store.url`; `INCOMPATIBLE_STORE` for a schema newer than this release.
 */
export async function migrateCommand(context: CommandContext): Promise<number> {
  const { output } = context
  const location = rootForConfig(context.root, context.cwd)
  const config = configFor(context, location)
  const url = configValue<string | undefined>(config, 'store.url')
  if (url === undefined) {
    throw new RagError('CONFIG', 'rag migrate needs a PostgreSQL database: set store.url (RAG_STORE_URL) to postgres://user:password@host:5432/db; the embedded SQLite index upgrades itself when opened.')
  }
  const { openPostgresDatabase } = await import('@rag/store-postgres')
  const database = await openPostgresDatabase(url, { poolSize: 1, statementTimeoutMs: 0 })
  try {
    const { from, to, applied } = database.migration ?? { from: 0, to: 0, applied: [] }
    if (output.json) output.emit({ database: redactUrl(url), from, to, applied })
    else if (applied.length === 0) output.line(`${redactUrl(url)}: the @rag schema is at version ${to}; nothing to migrate.`)
    else output.line(`${redactUrl(url)}: migrated the @rag schema from version ${from} to ${to} (${applied.map((m) => `${m.version}: ${m.name}`).join('; ')}).`)
    return 0
  } finally {
    await database.close()
  }
}
