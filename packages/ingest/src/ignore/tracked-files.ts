/**
 * The paths a git index lists: the files git tracks, which no ignore rule applies to ("files
 * already tracked by Git are not affected", gitignore(5)).
 */
/**
 * The paths a git index lists: the files git tracks, which no ignore rule applies to ("files
 * already tracked by Git are not affected", gitignore(5)). Kept as the index keeps them, UTF-8
 * bytes in byte order, and looked up by binary search: a walk asks only about the paths an ignore
 * rule matches, so a 100,000-entry index is scanned once (about 10 ms) and never decoded whole.
 */
export class TrackedFiles {
  readonly #names: Buffer
  readonly #starts: Uint32Array
  readonly #ends: Uint32Array
  /** Whether a sparse index lists a directory it has not expanded (one entry ending in `/`). */
  readonly #sparse: boolean

  private constructor(names: Buffer, starts: Uint32Array, ends: Uint32Array) {
    this.#names = names
    this.#starts = starts
    this.#ends = ends
    let sparse = false
    for (let i = 0; i < starts.length && !sparse; i++) sparse = ends[i]! > starts[i]! && names[ends[i]! - 1] === SLASH
    this.#sparse = sparse
  }

  /** The files of a git index file's bytes (see {@link indexPaths}). @throws MalformedIndexError */
  static fromIndex(bytes: Uint8Array, hashBytes: 20 | 32 = 20): TrackedFiles {
    const { names, starts, ends } = scanIndex(bytes, hashBytes)
    return new TrackedFiles(names, starts, ends)
  }

  /** The files of a list of paths (`/`-separated; a directory a sparse index lists whole ends in `/`). */
  static of(paths: Iterable<string>): TrackedFiles {
    const encoded = Array.from(paths, (path) => Buffer.from(path, 'utf8')).sort(Buffer.compare)
    const starts = new Uint32Array(encoded.length)
    const ends = new Uint32Array(encoded.length)
    let at = 0
    encoded.forEach((name, i) => {
      starts[i] = at
      ends[i] = at += name.length
    })
    return new TrackedFiles(Buffer.concat(encoded), starts, ends)
  }

  /** How many entries the index lists. */
  get size(): number {
    return this.#starts.length
  }

  /** Whether git tracks the file (`/`-separated, relative to the top of the checkout), or a file below this directory. */
  has(path: string, isDirectory: boolean): boolean {
    const name = Buffer.from(isDirectory ? `${path}/` : path, 'utf8')
    const at = this.#lowerBound(name)
    // A directory: the first entry at or after `dir/` starts with it.
    if (at < this.#starts.length && this.#startsWith(at, name, isDirectory ? name.length : undefined)) return true
    if (!this.#sparse) return false
    // Below a directory a sparse index lists whole.
    for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      const directory = Buffer.from(`${path.slice(0, slash)}/`, 'utf8')
      const found = this.#lowerBound(directory)
      if (found < this.#starts.length && this.#startsWith(found, directory)) return true
    }
    return false
  }

  /** The first entry whose name is not below `name` in byte order. */
  #lowerBound(name: Buffer): number {
    let low = 0
    let high = this.#starts.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.#compare(middle, name) < 0) low = middle + 1
      else high = middle
    }
    return low
  }

  /** Entry `i`'s name against `name`, byte by byte (names are short: a loop beats a native call each). */
  #compare(i: number, name: Buffer): number {
    const names = this.#names
    const start = this.#starts[i]!
    const length = this.#ends[i]! - start
    const shorter = Math.min(length, name.length)
    for (let k = 0; k < shorter; k++) {
      const difference = names[start + k]! - name[k]!
      if (difference !== 0) return difference
    }
    return length - name.length
  }

  /** Whether entry `i` is `name` (or, with `prefix`, starts with its first `prefix` bytes). */
  #startsWith(i: number, name: Buffer, prefix?: number): boolean {
    const start = this.#starts[i]!
    const length = this.#ends[i]! - start
    const compared = prefix ?? name.length
    if (prefix === undefined ? length !== name.length : length < prefix) return false
    for (let k = 0; k < compared; k++) if (this.#names[start + k] !== name[k]) return false
    return true
  }
}

const SLASH = 0x2f

/** The index could not be read as git writes it. */
export class MalformedIndexError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MalformedIndexError'
  }
}

const SIGNATURE = 0x44495243 // 'DIRC'
/** ctime, mtime (8 bytes each), dev, ino, mode, uid, gid, size (4 each): before the object id. */
const STAT_BYTES = 40
const EXTENDED = 0x4000

/** Where each entry's name lies in `names`, in index order. */
interface ScannedIndex {
  readonly names: Buffer
  readonly starts: Uint32Array
  readonly ends: Uint32Array
}

/**
 * The paths of a git index file (`.git/index`), versions 2, 3 and 4 (whose paths are compressed
 * against the previous entry's), in index order; a path in conflict is listed once per stage.
 * `hashBytes` is the object id's length: 20 for SHA-1, 32 for SHA-256 repositories.
 *
 * @throws MalformedIndexError when the bytes are not such an index.
 */
export function indexPaths(bytes: Uint8Array, hashBytes: 20 | 32 = 20): string[] {
  const { names, starts, ends } = scanIndex(bytes, hashBytes)
  return Array.from(starts, (start, i) => names.toString('utf8', start, ends[i]))
}

/** One pass over the entries of an index file: where each name is (v4's rebuilt into a buffer of their own). */
function scanIndex(bytes: Uint8Array, hashBytes: 20 | 32): ScannedIndex {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buffer.length < 12 || buffer.readUInt32BE(0) !== SIGNATURE) throw new MalformedIndexError('it does not start with the "DIRC" signature')
  const version = buffer.readUInt32BE(4)
  if (version < 2 || version > 4) throw new MalformedIndexError(`its version ${version} is not 2, 3 or 4`)
  const count = buffer.readUInt32BE(8)
  if (count > buffer.length / (STAT_BYTES + hashBytes + 3)) throw new MalformedIndexError(`its ${count} entries cannot fit in ${buffer.length} bytes`)
  const starts = new Uint32Array(count)
  const ends = new Uint32Array(count)
  // Version 4 names are rebuilt here, each from the previous one's start and its own suffix.
  let names = version === 4 ? Buffer.allocUnsafe(Math.max(64, buffer.length)) : buffer
  let written = 0
  let at = 12
  for (let i = 0; i < count; i++) {
    const start = at
    at += STAT_BYTES + hashBytes
    if (at + 2 > buffer.length) throw new MalformedIndexError(`entry ${i + 1} of ${count} runs past its end`)
    const flags = buffer.readUInt16BE(at)
    at += 2
    if (flags & EXTENDED) {
      if (version < 3) throw new MalformedIndexError(`entry ${i + 1} has extended flags in a version ${version} index`)
      at += 2
    }
    if (version === 4) {
      // How many bytes of the previous path to drop (git's offset varint), then the rest, NUL-ended.
      let byte = buffer[at++] ?? 0
      let drop = byte & 0x7f
      while (byte & 0x80) {
        byte = buffer[at++] ?? 0
        drop = (drop + 1) * 128 + (byte & 0x7f)
      }
      const previousStart = i === 0 ? 0 : starts[i - 1]!
      const previousLength = i === 0 ? 0 : ends[i - 1]! - previousStart
      if (drop > previousLength) throw new MalformedIndexError(`entry ${i + 1} drops more of the previous path than it has`)
      const end = buffer.indexOf(0, at)
      if (end < 0) throw new MalformedIndexError(`entry ${i + 1}'s path has no end`)
      const kept = previousLength - drop
      const length = kept + end - at
      if (written + length > names.length) {
        const grown = Buffer.allocUnsafe(Math.max(names.length * 2, written + length))
        names.copy(grown, 0, 0, written)
        names = grown
      }
      // Byte loops: names are short, and a native copy per entry costs more than the copying.
      for (let k = 0; k < kept; k++) names[written + k] = names[previousStart + k]!
      for (let k = at; k < end; k++) names[written + kept + k - at] = buffer[k]!
      starts[i] = written
      ends[i] = written += length
      at = end + 1
    } else {
      const end = buffer.indexOf(0, at)
      if (end < 0) throw new MalformedIndexError(`entry ${i + 1}'s path has no end`)
      starts[i] = at
      ends[i] = end
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
      at = start + ((end - start + 8) & ~7)
    }
  }
  return { names, starts, ends }
}
