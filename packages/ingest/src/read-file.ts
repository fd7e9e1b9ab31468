import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { open } from 'node:fs/promises'

/** The stat fields fingerprints use for the size+mtime fast path. */
export interface FileStat {
  /** Size in bytes. */
  readonly size: number
  /** Last content change, ms since the epoch (sub-millisecond where the file system has it). */
  readonly mtimeMs: number
  /** Last content or metadata change; tools cannot set it. */
  readonly ctimeMs: number
  /** Inode number (a replaced file gets a new one). */
  readonly ino: number
}

/** Outcome of reading one file: its bytes and the stat taken before reading, or why not. */
export type ReadOutcome =
  | { readonly ok: true; readonly bytes: Buffer; readonly stat: FileStat }
  | { readonly ok: false; readonly kind: 'vanished' }
  | { readonly ok: false; readonly kind: 'too-large'; readonly size: number }
  | { readonly ok: false; readonly kind: 'failed'; readonly code: string; readonly message: string }

// O_NOFOLLOW: a path swapped for a symbolic link after the walk fails (ELOOP) instead of being
// followed. O_NONBLOCK: a path swapped for a FIFO opens without waiting for a writer; fstat then
// rejects it. Both are absent on Windows, where they are 0.
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Copies the stat fields we keep. */
export function toFileStat(stat: Pick<Stats, 'size' | 'mtimeMs' | 'ctimeMs' | 'ino'>): FileStat {
  return { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino }
}

function failure(error: unknown): ReadOutcome {
  const code = (error as NodeJS.ErrnoException)?.code ?? 'EIO'
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, kind: 'vanished' }
  const message = error instanceof Error ? error.message : String(error)
  return { ok: false, kind: 'failed', code, message }
}

// The file grew while being read: keep reading, up to one byte past the bound.
function grow(buffer: Buffer, maxBytes: number): Buffer {
  const next = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1))
  buffer.copy(next)
  return next
}

function notRegular(): ReadOutcome {
  return { ok: false, kind: 'failed', code: 'NOT_REGULAR', message: 'the path is no longer a regular file' }
}

/**
 * Reads a regular file without following symbolic links and without blocking on FIFOs, at most
 * `maxBytes` bytes (a file that grew past the bound is `too-large`, never read in part). The stat
 * is taken from the open descriptor before reading, so it describes what was read or older.
 * Synchronous: for worker threads, where blocking is free.
 */
export function readRegularFileSync(path: string, maxBytes: number): ReadOutcome {
  let fd: number
  try {
    fd = openSync(path, FLAGS)
  } catch (error) {
    return failure(error)
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) return notRegular()
    if (stat.size > maxBytes) return { ok: false, kind: 'too-large', size: stat.size }
    let buffer: Buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1)
    let length = 0
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null)
      if (n === 0) break
      length += n
      if (length === buffer.length) {
        if (length > maxBytes) return { ok: false, kind: 'too-large', size: length }
        buffer = grow(buffer, maxBytes)
      }
    }
    return { ok: true, bytes: buffer.subarray(0, length), stat: toFileStat(stat) }
  } catch (error) {
    return failure(error)
  } finally {
    closeSync(fd)
  }
}

/** The asynchronous twin of {@link readRegularFileSync}, for the main thread. */
export async function readRegularFile(path: string, maxBytes: number): Promise<ReadOutcome> {
  let handle
  try {
    handle = await open(path, FLAGS)
  } catch (error) {
    return failure(error)
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) return notRegular()
    if (stat.size > maxBytes) return { ok: false, kind: 'too-large', size: stat.size }
    let buffer: Buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
      if (length === buffer.length) {
        if (length > maxBytes) return { ok: false, kind: 'too-large', size: length }
        buffer = grow(buffer, maxBytes)
      }
    }
    return { ok: true, bytes: buffer.subarray(0, length), stat: toFileStat(stat) }
  } catch (error) {
    return failure(error)
  } finally {
    await handle.close()
  }
}
