import type pg from 'pg'
import type { FileFingerprint } from '@rag/core'

type FileRow = [path: string, fingerprint: string, stat: string, chunkIds: string | null]

/** Splits an entry into its row: the fingerprint, every other number as a stat object (JSON), the chunk ids (JSON). */
function toRow(path: string, entry: FileFingerprint): FileRow {
  const { fingerprint, chunkIds, ...stat } = entry
  return [path, fingerprint, JSON.stringify(stat), chunkIds === undefined ? null : JSON.stringify(chunkIds)]
}

async function storedRows(client: pg.ClientBase, projectId: number): Promise<FileRow[]> {
  const { rows } = await client.query<{ path: string; fingerprint: string; stat: string; chunk_ids: string | null }>(
    'SELECT path, fingerprint, stat, chunk_ids FROM rag_files WHERE project_id = $1',
    [projectId],
  )
  return rows.map((row) => [row.path, row.fingerprint, row.stat, row.chunk_ids])
}

/** Reads every stored file record of a project, keyed by path. */
export async function readFiles(client: pg.ClientBase, projectId: number): Promise<Map<string, FileFingerprint>> {
  const out = new Map<string, FileFingerprint>()
  for (const [path, fingerprint, stat, chunkIds] of await storedRows(client, projectId)) {
    out.set(path, {
      fingerprint,
      ...(JSON.parse(stat) as Record<string, number>),
      ...(chunkIds === null ? {} : { chunkIds: JSON.parse(chunkIds) as string[] }),
    })
  }
  return out
}

/**
 * Makes the stored file records equal `next` inside the caller's transaction, writing only rows
 * that changed: a one-file re-index of a 5,000-file repository writes one row, not 5,000.
 * Returns how many rows were written or deleted.
 */
export async function syncFiles(client: pg.ClientBase, projectId: number, next: ReadonlyArray<readonly [string, FileFingerprint]>): Promise<number> {
  const stored = new Map<string, FileRow>()
  for (const row of await storedRows(client, projectId)) stored.set(row[0], row)
  const changed: FileRow[] = []
  const keep = new Set<string>()
  for (const [path, entry] of next) {
    keep.add(path)
    const row = toRow(path, entry)
    const old = stored.get(path)
    if (old === undefined || old[1] !== row[1] || old[2] !== row[2] || old[3] !== row[3]) changed.push(row)
  }
  const gone = [...stored.keys()].filter((path) => !keep.has(path))
  if (gone.length > 0) await client.query('DELETE FROM rag_files WHERE project_id = $1 AND path = ANY($2::text[])', [projectId, gone])
  for (let start = 0; start < changed.length; start += 5000) {
    const batch = changed.slice(start, start + 5000)
    await client.query(
      `INSERT INTO rag_files (project_id, path, fingerprint, stat, chunk_ids)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[])
       ON CONFLICT (project_id, path) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, stat = EXCLUDED.stat, chunk_ids = EXCLUDED.chunk_ids`,
      [projectId, batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2]), batch.map((r) => r[3])],
    )
  }
  return changed.length + gone.length
}
