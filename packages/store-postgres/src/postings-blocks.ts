import { createHash } from 'node:crypto'
import type pg from 'pg'
import type { TermPostings } from '@rag/lexical'
import type { PreparedDocument } from './document-rows.js'
import { BinaryCopyEncoder } from './binary-copy.js'
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
function encode(rows: ArrayLike<number>): Buffer {
  const buffer = Buffer.allocUnsafe(rows.length * 4)
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length)
  for (let i = 0; i < rows.length; i++) view.setInt32(i * 4, rows[i]!)
  return buffer
}

/** Appends the postings of a block to `out` (flat `[seq, tf, length, ...]`). */
function decodeInto(packed: Buffer, out: number[]): void {
  for (let at = 0; at + ENTRY_BYTES <= packed.length; at += ENTRY_BYTES) out.push(packed.readInt32BE(at), packed.readInt32BE(at + 4), packed.readInt32BE(at + 8))
}

/** A copy of `array` with room for at least `length` values (doubling). */
function grow(array: Int32Array, length: number): Int32Array {
  const grown = new Int32Array(Math.max(array.length * 2, length))
  grown.set(array)
  return grown
}

/** Most blocks per upsert statement (4 parameters each; a statement takes at most 65,535). */
const WRITE_ROWS = 16_000

/** Loads new blocks; rows in `(term, block)` order, so the primary key's btree is filled in key order. */
const POSTINGS_COPY = 'COPY rag_postings (project_id, term, block, df, packed) FROM STDIN (FORMAT binary)'

/**
 * Adds the postings of newly inserted chunks (seqs ascending and higher than every stored one,
 * all of one commit), grouped by term within each span of {@link BLOCK_SPAN} seqs, so a
 * 200,000-chunk commit writes a few hundred thousand rows, not one per term occurrence. Each
 * chunk's terms are counted against the span's terms, each interned (and checked) once per span;
 * the postings are gathered in typed arrays and written by {@link PostingsWriter.flush}, one COPY
 * per span. Only blocks of the span the project's seqs had reached before the commit may exist
 * already: they are appended to (an upsert); every other block is simply loaded.
 */
export class PostingsWriter {
  readonly #projectId: number
  readonly #queue: StatementQueue
  readonly #appendTo: number | undefined
  #block: number | undefined
  /** The span's terms by local id: their keys (see {@link termKey}) and the terms themselves. */
  #keys: string[] = []
  #terms: string[] = []
  #ids = new Map<string, number>()
  /** The span's postings in insertion (so seq) order: term id, seq, tf, chunk length. */
  #postings: Int32Array = new Int32Array(1 << 20)
  #count = 0
  /** By term id: the chunk that last counted the term (its stamp), and its count there. */
  #seen: Int32Array = new Int32Array(1 << 16)
  #tf: Int32Array = new Int32Array(1 << 16)
  #stamp = 0
  /** The current chunk's distinct term ids, in first-occurrence order. */
  #distinct: Int32Array = new Int32Array(1 << 12)

  /** @param firstSeq the commit's first seq. */
  constructor(projectId: number, firstSeq: number, queue: StatementQueue) {
    this.#projectId = projectId
    this.#queue = queue
    this.#appendTo = firstSeq % BLOCK_SPAN === 0 ? undefined : blockOf(firstSeq)
  }

  /**
   * Adds one chunk's postings (seqs ascending, all of one span until {@link PostingsWriter.flush}).
   * Returns its distinct terms in first-occurrence order, as its row records them.
   *
   * @throws the error of `doc.checkTerm` for a term it refuses.
   */
  add(doc: PreparedDocument, seq: number): string[] {
    const block = blockOf(seq)
    if (this.#block === undefined) this.#block = block
    else if (block !== this.#block) throw new RangeError(`PostingsWriter: seq ${seq} is outside block ${this.#block}; flush the span first.`)
    const { analyzed } = doc
    const stamp = ++this.#stamp
    const distinctTerms: string[] = []
    let distinct = 0
    for (const term of analyzed) {
      const key = termKey(term)
      let id = this.#ids.get(key)
      if (id === undefined) {
        doc.checkTerm(term)
        id = this.#intern(key, term)
      }
      if (this.#seen[id] === stamp) {
        this.#tf[id]!++
        continue
      }
      this.#seen[id] = stamp
      this.#tf[id] = 1
      if (distinct === this.#distinct.length) this.#distinct = grow(this.#distinct, distinct + 1)
      this.#distinct[distinct++] = id
      distinctTerms.push(term)
    }
    if (this.#postings.length < (this.#count + distinct) * 4) this.#postings = grow(this.#postings, (this.#count + distinct) * 4)
    const postings = this.#postings
    let at = this.#count * 4
    for (let d = 0; d < distinct; d++, at += 4) {
      const id = this.#distinct[d]!
      postings[at] = id
      postings[at + 1] = seq
      postings[at + 2] = this.#tf[id]!
      postings[at + 3] = analyzed.length
    }
    this.#count += distinct
    return distinctTerms
  }

  #intern(key: string, term: string): number {
    const id = this.#keys.length
    this.#ids.set(key, id)
    this.#keys.push(key)
    this.#terms.push(term)
    if (id === this.#seen.length) {
      this.#seen = grow(this.#seen, id + 1)
      this.#tf = grow(this.#tf, id + 1)
    }
    return id
  }

  /** Sends the span's blocks (a COPY, or an upsert for the span the project had reached), then starts a new span. */
  async flush(): Promise<void> {
    const block = this.#block
    const terms = this.#keys
    const count = this.#count
    const postings = this.#postings
    if (block === undefined || count === 0) return this.#reset()
    // Group by term (a counting sort: each term's postings stay in seq order), terms in key order.
    const df = new Int32Array(terms.length)
    for (let i = 0; i < count; i++) df[postings[i * 4]!]!++
    // The default sort compares strings natively (code unit order), far faster than a comparator.
    const ids = this.#ids
    const order = [...terms].sort().map((term) => ids.get(term)!)
    const start = new Int32Array(terms.length)
    let next = 0
    for (const id of order) {
      start[id] = next
      next += df[id]!
    }
    const grouped = new Int32Array(count * 3)
    const fill = start.slice()
    for (let i = 0; i < count; i++) {
      const at = fill[postings[i * 4]!]!++ * 3
      grouped[at] = postings[i * 4 + 1]!
      grouped[at + 1] = postings[i * 4 + 2]!
      grouped[at + 2] = postings[i * 4 + 3]!
    }
    const rows = (id: number): Int32Array => grouped.subarray(start[id]! * 3, (start[id]! + df[id]!) * 3)
    this.#reset()
    if (block === this.#appendTo) await this.#upsert(block, order, terms, df, rows)
    else await this.#copy(block, order, terms, df, rows)
  }

  #reset(): void {
    this.#block = undefined
    this.#keys = []
    this.#terms = []
    this.#ids = new Map()
    this.#count = 0
  }

  async #copy(block: number, order: readonly number[], terms: readonly string[], df: Int32Array, rows: (id: number) => Int32Array): Promise<void> {
    const copy = this.#queue.copy(POSTINGS_COPY)
    const encoder = new BinaryCopyEncoder()
    for (const id of order) {
      encoder.row(5)
      encoder.int4(this.#projectId)
      encoder.text(terms[id]!)
      encoder.int4(block)
      encoder.int4(df[id]!)
      encoder.int4Bytes(rows(id))
      if (encoder.hasFilled) await copy.write(encoder.take())
    }
    await copy.write(encoder.finish())
    copy.end()
  }

  async #upsert(block: number, order: readonly number[], terms: readonly string[], df: Int32Array, rows: (id: number) => Int32Array): Promise<void> {
    for (let first = 0; first < order.length; ) {
      let bytes = 0
      let end = first
      while (end < order.length && end - first < WRITE_ROWS && (end === first || bytes < WRITE_BYTES)) {
        bytes += df[order[end]!]! * ENTRY_BYTES + terms[order[end]!]!.length
        end++
      }
      const values: unknown[] = [this.#projectId]
      const tuples: string[] = []
      for (const id of order.slice(first, end)) {
        const at = values.length
        tuples.push(`($1, $${at + 1}, $${at + 2}::int4, $${at + 3}::int4, $${at + 4}::bytea)`)
        values.push(terms[id], block, df[id], encode(rows(id)))
      }
      await this.#queue.push(
        `INSERT INTO rag_postings (project_id, term, block, df, packed) VALUES ${tuples.join(', ')}
         ON CONFLICT (project_id, term, block) DO UPDATE SET df = rag_postings.df + EXCLUDED.df, packed = rag_postings.packed || EXCLUDED.packed`,
        values,
      )
      first = end
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
