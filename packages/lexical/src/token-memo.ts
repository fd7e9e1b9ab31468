import { growUint8, growUint32 } from './grow.js'
import { detach } from './term-table.js'
import type { TermResolver } from './term-ids.js'
import type { Uint32List } from './uint32-list.js'

const EMPTY: readonly string[] = Object.freeze([])

/** The table starts at this many slots and doubles at half load, up to {@link MAX_SLOTS}. */
const MIN_SLOTS = 1 << 12
/** At half of this many slots the memo starts over: about 260,000 tokens, more than 114 MiB of code holds. */
const MAX_SLOTS = 1 << 19
/** A text buffer larger than this (bytes) is dropped after use. */
const LARGE_BUFFER = 1 << 22
/** Tokens longer than this are computed each time, not remembered. */
const MAX_TOKEN = 64
const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193

/** Words per slot: `[hash, length | count << 8, key bytes 0-3, key bytes 4-7, key offset, entry, epoch, id]`. */
const WORDS = 8

/** Options of {@link TokenMemo}. */
export interface TokenMemoOptions {
  /**
   * Table size (a power of two) at which the memo starts over.
   * @default 2 ** 19
   */
  readonly maxSlots?: number
  /**
   * Non-ASCII characters that make scanning between `fold`'s separators wrong (e.g. a character
   * that lower-cases to ASCII letters). A text holding one is left to the caller; only texts with
   * non-ASCII characters are searched.
   */
  readonly unsafe?: RegExp
}

/** The murmur3 finalizer: spreads every input bit over the low bits that pick a slot. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/**
 * The fast path of the built-in analyzers. It scans the text's UTF-8 bytes for tokens (maximal
 * runs of bytes that `fold` maps to non-zero, hashed and compared after folding; runs of one byte
 * are skipped) and remembers what `compute` makes of each distinct token, so a token seen before
 * costs a hash and a comparison, with no string built. {@link TokenMemo.appendIds} also remembers
 * the token's term ids for the resolver's current epoch. A slot keeps the first eight key bytes
 * and a single term's id inline, so a typical hit reads one cache line. The output always equals
 * calling `compute` on every token in order. The table grows with the distinct tokens seen and
 * starts over when it holds about 260,000 (about 25 MiB), so memory stays bounded.
 */
export class TokenMemo {
  readonly #fold = new Uint8Array(256)
  readonly #compute: (token: string) => readonly string[]
  readonly #encoder = new TextEncoder()
  #bytes = new Uint8Array(0)
  #slots = new Int32Array(0)
  #mask = 0
  #entries = 0
  /** Full keys of tokens longer than eight bytes. */
  #keys = new Uint8Array(0)
  #keyBytes = 0
  /** Per entry (in insertion order): its one term, or its terms (an array per entry would cost one allocation per distinct token). */
  #values: (string | readonly string[])[] = []
  /** Ids of entries with several terms; their slot's id word is the offset here. */
  #ids = new Uint32Array(0)
  #idCount = 0

  readonly #maxSlots: number
  readonly #unsafe: RegExp | undefined
  readonly #decoder = new TextDecoder()

  /**
   * @param fold maps a UTF-8 byte to the byte a token holds for it, or 0 for a separator. Only
   *   ASCII bytes may separate, so that a token is always whole UTF-8.
   * @param compute the terms of one token (as it appears in the text); the strings are kept.
   */
  constructor(fold: (byte: number) => number, compute: (token: string) => readonly string[], options: TokenMemoOptions = {}) {
    const { maxSlots = MAX_SLOTS, unsafe } = options
    for (let b = 0; b < 256; b++) this.#fold[b] = fold(b)
    this.#compute = compute
    this.#maxSlots = Math.max(MIN_SLOTS, maxSlots)
    // Without g or y, test() keeps no state between texts.
    this.#unsafe = unsafe === undefined ? undefined : new RegExp(unsafe.source, unsafe.flags.replace(/[gy]/g, ""))
  }

  /**
   * Appends the terms of every token of `text` to `out`. Returns `false`, appending nothing, if
   * `text` holds an `unsafe` character: then the caller analyses it the long way.
   */
  appendTerms(text: string, out: string[]): boolean {
    return this.#scan(text, out, undefined, undefined)
  }

  /**
   * Appends the ids, under `resolver`, of the terms of every token of `text` to `out`. Returns
   * `false`, appending nothing, if `text` holds an `unsafe` character.
   */
  appendIds(text: string, resolver: TermResolver, out: Uint32List): boolean {
    return this.#scan(text, undefined, resolver, out)
  }

  /**
   * The one scanning loop behind both outputs. The hit path (hash, probe, inline key compare) is
   * written out here rather than in helpers: it runs once per token, and calls cost as much as it.
   */
  #scan(text: string, terms: string[] | undefined, resolver: TermResolver | undefined, ids: Uint32List | undefined): boolean {
    const n = this.#encode(text)
    // Pure ASCII text has one byte per character, so a token's bytes are a slice of the text; and
    // it cannot hold an unsafe character, which saves a search through every text.
    const source = n === text.length ? text : undefined
    if (source === undefined && this.#unsafe?.test(text) === true) return false
    const bytes = this.#bytes
    const fold = this.#fold
    const epoch = resolver === undefined ? 0 : resolver.epoch
    let slots = this.#slots
    let mask = this.#mask
    // Single-term ids are written straight into the list's store: room for one per token (at
    // least two bytes and a separator each) is made up front, which is cheaper than a capacity
    // check per token (about 8 % of a warm scan). Other paths sync `k` around them.
    if (ids !== undefined) ids.reserve(((n + 1) / 3 + 1) | 0)
    let items = ids === undefined ? undefined : ids.items
    let k = ids === undefined ? 0 : ids.length
    for (let i = 0; i < n; ) {
      let c = fold[bytes[i]!]!
      if (c === 0) {
        // Separator runs (indentation, mostly) in a loop of their own.
        while (++i < n && (c = fold[bytes[i]!]!) === 0);
        if (i >= n) break
      }
      // One pass packs the first eight folded bytes into two words (compared in the slot itself)
      // and hashes the rest; the token's hash mixes the three.
      const start = i
      let key0 = c
      let key1 = 0
      let tail = 0
      let shift = 8
      while (++i < n && (c = fold[bytes[i]!]!) !== 0 && shift < 32) {
        key0 |= c << shift
        shift += 8
      }
      if (shift === 32 && i < n && c !== 0) {
        key1 = c
        shift = 8
        while (++i < n && (c = fold[bytes[i]!]!) !== 0 && shift < 32) {
          key1 |= c << shift
          shift += 8
        }
        if (shift === 32 && i < n && c !== 0) {
          tail = FNV_OFFSET
          do {
            tail = Math.imul(tail ^ c, FNV_PRIME)
          } while (++i < n && (c = fold[bytes[i]!]!) !== 0)
        }
      }
      const length = i - start
      if (length < 2) continue
      const hash = mix(key0 ^ Math.imul(key1, 0x9e3779b1) ^ Math.imul(tail ^ length, 0x27d4eb2f))
      if (length > MAX_TOKEN) {
        const computed = this.#compute(this.#decoder.decode(bytes.subarray(start, i)))
        if (terms !== undefined) for (const term of computed) terms.push(term)
        else {
          ids!.length = k
          for (const term of computed) ids!.push(resolver!.idOf(term))
          ids!.reserve(((n - i + 1) / 3 + 1) | 0)
          items = ids!.items
          k = ids!.length
        }
        continue
      }
      let at = -1
      for (let s = hash & mask; ; s = (s + 1) & mask) {
        const probe = WORDS * s
        const stored = slots[probe + 1]! & 0xff
        if (stored === 0) break
        if (stored === length && slots[probe] === hash && slots[probe + 2] === key0 && slots[probe + 3] === key1) {
          if (length <= 8 || this.#sameTail(slots[probe + 4]!, start, length)) {
            at = probe
            break
          }
        }
      }
      if (at < 0) {
        at = this.#insert(source, start, length, hash, key0, key1)
        slots = this.#slots
        mask = this.#mask
      }
      if (terms !== undefined) {
        const value = this.#values[slots[at + 5]!]!
        if (typeof value === 'string') terms.push(value)
        else for (let t = 0; t < value.length; t++) terms.push(value[t]!)
        continue
      }
      const count = slots[at + 1]! >>> 8
      if (count === 0) continue
      if (slots[at + 6] !== epoch) this.#resolve(at, resolver!)
      if (count === 1) {
        items![k++] = slots[at + 7]!
        continue
      }
      ids!.length = k
      ids!.reserve(count + (((n - i + 1) / 3 + 1) | 0))
      items = ids!.items
      const pool = this.#ids
      const first = slots[at + 7]!
      for (let t = 0; t < count; t++) items[k++] = pool[first + t]!
    }
    if (ids !== undefined) ids.length = k
    // A huge text leaves a huge buffer; let it go rather than keep it for the analyzer's lifetime.
    if (bytes.length > LARGE_BUFFER) this.#bytes = new Uint8Array(0)
    return true
  }

  /** Whether bytes 8 and on of the token at `start` equal the stored key at `offset`. */
  #sameTail(offset: number, start: number, length: number): boolean {
    const keys = this.#keys
    const bytes = this.#bytes
    const fold = this.#fold
    for (let j = 8; j < length; j++) if (keys[offset + j] !== fold[bytes[start + j]!]) return false
    return true
  }

  /** Stores the ids of the slot's terms under the resolver's epoch. */
  #resolve(at: number, resolver: TermResolver): void {
    const slots = this.#slots
    const value = this.#values[slots[at + 5]!]!
    if (typeof value === 'string') {
      slots[at + 7] = resolver.idOf(value)
    } else {
      if (slots[at + 6] === 0) {
        // First resolution: give the slot its run of ids.
        this.#ids = growUint32(this.#ids, this.#idCount + value.length, this.#idCount)
        slots[at + 7] = this.#idCount
        this.#idCount += value.length
      }
      const first = slots[at + 7]!
      for (let t = 0; t < value.length; t++) this.#ids[first + t] = resolver.idOf(value[t]!)
    }
    slots[at + 6] = resolver.epoch
  }

  /** Encodes `text` into `#bytes` as UTF-8 (at most three bytes per UTF-16 unit); returns the byte count. */
  #encode(text: string): number {
    const n = text.length
    if (this.#bytes.length < 3 * n) this.#bytes = new Uint8Array(Math.max(3 * n, 2 * this.#bytes.length, 4096))
    if (this.#slots.length === 0) this.#reset(MIN_SLOTS)
    return this.#encoder.encodeInto(text, this.#bytes).written
  }

  #insert(source: string | undefined, start: number, length: number, hash: number, key0: number, key1: number): number {
    const token = source !== undefined ? source.slice(start, start + length) : this.#decoder.decode(this.#bytes.subarray(start, start + length))
    const computed = this.#compute(token)
    const value = computed.length === 0 ? EMPTY : computed.length === 1 ? detach(computed[0]!) : computed.map(detach)
    if (2 * (this.#entries + 1) > this.#mask + 1) {
      if (this.#mask + 1 >= this.#maxSlots) this.#reset(this.#maxSlots)
      else this.#rehash(2 * (this.#mask + 1))
    }
    let offset = 0
    if (length > 8) {
      offset = this.#keyBytes
      this.#keys = growUint8(this.#keys, offset + length, offset)
      for (let j = 0; j < length; j++) this.#keys[offset + j] = this.#fold[this.#bytes[start + j]!]!
      this.#keyBytes += length
    }
    const slots = this.#slots
    let s = hash & this.#mask
    while ((slots[WORDS * s + 1]! & 0xff) !== 0) s = (s + 1) & this.#mask
    const at = WORDS * s
    slots[at] = hash
    slots[at + 1] = length | (computed.length << 8)
    slots[at + 2] = key0
    slots[at + 3] = key1
    slots[at + 4] = offset
    slots[at + 5] = this.#values.length
    slots[at + 6] = 0
    slots[at + 7] = 0
    this.#values.push(value)
    this.#entries++
    return at
  }

  #rehash(size: number): void {
    const old = this.#slots
    const slots = new Int32Array(WORDS * size)
    const mask = size - 1
    for (let from = 0; from < old.length; from += WORDS) {
      if ((old[from + 1]! & 0xff) === 0) continue
      let s = old[from]! & mask
      while ((slots[WORDS * s + 1]! & 0xff) !== 0) s = (s + 1) & mask
      // Word by word: a subarray per entry would allocate hundreds of thousands of views.
      for (let w = 0, to = WORDS * s; w < WORDS; w++) slots[to + w] = old[from + w]!
    }
    this.#slots = slots
    this.#mask = mask
  }

  #reset(size: number): void {
    this.#slots = new Int32Array(WORDS * size)
    this.#mask = size - 1
    this.#entries = 0
    this.#keys = new Uint8Array(0)
    this.#keyBytes = 0
    this.#values = []
    this.#ids = new Uint32Array(0)
    this.#idCount = 0
  }
}
