import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { RagError } from '@rag/core'
import { CorruptStoreError } from './errors/store-errors.js'

/** What lies at a store path before SQLite touches it. */
export type FileProbe = 'missing' | 'empty' | 'sqlite'

const MAGIC = Buffer.from('SQLite format 3\0', 'latin1')
const HEADER_BYTES = 100

/**
 * Looks at the raw bytes of `path` before SQLite opens it, so a file that is not SQLite is
 * reported (and never written to) and a truncated database is named as such instead of failing
 * later with "database disk image is malformed".
 *
 * @throws CorruptStoreError for a non-SQLite or truncated file; RagError `IO` for a directory or an unreadable file.
 */
export function probeStoreFile(path: string): FileProbe {
  let size: number
  try {
    const stat = statSync(path)
    if (stat.isDirectory()) {
      throw new RagError('IO', `${path}: expected a SQLite database file, found a directory.`)
    }
    size = stat.size
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing'
    throw asIoError(error, path)
  }
  // SQLite treats a zero-length file as an empty database; it is what a crash right after
  // creating the file leaves behind.
  if (size === 0) return 'empty'

  const header = Buffer.alloc(HEADER_BYTES)
  let read: number
  try {
    const fd = openSync(path, 'r')
    try {
      read = readSync(fd, header, 0, HEADER_BYTES, 0)
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    throw asIoError(error, path)
  }
  if (read < MAGIC.length || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new CorruptStoreError(
      path,
      `${path}: not a SQLite database (the first bytes are not "SQLite format 3"); expected a @rag/store-sqlite file, refusing to touch it.`,
    )
  }
  if (read < HEADER_BYTES) {
    throw new CorruptStoreError(path, `${path}: truncated SQLite database (${size} bytes, shorter than its 100-byte header).`)
  }
  checkLength(path, header, size)
  return 'sqlite'
}

/**
 * Compares the page count recorded in the header with the file length. Pages may legitimately
 * live only in the write-ahead log, so the check applies only when there is no WAL to replay.
 */
function checkLength(path: string, header: Buffer, size: number): void {
  const rawPageSize = header.readUInt16BE(16)
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize
  const pages = header.readUInt32BE(28)
  const headerSizeValid = pages > 0 && header.readUInt32BE(92) === header.readUInt32BE(24)
  if (!headerSizeValid || pageSize < 512) return
  if (walHasFrames(path)) return
  const expected = pages * pageSize
  if (size < expected) {
    throw new CorruptStoreError(
      path,
      `${path}: truncated SQLite database; its header records ${pages} pages of ${pageSize} bytes (${expected} bytes), the file has ${size} bytes.`,
    )
  }
}

function walHasFrames(path: string): boolean {
  try {
    // 32 bytes of WAL header plus at least one 24-byte frame header.
    return statSync(`${path}-wal`).size > 32
  } catch {
    return false
  }
}

function asIoError(error: unknown, path: string): RagError {
  if (error instanceof RagError) return error
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown'
  const message = error instanceof Error ? error.message : String(error)
  return new RagError('IO', `${path}: cannot read the store file (${code}): ${message}`, { cause: error })
}
