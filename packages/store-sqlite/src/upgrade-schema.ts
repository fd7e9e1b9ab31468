import type Database from 'better-sqlite3'
import type { Document } from '@rag/core'
import { rowToDocument } from './document-rows.js'
import { SCHEMA_VERSION, TERM_COUNTS_SQL } from './schema.js'

/** Documents read per step while counting terms: bounds memory on a large store. */
const PAGE = 1000

/**
 * Upgrades a version 1 or 2 store to {@link SCHEMA_VERSION} in one write transaction: creates
 * `term_counts` and fills it with `termCountOf` of every stored document (the store's analyzer and
 * indexed text, already checked to be the ones the documents were indexed with). A crash leaves
 * the old version intact; another process that upgraded first makes this a no-op.
 */
export function upgradeSchema(db: Database.Database, termCountOf: (document: Document) => number): void {
  const version = db.prepare<[], number>('PRAGMA user_version').pluck()
  const page = db.prepare<[number, number], [number, string, string, string]>(
    'SELECT seq, id, content, metadata FROM documents WHERE seq > ? ORDER BY seq LIMIT ?',
  ).raw()
  db.transaction(() => {
    if (version.get()! >= SCHEMA_VERSION) return
    db.exec(TERM_COUNTS_SQL)
    const insert = db.prepare('INSERT INTO term_counts (seq, count) VALUES (?, ?)')
    for (let last = 0; ; ) {
      const rows = page.all(last, PAGE)
      for (const [seq, ...row] of rows) insert.run(seq, termCountOf(rowToDocument(row)))
      if (rows.length < PAGE) break
      last = rows[rows.length - 1]![0]
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`)
  }).immediate()
}
