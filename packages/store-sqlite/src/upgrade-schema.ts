import type Database from 'better-sqlite3'
import type { Document } from '@rag/core'
import { rowToDocument } from './document-rows.js'
import { LAYERS_SQL, TARGET_PATHS_UPGRADE_SQL } from './layer-tables.js'
import { SCHEMA_VERSION, TERM_COUNTS_SQL, VECTORS_SQL, WRITE_LOCK_SQL } from './schema.js'

/** Documents read per step while counting terms: bounds memory on a large store. */
const PAGE = 1000

/**
 * Upgrades an older store to {@link SCHEMA_VERSION} in one write transaction: a version 1 or 2
 * store gets `term_counts`, filled with `termCountOf` of every stored document (the store's
 * analyzer and indexed text, already checked to be the ones the documents were indexed with); a
 * version 1 to 3 store gets the empty `write_lock` table; a version 1 to 4 store gets the empty
 * code layer tables and the vector tables (its documents then have no vectors: a session embeds
 * them on its next run); a version 5 or 6 store's edges refer to their target paths by id
 * (`layer_targets`), every row kept. A crash leaves the old version intact; another process that
 * upgraded first makes this a no-op.
 */
export function upgradeSchema(db: Database.Database, termCountOf: (document: Document) => number): void {
  const version = db.prepare<[], number>('PRAGMA user_version').pluck()
  const page = db.prepare<[number, number], [number, string, string, string]>(
    'SELECT seq, id, content, metadata FROM documents WHERE seq > ? ORDER BY seq LIMIT ?',
  ).raw()
  db.transaction(() => {
    const from = version.get()!
    if (from >= SCHEMA_VERSION) return
    if (from < 3) {
      db.exec(TERM_COUNTS_SQL)
      const insert = db.prepare('INSERT INTO term_counts (seq, count) VALUES (?, ?)')
      for (let last = 0; ; ) {
        const rows = page.all(last, PAGE)
        for (const [seq, ...row] of rows) insert.run(seq, termCountOf(rowToDocument(row)))
        if (rows.length < PAGE) break
        last = rows[rows.length - 1]![0]
      }
    }
    if (from < 4) db.exec(WRITE_LOCK_SQL)
    if (from < 5) db.exec(LAYERS_SQL)
    else if (from < 7) db.exec(TARGET_PATHS_UPGRADE_SQL)
    if (from < 6) db.exec(VECTORS_SQL)
    db.pragma(`user_version = ${SCHEMA_VERSION}`)
  }).immediate()
}
