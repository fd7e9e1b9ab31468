import type pg from 'pg'

/** Whether the file records and the documents of a project agree, and where they do not. */
export interface ChunkAudit {
  /** `true` when every named chunk is stored and every stored chunk is named. */
  readonly consistent: boolean
  /** Chunk ids named by a file record that no document has (empty unless `full`). */
  readonly missing: readonly string[]
  /** Stored documents no file record names, other than the excepted ones (empty unless `full`). */
  readonly orphans: readonly string[]
}

const NAMED = 'SELECT json_array_elements_text(chunk_ids::json) AS id FROM rag_files WHERE project_id = $1 AND chunk_ids IS NOT NULL'

/**
 * Audits the chunks of a project (see `PostgresKnowledgeBase.auditChunks`) in the caller's
 * snapshot. The count check compares the number of chunk ids the file records name with the
 * number of stored chunks outside `exceptPrefix`; the full check lists both differences.
 */
export async function auditChunks(client: pg.ClientBase, projectId: number, { exceptPrefix, full }: { readonly exceptPrefix: string; readonly full: boolean }): Promise<ChunkAudit> {
  const pattern = `${exceptPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  if (!full) {
    const { rows } = await client.query<{ named: string; stored: string }>(
      `SELECT (SELECT coalesce(sum(json_array_length(chunk_ids::json)), 0) FROM rag_files WHERE project_id = $1 AND chunk_ids IS NOT NULL) AS named,
              (SELECT count(*) FROM rag_chunks WHERE project_id = $1 AND id NOT LIKE $2 ESCAPE '\\') AS stored`,
      [projectId, pattern],
    )
    return { consistent: Number(rows[0]!.named) === Number(rows[0]!.stored), missing: [], orphans: [] }
  }
  const missing = await client.query<{ id: string }>(`${NAMED} EXCEPT SELECT id FROM rag_chunks WHERE project_id = $1`, [projectId])
  const orphans = await client.query<{ id: string }>(`SELECT id FROM rag_chunks WHERE project_id = $1 AND id NOT LIKE $2 ESCAPE '\\' EXCEPT ${NAMED}`, [projectId, pattern])
  const duplicates = await client.query<{ n: string }>(`SELECT count(*) - count(DISTINCT id) AS n FROM (${NAMED}) AS named`, [projectId])
  return {
    consistent: missing.rows.length === 0 && orphans.rows.length === 0 && Number(duplicates.rows[0]!.n) === 0,
    missing: missing.rows.map((row) => row.id),
    orphans: orphans.rows.map((row) => row.id),
  }
}
