import type pg from 'pg'
import { DuplicateIdError } from '@rag/core'
import { TERM_SEPARATOR, type PreparedDocument } from './document-rows.js'

/** Chunk rows per INSERT statement. */
const CHUNK_BATCH = 2000
/** Ids per DELETE statement. */
const DELETE_BATCH = 5000

/** How a write changed a project's statistics. */
export interface ChunkDelta {
  /** Chunks added minus chunks removed. */
  readonly count: number
  /** Their total length added minus removed. */
  readonly length: number
}

/**
 * Deletes chunks by id (their postings and vectors with them) inside the caller's transaction;
 * unknown ids are ignored. The postings go through their own index: each removed chunk's recorded
 * terms name its postings rows.
 */
export async function deleteChunks(client: pg.ClientBase, projectId: number, ids: readonly string[]): Promise<ChunkDelta> {
  let count = 0
  let length = 0
  for (let start = 0; start < ids.length; start += DELETE_BATCH) {
    const { rows } = await client.query<{ removed: number; length: string }>(
      `WITH gone AS (
         DELETE FROM rag_chunks WHERE project_id = $1 AND id = ANY($2::text[]) RETURNING seq, terms, term_count
       ), postings AS (
         DELETE FROM rag_postings p USING (SELECT g.seq, t.term FROM gone g CROSS JOIN LATERAL unnest(g.terms) AS t(term)) d
          WHERE p.project_id = $1 AND p.term = d.term AND p.seq = d.seq
       ), vectors AS (
         DELETE FROM rag_vectors v USING gone g WHERE v.project_id = $1 AND v.seq = g.seq
       )
       SELECT count(*)::int AS removed, coalesce(sum(term_count), 0)::int8 AS length FROM gone`,
      [projectId, ids.slice(start, start + DELETE_BATCH)],
    )
    count += rows[0]!.removed
    length += Number(rows[0]!.length)
  }
  return { count: -count, length: -length }
}

/**
 * Inserts prepared chunks and their postings inside the caller's transaction, in batch order
 * (each gets the next `seq`, so `ORDER BY seq` is insertion order). Returns the seq of each.
 *
 * @throws DuplicateIdError when an id is already stored (checked first, naming the first such id
 *   in batch order); the caller's transaction rolls back.
 */
export async function insertChunks(client: pg.ClientBase, projectId: number, documents: readonly PreparedDocument[], where: string): Promise<{ delta: ChunkDelta; seqs: number[] }> {
  await assertNoneStored(client, projectId, documents, where)
  let length = 0
  const seqs: number[] = []
  for (let start = 0; start < documents.length; start += CHUNK_BATCH) {
    const batch = documents.slice(start, start + CHUNK_BATCH)
    const reserved = await client.query<{ seq: string }>("SELECT nextval('rag_chunk_seq') AS seq FROM generate_series(1, $1)", [batch.length])
    const batchSeqs = reserved.rows.map((row) => Number(row.seq)).sort((a, b) => a - b)
    await client.query(
      `INSERT INTO rag_chunks (project_id, seq, id, content, metadata, path, lang, span_start, span_end, term_count, terms)
       SELECT $1, s, i, c, m, p, l, a, b, n, string_to_array(t, $12)
         FROM unnest($2::int8[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int4[], $9::int4[], $10::int4[], $11::text[])
           AS u(s, i, c, m, p, l, a, b, n, t)`,
      [
        projectId,
        batchSeqs,
        batch.map((d) => d.id),
        batch.map((d) => d.content),
        batch.map((d) => d.metadata),
        batch.map((d) => d.path),
        batch.map((d) => d.lang),
        batch.map((d) => d.spanStart),
        batch.map((d) => d.spanEnd),
        batch.map((d) => d.length),
        batch.map((d) => d.terms.join(TERM_SEPARATOR)),
        TERM_SEPARATOR,
      ],
    )
    await insertPostings(client, projectId, batch, batchSeqs)
    for (const d of batch) length += d.length
    seqs.push(...batchSeqs)
  }
  return { delta: { count: documents.length, length }, seqs }
}

/** The postings of a batch, sorted by term (so index pages fill in order), in one statement. */
async function insertPostings(client: pg.ClientBase, projectId: number, batch: readonly PreparedDocument[], seqs: readonly number[]): Promise<void> {
  const entries: [term: string, seq: number, tf: number, length: number][] = []
  batch.forEach((doc, i) => {
    for (let t = 0; t < doc.terms.length; t++) entries.push([doc.terms[t]!, seqs[i]!, doc.tfs[t]!, doc.length])
  })
  if (entries.length === 0) return
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]))
  await client.query(
    'INSERT INTO rag_postings (project_id, term, seq, tf, length) SELECT $1, * FROM unnest($2::text[], $3::int8[], $4::int4[], $5::int4[])',
    [projectId, entries.map((e) => e[0]), entries.map((e) => e[1]), entries.map((e) => e[2]), entries.map((e) => e[3])],
  )
}

async function assertNoneStored(client: pg.ClientBase, projectId: number, documents: readonly PreparedDocument[], where: string): Promise<void> {
  if (documents.length === 0) return
  const { rows } = await client.query<{ id: string }>('SELECT id FROM rag_chunks WHERE project_id = $1 AND id = ANY($2::text[])', [projectId, documents.map((d) => d.id)])
  if (rows.length === 0) return
  const stored = new Set(rows.map((row) => row.id))
  const first = documents.find((d) => stored.has(d.id))!
  throw new DuplicateIdError(first.id, `${where}: id "${first.id}" is already stored; remove it in the same replaceDocuments call to replace it.`)
}

/** Deletes every chunk, posting, vector and file record of a project inside the caller's transaction. */
export async function clearProject(client: pg.ClientBase, projectId: number): Promise<void> {
  for (const table of ['rag_postings', 'rag_vectors', 'rag_chunks', 'rag_files']) await client.query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId])
}
