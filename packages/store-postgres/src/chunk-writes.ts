import type pg from 'pg'
import { DuplicateIdError, LimitExceededError } from '@rag/core'
import type { Document } from '@rag/core'
import { TERM_SEPARATOR, type PreparedDocument } from './document-rows.js'
import { PostingsWriter, removePostings } from './postings-blocks.js'
import { StatementQueue } from './statement-queue.js'

/** Chunk rows per INSERT statement (12 parameters each; a statement takes at most 65,535). */
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
 * unknown ids are ignored. Each removed chunk's recorded terms name the postings blocks to rewrite.
 */
export async function deleteChunks(client: pg.ClientBase, projectId: number, ids: readonly string[]): Promise<ChunkDelta> {
  let count = 0
  let length = 0
  for (let start = 0; start < ids.length; start += DELETE_BATCH) {
    const { rows } = await client.query<{ seq: number; terms: string[]; term_count: number }>(
      'DELETE FROM rag_chunks WHERE project_id = $1 AND id = ANY($2::text[]) RETURNING seq, terms, term_count',
      [projectId, ids.slice(start, start + DELETE_BATCH)],
    )
    if (rows.length === 0) continue
    await removePostings(client, projectId, rows)
    await client.query('DELETE FROM rag_vectors WHERE project_id = $1 AND seq = ANY($2::int4[])', [projectId, rows.map((row) => row.seq)])
    count += rows.length
    for (const row of rows) length += row.term_count
  }
  return { count: -count, length: -length }
}

/**
 * Inserts chunks and their postings inside the caller's transaction, in batch order (each gets
 * the project's next `seq`, so `ORDER BY seq` is insertion order). Each batch is analyzed
 * (`prepare`) while PostgreSQL still writes the previous one: the analysis in Node and the writes
 * in the server overlap. Rows travel as statement parameters (multi-row VALUES), which PostgreSQL
 * takes several times faster than array literals of large texts.
 *
 * @throws DuplicateIdError when an id is already stored (checked first, naming the first such id
 *   in batch order), or the error of `prepare`; the caller's transaction rolls back.
 */
export async function insertChunks(
  client: pg.ClientBase,
  projectId: number,
  documents: readonly Document[],
  prepare: (document: Document, index: number) => PreparedDocument,
  where: string,
): Promise<ChunkDelta> {
  if (documents.length === 0) return { count: 0, length: 0 }
  await assertNoneStored(client, projectId, documents, where)
  const seqs = await reserveSeqs(client, projectId, documents.length, where)
  const queue = new StatementQueue(client)
  const postings = new PostingsWriter(projectId, seqs[0]!, queue)
  let length = 0
  for (let start = 0; start < documents.length; start += CHUNK_BATCH) {
    const batch = documents.slice(start, start + CHUNK_BATCH).map((doc, i) => prepare(doc, start + i))
    const values: unknown[] = [projectId, TERM_SEPARATOR]
    const rows: string[] = []
    batch.forEach((d, i) => {
      const at = values.length
      rows.push(`($1, $${at + 1}::int4, $${at + 2}, $${at + 3}, $${at + 4}::bool, $${at + 5}, $${at + 6}, $${at + 7}, $${at + 8}::int4, $${at + 9}::int4, $${at + 10}::int4, string_to_array($${at + 11}, $2))`)
      values.push(seqs[start + i], d.id, d.content, d.contentJson, d.metadata, d.path, d.lang, d.spanStart, d.spanEnd, d.length, d.terms.join(TERM_SEPARATOR))
      length += d.length
    })
    await queue.push(`INSERT INTO rag_chunks (project_id, seq, id, content, content_json, metadata, path, lang, span_start, span_end, term_count, terms) VALUES ${rows.join(', ')}`, values)
    for (let i = 0; i < batch.length; i++) await postings.add(batch[i]!, seqs[start + i]!)
  }
  await postings.finish()
  await queue.drain()
  return { count: documents.length, length }
}

/** The largest seq a project hands out (postings blocks store seqs as int4). */
const MAX_SEQ = 2_147_483_647

/** The next `count` seqs of the project (its row is locked by the caller's transaction). */
async function reserveSeqs(client: pg.ClientBase, projectId: number, count: number, where: string): Promise<number[]> {
  const { rows } = await client.query<{ first: string }>('UPDATE rag_projects SET next_seq = next_seq + $2 WHERE id = $1 RETURNING next_seq - $2 AS first', [projectId, count])
  const first = Number(rows[0]!.first)
  if (first + count > MAX_SEQ) {
    throw new LimitExceededError('chunkSeq', MAX_SEQ, first + count, `${where}: the project has used up its ${MAX_SEQ} chunk numbers; clear it and index again.`)
  }
  return Array.from({ length: count }, (_, i) => first + i)
}

async function assertNoneStored(client: pg.ClientBase, projectId: number, documents: readonly Document[], where: string): Promise<void> {
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
