import type Database from 'better-sqlite3'

/** Whether the file records and the documents of a store agree, and where they do not. */
export interface ChunkAudit {
  /** `true` when every named chunk is stored and every stored chunk is named. */
  readonly consistent: boolean
  /** Chunk ids named by a file record that no document has (empty unless `full`). */
  readonly missing: readonly string[]
  /** Stored documents no file record names, other than the excepted ones (empty unless `full`). */
  readonly orphans: readonly string[]
}

const NAMED = 'SELECT value AS id FROM file_fingerprints, json_each(file_fingerprints.chunk_ids) WHERE chunk_ids IS NOT NULL'

/**
 * Audits the chunks of a store (see `SqliteKnowledgeBase.auditChunks`). The count check compares
 * the number of chunk ids the file records name with the number of stored documents outside
 * `exceptPrefix`; it cannot miss a lost or an extra chunk unless both happen at once, which the
 * full check (`--verify`) finds.
 */
export function auditChunks(db: Database.Database, { exceptPrefix, full }: { readonly exceptPrefix: string; readonly full: boolean }): ChunkAudit {
  const pattern = `${exceptPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  if (!full) {
    const named = Number(db.prepare('SELECT coalesce(sum(json_array_length(chunk_ids)), 0) FROM file_fingerprints WHERE chunk_ids IS NOT NULL').pluck().get())
    const stored = Number(db.prepare("SELECT count(*) FROM documents WHERE id NOT LIKE ? ESCAPE '\\'").pluck().get(pattern))
    return { consistent: named === stored, missing: [], orphans: [] }
  }
  const missing = db.prepare<[], string>(`${NAMED} EXCEPT SELECT id FROM documents`).pluck().all()
  const orphans = db.prepare<[string], string>(`SELECT id FROM documents WHERE id NOT LIKE ? ESCAPE '\\' EXCEPT ${NAMED}`).pluck().all(pattern)
  const duplicates = Number(db.prepare(`SELECT count(*) - count(DISTINCT id) FROM (${NAMED})`).pluck().get())
  return { consistent: missing.length === 0 && orphans.length === 0 && duplicates === 0, missing, orphans }
}
