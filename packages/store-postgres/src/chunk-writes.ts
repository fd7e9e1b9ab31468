import type pg from 'pg'
import { DuplicateIdError, LimitExceededError } from '@rag/core'
import type { Document } from '@rag/core'
import { BinaryCopyEncoder } from './binary-copy.js'
import type { PreparedDocument } from './document-rows.js'
import { BLOCK_SPAN, PostingsWriter, removePostings } from './postings-blocks.js'
import { StatementQueue } from './statement-queue.js'

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

/** Loads chunk rows in binary (see {@link encodeChunk} for the column order). */
const CHUNKS_COPY =
  'COPY rag_chunks (project_id, seq, id, content, content_json, metadata, path, lang, span_start, span_end, term_count, terms) FROM STDIN (FORMAT binary)'

/** Writes one chunk row of {@link CHUNKS_COPY}. */
function encodeChunk(encoder: BinaryCopyEncoder, projectId: number, seq: number, d: PreparedDocument, terms: readonly string[]): void {
  encoder.row(12)
  encoder.int4(projectId)
  encoder.int4(seq)
  encoder.text(d.id)
  encoder.text(d.content)
  encoder.bool(d.contentJson)
  encoder.text(d.metadata)
  encoder.text(d.path)
  encoder.text(d.lang)
  encoder.int4(d.spanStart)
  encoder.int4(d.spanEnd)
  encoder.int4(d.analyzed.length)
  encoder.textArray(terms)
}

/**
 * Compresses the chunks' large values (content, term lists) with LZ4 instead of pglz, for the rest
 * of the transaction, when the server was built with it (PostgreSQL 14+ `--with-lz4`, as the
 * common packages are); else a no-op. pglz was a quarter of the server's CPU time in a bulk
 * commit; LZ4 compresses several times faster, and any server that stored a value reads it back.
 */
const PREFER_LZ4 =
  "SELECT set_config('default_toast_compression', 'lz4', true) FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)"

/** Options of {@link insertChunks}. */
export interface InsertChunksOptions {
  /**
   * Whether the project may hold chunks (then a stored id is looked for first); `false` when it
   * is known to be empty (its chunk count, under the caller's row lock, is 0), which skips a
   * look-up of every new id.
   */
  readonly mayHoldChunks: boolean
}

/**
 * Inserts chunks and their postings inside the caller's transaction, in batch order (each gets
 * the project's next `seq`, so `ORDER BY seq` is insertion order). Rows are streamed with binary
 * `COPY ... FROM STDIN`, one COPY of chunks and one of postings per span of {@link BLOCK_SPAN}
 * seqs; each document is analyzed (`prepare`) and encoded while PostgreSQL stores the ones before
 * it, so the analysis in Node and the writes in the server overlap.
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
  options: InsertChunksOptions,
): Promise<ChunkDelta> {
  if (documents.length === 0) return { count: 0, length: 0 }
  if (options.mayHoldChunks) await assertNoneStored(client, projectId, documents, where)
  const firstSeq = await reserveSeqs(client, projectId, documents.length, where)
  const queue = new StatementQueue(client)
  const postings = new PostingsWriter(projectId, firstSeq, queue)
  let length = 0
  try {
    await queue.push(PREFER_LZ4, [])
    for (let start = 0; start < documents.length; ) {
      // One span: the documents whose seqs fall in one postings block.
      const end = Math.min(documents.length, start + BLOCK_SPAN - ((firstSeq + start) % BLOCK_SPAN))
      const copy = queue.copy(CHUNKS_COPY)
      const encoder = new BinaryCopyEncoder()
      for (let i = start; i < end; i++) {
        const prepared = prepare(documents[i]!, i)
        const terms = postings.add(prepared, firstSeq + i)
        encodeChunk(encoder, projectId, firstSeq + i, prepared, terms)
        length += prepared.analyzed.length
        if (encoder.hasFilled) await copy.write(encoder.take())
      }
      await copy.write(encoder.finish())
      copy.end()
      await postings.flush()
      start = end
    }
    await queue.drain()
  } catch (error) {
    await queue.abandon(error)
    throw error
  }
  return { count: documents.length, length }
}

/** The largest seq a project hands out (postings blocks store seqs as int4). */
const MAX_SEQ = 2_147_483_647

/** The first of the project's next `count` seqs (its row is locked by the caller's transaction). */
async function reserveSeqs(client: pg.ClientBase, projectId: number, count: number, where: string): Promise<number> {
  const { rows } = await client.query<{ first: string }>('UPDATE rag_projects SET next_seq = next_seq + $2 WHERE id = $1 RETURNING next_seq - $2 AS first', [projectId, count])
  const first = Number(rows[0]!.first)
  if (first + count > MAX_SEQ) {
    throw new LimitExceededError('chunkSeq', MAX_SEQ, first + count, `${where}: the project has used up its ${MAX_SEQ} chunk numbers; clear it and index again.`)
  }
  return first
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
