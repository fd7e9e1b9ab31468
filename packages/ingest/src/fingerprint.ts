import { createHash } from 'node:crypto'
import { DECODER_ID } from './decode.js'
import { FORMAT_DETECTION_ID, type DetectedFormat, type DocumentFormat } from './format-detection.js'
import type { FileStat } from './read-file.js'

/** Names the extractor (decoding plus format detection); part of every fingerprint. */
export const EXTRACTOR_ID = `extract@1(${DECODER_ID},${FORMAT_DETECTION_ID})`

/**
 * How long a file's timestamps must predate the run that hashed it before its stat may stand in
 * for its content (the "racy git" window). 2 s covers the coarsest common timestamp granularity
 * (FAT); ext4, APFS and NTFS are finer.
 */
export const DEFAULT_RACY_WINDOW_MS = 2_000

/** The SHA-256 of a file's raw bytes, hex. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * Everything besides content that decides a file's chunks: extractor, chunker (its id carries
 * its version and options), the selectors and the forced format. A change re-chunks every file.
 */
export function pipelineContext(chunkerId: string, selectorsKey: string, format: DocumentFormat): string {
  return JSON.stringify({ extractor: EXTRACTOR_ID, chunker: chunkerId, selectors: selectorsKey, format })
}

/**
 * A file's ingestion fingerprint (seed 000: `ingestionFingerprint`): the hash of its content
 * hash, detected format and language, and the pipeline context. Equal fingerprints mean equal
 * chunks, so the previous chunks are kept.
 */
export function fingerprint(hash: string, detected: DetectedFormat, context: string): string {
  return createHash('sha256')
    .update(`${hash}\0${detected.format}\0${detected.language ?? ''}\0${context}`)
    .digest('hex')
}

/** What the fast path needs to remember about a file from the run that last hashed it. */
export interface StatRecord extends FileStat {
  /** The fingerprint; `''` after `clearHashes()`. */
  readonly fingerprint: string
  /** Start time (ms since the epoch) of the run that last read and hashed the file. */
  readonly checkedAtMs: number
}

/**
 * `true` when the stat alone proves the file unchanged, so it need not be read. Size, mtime,
 * ctime and inode must all match what was recorded when the file was last hashed, and at least
 * one of the two recorded timestamps must be older than the start of that run by more than
 * `racyWindowMs`. The second test closes the "racy git" hole: an edit made after that run read
 * the file, within the same timestamp tick, would leave an equal stat. Any write sets both mtime
 * and ctime to its own time, which is no earlier than the run's start minus one tick; so a
 * recorded timestamp older than that cannot survive the edit, and a file whose timestamps are
 * both that recent is re-hashed until they are old. ctime cannot be set by tools (`touch -d`,
 * `cp -p`, `utimes`), so an edit followed by restoring the old mtime is caught as well.
 */
export function statProvesUnchanged(record: StatRecord, stat: FileStat, racyWindowMs = DEFAULT_RACY_WINDOW_MS): boolean {
  return (
    record.fingerprint !== '' &&
    record.size === stat.size &&
    record.mtimeMs === stat.mtimeMs &&
    record.ctimeMs === stat.ctimeMs &&
    record.ino === stat.ino &&
    Math.min(record.mtimeMs, record.ctimeMs) < record.checkedAtMs - racyWindowMs
  )
}
