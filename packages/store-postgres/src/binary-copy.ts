/** The signature, flags and header extension length that open PostgreSQL's binary COPY format. */
const HEADER = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])
/** The OID of `text`, which a binary `text[]` value names as its element type. */
const TEXT_OID = 25
/** Bytes per chunk an encoder hands over, unless one value needs more. */
export const CHUNK_BYTES = 1 << 20

/** Node's `Buffer#utf8Write` (on every Buffer, untyped): `write` without its argument juggling, which costs as much as the copy for short strings. */
interface Utf8Writable {
  utf8Write(value: string, offset: number): number
}

/**
 * Encodes rows in PostgreSQL's binary COPY format (`COPY ... FROM STDIN (FORMAT binary)`) into
 * chunks of about a megabyte: no text escaping in Node and no parsing in the server, and values
 * are written straight into the chunk (strings as UTF-8, integers big-endian). A row may span two
 * chunks: COPY data is one byte stream, whatever its message boundaries.
 *
 * Call {@link BinaryCopyEncoder.row} and then one method per column, in table order; take the
 * filled chunks with {@link BinaryCopyEncoder.take} and the last ones with
 * {@link BinaryCopyEncoder.finish}.
 */
export class BinaryCopyEncoder {
  #chunk = Buffer.allocUnsafe(CHUNK_BYTES)
  #view = new DataView(this.#chunk.buffer, this.#chunk.byteOffset, this.#chunk.length)
  #at = 0
  #filled: Buffer[] = []

  constructor() {
    HEADER.copy(this.#chunk)
    this.#at = HEADER.length
  }

  /** Whether filled chunks wait to be taken. */
  get hasFilled(): boolean {
    return this.#filled.length > 0
  }

  /** Starts a row of `fields` columns. */
  row(fields: number): void {
    this.#ensure(2)
    this.#view.setInt16(this.#at, fields)
    this.#at += 2
  }

  /** An `int4` column (`null`: SQL NULL). */
  int4(value: number | null): void {
    if (value === null) return this.#null()
    this.#ensure(8)
    this.#view.setInt32(this.#at, 4)
    this.#view.setInt32(this.#at + 4, value)
    this.#at += 8
  }

  /** A `bool` column. */
  bool(value: boolean): void {
    this.#ensure(5)
    this.#view.setInt32(this.#at, 1)
    this.#chunk[this.#at + 4] = value ? 1 : 0
    this.#at += 5
  }

  /** A `text` column (`null`: SQL NULL). */
  text(value: string | null): void {
    if (value === null) return this.#null()
    this.#string(value)
  }

  /** A one-dimensional `text[]` column without NULL elements. */
  textArray(values: readonly string[]): void {
    const lengthAt = this.#reserveLength()
    // The header: dimensions, a has-nulls flag, the element type, then (for one dimension) its length and lower bound.
    const header = values.length === 0 ? 12 : 20
    this.#ensure(header)
    const view = this.#view
    view.setInt32(this.#at, values.length === 0 ? 0 : 1)
    view.setInt32(this.#at + 4, 0)
    view.setInt32(this.#at + 8, TEXT_OID)
    if (values.length > 0) {
      view.setInt32(this.#at + 12, values.length)
      view.setInt32(this.#at + 16, 1)
    }
    this.#at += header
    // Counted, not measured from positions: the value may continue in a later chunk.
    let bytes = header
    for (const value of values) bytes += this.#string(value)
    this.#patchLength(lengthAt, bytes)
  }

  /** A `bytea` column holding `values` as big-endian int4s (a packed array). */
  int4Bytes(values: Int32Array): void {
    this.#ensure(4 + values.length * 4)
    const view = this.#view
    let at = this.#at
    view.setInt32(at, values.length * 4)
    at += 4
    for (let i = 0; i < values.length; i++, at += 4) view.setInt32(at, values[i]!)
    this.#at = at
  }

  /** The chunks filled since the last call (empty while the current one has room). */
  take(): Buffer[] {
    const filled = this.#filled
    this.#filled = []
    return filled
  }

  /** Ends the data (the trailer) and returns every chunk not yet taken; the encoder is spent. */
  finish(): Buffer[] {
    this.#ensure(2)
    this.#view.setInt16(this.#at, -1)
    this.#at += 2
    this.#filled.push(this.#chunk.subarray(0, this.#at))
    return this.take()
  }

  #null(): void {
    this.#ensure(4)
    this.#view.setInt32(this.#at, -1)
    this.#at += 4
  }

  /** Writes a length-prefixed UTF-8 string; returns the bytes written, prefix included. */
  #string(value: string): number {
    // 3 bytes per UTF-16 unit bound the UTF-8 length; measure exactly only when that bound does not fit.
    const bound = value.length * 3
    if (this.#chunk.length - this.#at < 4 + bound) this.#ensure(4 + Buffer.byteLength(value))
    const bytes = (this.#chunk as unknown as Utf8Writable).utf8Write(value, this.#at + 4)
    this.#view.setInt32(this.#at, bytes)
    this.#at += 4 + bytes
    return 4 + bytes
  }

  /** Reserves a field's length word, to be patched once the value is written (it may land in a later chunk). */
  #reserveLength(): { chunk: Buffer; at: number } {
    this.#ensure(4)
    const reserved = { chunk: this.#chunk, at: this.#at }
    this.#at += 4
    return reserved
  }

  #patchLength({ chunk, at }: { chunk: Buffer; at: number }, bytes: number): void {
    chunk.writeInt32BE(bytes, at)
  }

  /** Makes room for `bytes` more: hands the current chunk over and starts another when it lacks them. */
  #ensure(bytes: number): void {
    if (this.#chunk.length - this.#at >= bytes) return
    if (this.#at > 0) this.#filled.push(this.#chunk.subarray(0, this.#at))
    this.#chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes))
    this.#view = new DataView(this.#chunk.buffer, this.#chunk.byteOffset, this.#chunk.length)
    this.#at = 0
  }
}
