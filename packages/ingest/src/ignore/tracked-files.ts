/**
 * The paths a git index lists: the files git tracks, which no ignore rule applies to ("files
 * already tracked by Git are not affected", gitignore(5)).
 */
export class TrackedFiles {
  readonly #files = new Set<string>()
  /** Every directory with a tracked file below it. */
  readonly #directories = new Set<string>()
  /** Directories a sparse index lists whole (one entry ending in `/`): every path below them is tracked. */
  readonly #sparse = new Set<string>()

  constructor(paths: Iterable<string>) {
    for (const path of paths) {
      const file = path.endsWith('/') ? path.slice(0, -1) : path
      if (file === path) this.#files.add(file)
      else this.#sparse.add(file)
      for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
        const directory = file.slice(0, slash)
        if (this.#directories.has(directory)) break
        this.#directories.add(directory)
      }
      if (file !== path) this.#directories.add(file)
    }
  }

  /** How many files the index lists. */
  get size(): number {
    return this.#files.size
  }

  /** Whether git tracks the file (`/`-separated, relative to the top of the checkout), or a file below this directory. */
  has(path: string, isDirectory: boolean): boolean {
    if (isDirectory ? this.#directories.has(path) : this.#files.has(path)) return true
    if (this.#sparse.size === 0) return false
    for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) if (this.#sparse.has(path.slice(0, slash))) return true
    return false
  }
}

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

/**
 * The paths of a git index file (`.git/index`), versions 2, 3 and 4 (whose paths are compressed
 * against the previous entry's), in index order; a path in conflict is listed once per stage.
 * `hashBytes` is the object id's length: 20 for SHA-1, 32 for SHA-256 repositories.
 *
 * @throws MalformedIndexError when the bytes are not such an index.
 */
export function indexPaths(bytes: Uint8Array, hashBytes: 20 | 32 = 20): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 12 || view.getUint32(0) !== SIGNATURE) throw new MalformedIndexError('it does not start with the "DIRC" signature')
  const version = view.getUint32(4)
  if (version < 2 || version > 4) throw new MalformedIndexError(`its version ${version} is not 2, 3 or 4`)
  const count = view.getUint32(8)
  const decoder = new TextDecoder('utf-8')
  const paths: string[] = []
  let previous: Uint8Array = new Uint8Array(0)
  let at = 12
  for (let i = 0; i < count; i++) {
    const start = at
    at += STAT_BYTES + hashBytes
    if (at + 2 > bytes.length) throw new MalformedIndexError(`entry ${i + 1} of ${count} runs past its end`)
    const flags = view.getUint16(at)
    at += 2
    if (flags & EXTENDED) {
      if (version < 3) throw new MalformedIndexError(`entry ${i + 1} has extended flags in a version ${version} index`)
      at += 2
    }
    let name: Uint8Array
    if (version === 4) {
      // How many bytes of the previous path to drop (git's offset varint), then the rest, NUL-ended.
      let byte = bytes[at++] ?? 0
      let drop = byte & 0x7f
      while (byte & 0x80) {
        byte = bytes[at++] ?? 0
        drop = (drop + 1) * 128 + (byte & 0x7f)
      }
      if (drop > previous.length) throw new MalformedIndexError(`entry ${i + 1} drops more of the previous path than it has`)
      const end = bytes.indexOf(0, at)
      if (end < 0) throw new MalformedIndexError(`entry ${i + 1}'s path has no end`)
      const kept = previous.subarray(0, previous.length - drop)
      name = new Uint8Array(kept.length + end - at)
      name.set(kept)
      name.set(bytes.subarray(at, end), kept.length)
      at = end + 1
    } else {
      const end = bytes.indexOf(0, at)
      if (end < 0) throw new MalformedIndexError(`entry ${i + 1}'s path has no end`)
      name = bytes.subarray(at, end)
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
      at = start + ((end - start + 8) & ~7)
    }
    paths.push(decoder.decode(name))
    previous = name
  }
  return paths
}
