import { createHash } from 'node:crypto'
import type pg from 'pg'
import type { TermPostings } from '@rag/lexical'
import type { PreparedDocument } from './document-rows.js'
import type { StatementQueue } from './statement-queue.js'

/**
 * Chunks per postings block: the postings of one term for the chunks whose `seq` falls in one
 * span of this many are kept together in one row. Larger spans mean fewer rows (a faster bulk
 * commit and fewer rows per search) but more bytes rewritten when a chunk in the span is removed.
 */
export const BLOCK_SPAN = 8192
/** Bytes per posting in a block: seq, tf, length, each a big-endian int4. */
export const ENTRY_BYTES = 12
/** Rough bytes of blocks written per statement. */
const WRITE_BYTES = 4_000_000
/** (term, block) pairs read per statement when postings are removed. */
const REMOVE_PAIRS = 20_000

/** Longest term, in UTF-8 bytes, kept as its own key (a btree entry holds at most ~2.7 kB). */
const MAX_KEY_BYTES = 512

/**
 * The key a term's postings are stored under: the term itself, or for a term longer than
 * {@link MAX_KEY_BYTES} (a minified line, a base64 blob) its first 100 characters and its SHA-256,
 * computed the same way for documents and queries.
 */
export function termKey(term: string): string {
  if (term.length * 3 <= MAX_KEY_BYTES || Buffer.byteLength(term) <= MAX_KEY_BYTES) return term
  return `${Array.from(term).slice(0, 100).join('')}\u001e${createHash('sha256').update(term).digest('hex')}`
}

/** The block of a chunk seq. */
export function blockOf(seq: number): number {
  return Math.floor(seq / BLOCK_SPAN)
}

interface Block {
  readonly term: string
  readonly block: number
  readonly rows: number[]
}

/** Encodes postings rows (flat `[seq, tf, length, ...]`) as a block. */
function encode(rows: readonly number[]): Buffer {
  const buffer = Buffer.allocUnsafe(rows.length * 4)
  for (let i = 0; i < rows.length; i++) buffer.writeInt32BE(rows[i]!, i * 4)
  return buffer
}

/** Appends the postings of a block to `out` (flat `[seq, tf, length, ...]`). */
function decodeInto(packed: Buffer, out: number[]): void {
  for (let at = 0; at + ENTRY_BYTES <= packed.length; at += ENTRY_BYTES) out.push(packed.readInt32BE(at), packed.readInt32BE(at + 4), packed.readInt32BE(at + 8))
}

/** Most blocks per statement (4 parameters each; a statement takes at most 65,535). */
const WRITE_ROWS = 16_000

/**
 * Adds the postings of newly inserted chunks (seqs ascending and higher than every stored one,
 * all of one commit), grouped by term within each span of {@link BLOCK_SPAN} seqs, so a
 * 200,000-chunk commit writes a few hundred thousand rows, not one per term occurrence. A span's
 * blocks are sent as soon as its last chunk is added, as statement parameters (the packed
 * postings travel as binary). Only blocks of the span the project's seqs had reached before the
 * commit may exist already: they are appended to; every other block is simply inserted.
 */
export class PostingsWriter {
  readonly #projectId: number
  readonly #queue: StatementQueue
  readonly #appendTo: number | undefined
  #current: number | undefined
  #terms = new Map<string, number[]>()

  /** @param firstSeq the commit's first seq. */
  constructor(projectId: number, firstSeq: number, queue: StatementQueue) {
    this.#projectId = projectId
    this.#queue = queue
    this.#appendTo = firstSeq % BLOCK_SPAN === 0 ? undefined : blockOf(firstSeq)
  }

  /** Adds one chunk's postings (seqs in ascending order). */
  async add(doc: PreparedDocument, seq: number): Promise<void> {
    const block = blockOf(seq)
    if (block !== this.#current) {
      await this.#flush()
      this.#current = block
    }
    for (let t = 0; t < doc.terms.length; t++) {
      const term = termKey(doc.terms[t]!)
      let rows = this.#terms.get(term)
      if (rows === undefined) this.#terms.set(term, (rows = []))
      rows.push(seq, doc.tfs[t]!, doc.length)
    }
  }

  /** Sends the last span's blocks. */
  async finish(): Promise<void> {
    await this.#flush()
  }

  async #flush(): Promise<void> {
    const block = this.#current
    if (block === undefined || this.#terms.size === 0) return
    const blocks = [...this.#terms].map(([term, rows]) => ({ term, block, rows }))
    this.#terms = new Map()
    blocks.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
    const upsert =
      block === this.#appendTo ? ' ON CONFLICT (project_id, term, block) DO UPDATE SET df = rag_postings.df + EXCLUDED.df, packed = rag_postings.packed || EXCLUDED.packed' : ''
    for (let start = 0; start < blocks.length; ) {
      let bytes = 0
      let end = start
      while (end < blocks.length && end - start < WRITE_ROWS && (end === start || bytes < WRITE_BYTES)) {
        bytes += blocks[end]!.rows.length * 4 + blocks[end]!.term.length
        end++
      }
      const values: unknown[] = [this.#projectId]
      const rows: string[] = []
      for (const entry of blocks.slice(start, end)) {
        const at = values.length
        rows.push(`($1, $${at + 1}, $${at + 2}::int4, $${at + 3}::int4, $${at + 4}::bytea)`)
        values.push(entry.term, entry.block, entry.rows.length / 3, encode(entry.rows))
      }
      await this.#queue.push(`INSERT INTO rag_postings (project_id, term, block, df, packed) VALUES ${rows.join(', ')}${upsert}`, values)
      start = end
    }
  }
}

/**
 * Removes the postings of removed chunks (their seqs and recorded terms) inside the caller's
 * transaction: each affected block is read, the removed seqs dropped, and written back (or
 * deleted when empty).
 */
export async function removePostings(client: pg.ClientBase, projectId: number, removed: readonly { readonly seq: number; readonly terms: readonly string[] }[]): Promise<void> {
  const gone = new Map<string, { term: string; block: number; seqs: Set<number> }>()
  for (const { seq, terms } of removed) {
    const block = blockOf(seq)
    for (const term of terms.map(termKey)) {
      const key = `${block}\u001f${term}`
      let entry = gone.get(key)
      if (entry === undefined) gone.set(key, (entry = { term, block, seqs: new Set() }))
      entry.seqs.add(seq)
    }
  }
  const pairs = [...gone.values()]
  for (let start = 0; start < pairs.length; start += REMOVE_PAIRS) {
    const batch = pairs.slice(start, start + REMOVE_PAIRS)
    const { rows } = await client.query<{ term: string; block: number; packed: Buffer }>(
      `SELECT p.term, p.block, p.packed FROM rag_postings p
         JOIN unnest($2::text[], $3::int4[]) AS g(term, block) ON p.term = g.term AND p.block = g.block
        WHERE p.project_id = $1`,
      [projectId, batch.map((g) => g.term), batch.map((g) => g.block)],
    )
    const rewritten: Block[] = []
    const emptied: { term: string; block: number }[] = []
    for (const row of rows) {
      const drop = gone.get(`${row.block}\u001f${row.term}`)!.seqs
      const all: number[] = []
      decodeInto(row.packed, all)
      const kept: number[] = []
      for (let i = 0; i < all.length; i += 3) if (!drop.has(all[i]!)) kept.push(all[i]!, all[i + 1]!, all[i + 2]!)
      if (kept.length === 0) emptied.push({ term: row.term, block: row.block })
      else if (kept.length !== all.length) rewritten.push({ term: row.term, block: row.block, rows: kept })
    }
    if (emptied.length > 0) {
      await client.query(
        'DELETE FROM rag_postings p USING unnest($2::text[], $3::int4[]) AS g(term, block) WHERE p.project_id = $1 AND p.term = g.term AND p.block = g.block',
        [projectId, emptied.map((e) => e.term), emptied.map((e) => e.block)],
      )
    }
    for (let at = 0; at < rewritten.length; at += 5000) {
      const part = rewritten.slice(at, at + 5000)
      await client.query(
        `UPDATE rag_postings p SET df = g.df, packed = g.packed
           FROM unnest($2::text[], $3::int4[], $4::int4[], $5::bytea[]) AS g(term, block, df, packed)
          WHERE p.project_id = $1 AND p.term = g.term AND p.block = g.block`,
        [projectId, part.map((b) => b.term), part.map((b) => b.block), part.map((b) => b.rows.length / 3), part.map((b) => encode(b.rows))],
      )
    }
  }
}

/**
 * The postings of `terms` (distinct, in the order given) in the caller's snapshot: one statement,
 * the blocks of each term concatenated in block order (so each term's postings come ascending by
 * seq, as the scorer merges them). Terms no live chunk holds are absent from the map.
 */
export async function loadPostings(client: pg.ClientBase, projectId: number, terms: readonly string[]): Promise<Map<string, TermPostings>> {
  const byKey = new Map(terms.map((term) => [termKey(term), term]))
  const { rows } = await client.query<{ term: string; block: number; packed: Buffer }>('SELECT term, block, packed FROM rag_postings WHERE project_id = $1 AND term = ANY($2::text[])', [
    projectId,
    [...byKey.keys()],
  ])
  const blocks = new Map<string, { block: number; packed: Buffer }[]>()
  for (const row of rows) {
    const term = byKey.get(row.term)!
    let list = blocks.get(term)
    if (list === undefined) blocks.set(term, (list = []))
    list.push(row)
  }
  const out = new Map<string, TermPostings>()
  for (const [term, list] of blocks) {
    // Blocks in seq order (each block's postings are already ascending), so the postings are too.
    list.sort((a, b) => a.block - b.block)
    let df = 0
    for (const { packed } of list) df += Math.floor(packed.length / ENTRY_BYTES)
    const documents = new Int32Array(df)
    const tfs = new Int32Array(df)
    const lengths = new Int32Array(df)
    let i = 0
    for (const { packed } of list) {
      for (let at = 0; at + ENTRY_BYTES <= packed.length; at += ENTRY_BYTES, i++) {
        documents[i] = packed.readInt32BE(at)
        tfs[i] = packed.readInt32BE(at + 4)
        lengths[i] = packed.readInt32BE(at + 8)
      }
    }
    out.set(term, { df, columns: { documents, tfs, lengths } })
  }
  return out
}
