import { createHash } from 'node:crypto'
import type pg from 'pg'
import { InvalidArgumentError, type Document, type DocumentVector, type EmbeddedDocuments, type StoredVectorEmbedder, type StoredVectors, type VectorCommit } from '@rag/core'
import { rowToDocument } from './document-rows.js'

/** Vector rows per INSERT (3 parameters each). */
const VECTOR_BATCH = 5000
/** Ids (or hashes) per lookup statement. */
const LOOKUP_BATCH = 10_000

/** A project's key, as the reads name it. */
interface ProjectKeyColumns {
  readonly repoId: string
  readonly commitSha: string
}

/** What PostgreSQL's `md5(text)` gives for `text` (both hash its UTF-8 bytes): the key of `rag_vectors_by_hash`. */
function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex')
}

function toBytes(vector: Float32Array): Buffer {
  // Little-endian float32, as `@rag/store-sqlite` keeps them; every platform Node runs on is little-endian.
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)
}

/** A copy with a buffer of its own (the received bytes need not be 4-byte aligned). */
function fromBytes(bytes: Buffer): Float32Array {
  const copy = new Uint8Array(bytes.byteLength)
  copy.set(bytes)
  return new Float32Array(copy.buffer)
}

/** Copies equal-length vectors into one buffer and returns a view per vector (one allocation, not one per vector). */
function fromManyBytes(rows: readonly Buffer[]): Float32Array[] {
  if (rows.length === 0) return []
  const width = rows[0]!.byteLength
  const all = new Uint8Array(width * rows.length)
  const floats = new Float32Array(all.buffer)
  const dimensions = width / 4
  return rows.map((bytes, i) => {
    if (bytes.byteLength !== width) return fromBytes(bytes)
    all.set(bytes, i * width)
    return floats.subarray(i * dimensions, (i + 1) * dimensions)
  })
}

/** The last vector per id: a commit naming a document twice stores the later one, as one at a time would. */
function lastPerId(vectors: readonly DocumentVector[]): DocumentVector[] {
  const byId = new Map<string, DocumentVector>()
  for (const entry of vectors) {
    byId.delete(entry.id)
    byId.set(entry.id, entry)
  }
  return [...byId.values()]
}

/** The seqs of the stored documents among `ids`. */
async function seqsOf(client: pg.ClientBase, projectId: number, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
    const { rows } = await client.query<{ id: string; seq: number }>('SELECT id, seq FROM rag_chunks WHERE project_id = $1 AND id = ANY($2::text[])', [projectId, ids.slice(start, start + LOOKUP_BATCH)])
    for (const row of rows) out.set(row.id, row.seq)
  }
  return out
}

/**
 * Writes a checked vector commit inside the caller's transaction, after its documents changed:
 * another embedder's vectors are deleted first (a project never holds two embedders' vectors),
 * the embedder row is replaced (keeping the stored model when the same embedder sends none), and
 * each vector is written under its document's seq, so it goes when the document does.
 *
 * @throws InvalidArgumentError for a vector of a document that is not stored (the transaction rolls back).
 */
export async function writeVectors(client: pg.ClientBase, projectId: number, commit: VectorCommit, where: string): Promise<void> {
  const { embedder } = commit
  const { rows: stored } = await client.query<{ name: string }>('SELECT name FROM rag_vector_embedders WHERE project_id = $1', [projectId])
  const same = stored[0]?.name === embedder.name
  if (!same) await client.query('DELETE FROM rag_vectors WHERE project_id = $1', [projectId])
  const keepModel = same && embedder.model === undefined
  await client.query(
    `INSERT INTO rag_vector_embedders (project_id, name, dimensions, spec, model, state) VALUES ($1, $2, $3, $4, $5::bytea, $6)
     ON CONFLICT (project_id) DO UPDATE SET name = EXCLUDED.name, dimensions = EXCLUDED.dimensions, spec = EXCLUDED.spec, state = EXCLUDED.state,
       model = CASE WHEN $7::bool THEN rag_vector_embedders.model ELSE EXCLUDED.model END`,
    [projectId, embedder.name, embedder.dimensions, JSON.stringify(embedder.spec), embedder.model === undefined ? null : Buffer.from(embedder.model), JSON.stringify(embedder.state ?? {}), keepModel],
  )
  const vectors = lastPerId(commit.vectors)
  const seqs = await seqsOf(client, projectId, vectors.map((entry) => entry.id))
  const missing = vectors.find((entry) => !seqs.has(entry.id))
  if (missing !== undefined) throw new InvalidArgumentError(`${where}: a vector was committed for document "${missing.id}", which is not stored.`)
  for (let start = 0; start < vectors.length; start += VECTOR_BATCH) {
    const values: unknown[] = [projectId]
    const tuples = vectors.slice(start, start + VECTOR_BATCH).map(({ id, contentHash, vector }) => {
      values.push(seqs.get(id), contentHash, toBytes(vector))
      return `($1, $${values.length - 2}::int4, $${values.length - 1}, $${values.length}::bytea)`
    })
    await client.query(
      `INSERT INTO rag_vectors (project_id, seq, content_hash, embedding) VALUES ${tuples.join(', ')}
       ON CONFLICT (project_id, seq) DO UPDATE SET content_hash = EXCLUDED.content_hash, embedding = EXCLUDED.embedding`,
      values,
    )
  }
}

/** Forgets a project's embedder and deletes its vectors inside the caller's transaction; `true` if there was one. */
export async function dropVectors(client: pg.ClientBase, projectId: number): Promise<boolean> {
  await client.query('DELETE FROM rag_vectors WHERE project_id = $1', [projectId])
  const { rowCount } = await client.query('DELETE FROM rag_vector_embedders WHERE project_id = $1', [projectId])
  return (rowCount ?? 0) > 0
}

/** The project's stored embedder and how many documents have a vector from it, or `undefined`. */
export async function readEmbedder(client: pg.ClientBase, key: ProjectKeyColumns): Promise<StoredVectorEmbedder | undefined> {
  const { rows } = await client.query<{ name: string; dimensions: number; spec: string; model: Buffer | null; state: string; count: string }>(
    `SELECT e.name, e.dimensions, e.spec, e.model, e.state, (SELECT count(*) FROM rag_vectors v WHERE v.project_id = p.id) AS count
     FROM rag_vector_embedders e JOIN rag_projects p ON p.id = e.project_id WHERE p.repo_id = $1 AND p.commit_sha = $2`,
    [key.repoId, key.commitSha],
  )
  const row = rows[0]
  if (row === undefined) return undefined
  return {
    name: row.name,
    dimensions: row.dimensions,
    spec: JSON.parse(row.spec) as StoredVectorEmbedder['spec'],
    model: row.model === null ? undefined : new Uint8Array(row.model),
    state: JSON.parse(row.state) as StoredVectorEmbedder['state'],
    vectorCount: Number(row.count),
  }
}

/** The vectors of a project's embedder named `embedderName`, joined to their documents (none for another embedder). */
const EMBEDDED = `FROM rag_projects p
  JOIN rag_vector_embedders e ON e.project_id = p.id AND e.name = $3
  JOIN rag_vectors v ON v.project_id = p.id
  JOIN rag_chunks c ON c.project_id = p.id AND c.seq = v.seq
  WHERE p.repo_id = $1 AND p.commit_sha = $2`

/** Stored vectors of `embedderName` by content hash, for the hashes that have one. Run it in one snapshot. */
export async function findVectors(client: pg.ClientBase, key: ProjectKeyColumns, embedderName: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>()
  const hashes = [...new Set(contentHashes)]
  for (let start = 0; start < hashes.length; start += LOOKUP_BATCH) {
    const batch = hashes.slice(start, start + LOOKUP_BATCH)
    const { rows } = await client.query<{ content_hash: string; embedding: Buffer }>(
      `SELECT DISTINCT ON (v.content_hash) v.content_hash, v.embedding FROM rag_projects p
        JOIN rag_vector_embedders e ON e.project_id = p.id AND e.name = $3
        JOIN rag_vectors v ON v.project_id = p.id AND md5(v.content_hash) = ANY($4::text[]) AND v.content_hash = ANY($5::text[])
        WHERE p.repo_id = $1 AND p.commit_sha = $2 ORDER BY v.content_hash, v.seq`,
      [key.repoId, key.commitSha, embedderName, batch.map(md5), batch],
    )
    for (const row of rows) out.set(row.content_hash, fromBytes(row.embedding))
  }
  return out
}

/** Every document with a vector of `embedderName`, with it, in insertion order (one statement). */
export async function readEmbedded(client: pg.ClientBase, key: ProjectKeyColumns, embedderName: string): Promise<EmbeddedDocuments> {
  const { rows } = await client.query<{ id: string; content: string; content_json: boolean; metadata: string; content_hash: string; embedding: Buffer }>(
    `SELECT c.id, c.content, c.content_json, c.metadata, v.content_hash, v.embedding ${EMBEDDED} ORDER BY v.seq`,
    [key.repoId, key.commitSha, embedderName],
  )
  return {
    documents: rows.map((row) => rowToDocument(row.id, row.content, row.metadata, row.content_json)),
    contentHashes: rows.map((row) => row.content_hash),
    vectors: fromManyBytes(rows.map((row) => row.embedding)),
  }
}

/** The id and vector of every document with a vector of `embedderName`, in insertion order, without any content (one statement). */
export async function readVectors(client: pg.ClientBase, key: ProjectKeyColumns, embedderName: string): Promise<StoredVectors> {
  const { rows } = await client.query<{ id: string; embedding: Buffer }>(`SELECT c.id, v.embedding ${EMBEDDED} ORDER BY v.seq`, [key.repoId, key.commitSha, embedderName])
  return { ids: rows.map((row) => row.id), vectors: fromManyBytes(rows.map((row) => row.embedding)) }
}

/** Every document without a vector of `embedderName` (all of them when the stored embedder is another), in insertion order (one statement). */
export async function readUnembedded(client: pg.ClientBase, key: ProjectKeyColumns, embedderName: string): Promise<Document[]> {
  const { rows } = await client.query<{ id: string; content: string; content_json: boolean; metadata: string }>(
    `SELECT c.id, c.content, c.content_json, c.metadata FROM rag_chunks c JOIN rag_projects p ON p.id = c.project_id
     WHERE p.repo_id = $1 AND p.commit_sha = $2 AND NOT EXISTS (
       SELECT 1 FROM rag_vectors v JOIN rag_vector_embedders e ON e.project_id = v.project_id AND e.name = $3 WHERE v.project_id = p.id AND v.seq = c.seq
     ) ORDER BY c.seq`,
    [key.repoId, key.commitSha, embedderName],
  )
  return rows.map((row) => rowToDocument(row.id, row.content, row.metadata, row.content_json))
}
