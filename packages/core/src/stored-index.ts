/**
 * The contract of a persistent index store (`@rag/store-sqlite`, `@rag/store-postgres`): what it
 * keeps per indexed file, the indexer's state, one generation's commit, and what `loadState`
 * returns, with the checks every store applies to them.
 */
import { InvalidArgumentError } from './errors.js'
import type { AnalyzedDocuments } from './analyzed-documents.js'
import type { Document } from './document.js'
import type { JsonValue } from './json.js'
import type { LayerCommit } from './stored-layers.js'
import type { DeferredVectorCommit, VectorCommit } from './stored-vectors.js'

/**
 * What the store keeps per indexed file so an indexer restarted in a new process can skip files
 * that did not change (seed 002's manifest entry). Besides `fingerprint` and `chunkIds`, every
 * field is a number kept for the indexer's stat fast path: `size` and `mtimeMs`, and whatever
 * else it compares (`ctimeMs`, `ino`, `checkedAtMs`, ...). All of them come back from
 * `loadFingerprints` unchanged.
 *
 * @example
 * const fp: FileFingerprint = { fingerprint: 'sha256:ab12...', size: 812, mtimeMs: 1717171717000, ino: 4242, chunkIds: ['src/a.ts#0'] }
 */
export interface FileFingerprint {
  /** Hash of content + format + extractor + chunker + selectors (and their versions). */
  readonly fingerprint: string
  /** File size in bytes when it was fingerprinted; with `mtimeMs`, the cheap stat pre-check. */
  readonly size?: number
  /** Modification time in milliseconds (`fs.Stats.mtimeMs`) when it was fingerprinted. */
  readonly mtimeMs?: number
  /** Ids of the chunks this file produced, in order, so they can be removed when it changes. */
  readonly chunkIds?: readonly string[]
  /** Any other stat number the indexer compares; it must be finite. */
  readonly [stat: string]: string | number | readonly string[] | undefined
}

/** Fingerprints by file path (relative to the indexed root, `/` separators). */
export type FingerprintInput = ReadonlyMap<string, FileFingerprint> | Readonly<Record<string, FileFingerprint>>

/**
 * The indexer's small summary, stored as JSON beside the chunks. Any JSON object is accepted;
 * these keys are the ones `@rag` tools write and read.
 *
 * @example
 * const state: IndexStateJson = { root: '/repo', indexedAt: new Date().toISOString(), fileCount: 12, chunkCount: 80, analyzer: 'seed@1', chunker: 'code@1' }
 */
export interface IndexStateJson {
  /** Absolute path of the indexed root. */
  readonly root?: string
  /** ISO time the index run finished. */
  readonly indexedAt?: string
  /** Files in the index. */
  readonly fileCount?: number
  /** Chunks in the index. */
  readonly chunkCount?: number
  /** Name (and version) of the analyzer the index was built with. */
  readonly analyzer?: string
  /** Name (and version) of the chunker the index was built with. */
  readonly chunker?: string
  readonly [key: string]: JsonValue | undefined
}

/**
 * One generation of an index run, committed by a persistent store's `commitGeneration` in a single
 * transaction: chunks, fingerprints, state, and (in a store that keeps them) the code layers and
 * vectors change together or not at all.
 */
export interface GenerationCommit {
  /** Ids to remove; unknown ids are ignored. @default [] */
  readonly removeIds?: readonly string[]
  /** Documents to add; an id may be removed and re-added in the same commit. @default [] */
  readonly addDocuments?: readonly Document[]
  /**
   * The complete fingerprint map after this generation; paths missing from it are forgotten.
   * Only rows that differ are written, so passing the whole map for a one-file change is cheap.
   * Omit it to keep the stored fingerprints unchanged.
   */
  readonly fingerprints?: FingerprintInput
  /** The index state after this generation (replaces the stored one). Omit to keep it unchanged. */
  readonly state?: IndexStateJson
  /**
   * The generation (see `StoredIndexState.generation`) this commit was staged against: when the
   * store has moved on since (another writer committed), nothing is written and the commit fails
   * with a RagError `CONFLICT`. Omit to commit unconditionally.
   */
  readonly expectedGeneration?: number
  /** The generation's change to the code layers, written in the same transaction. Omit to keep them. */
  readonly layers?: LayerCommit
  /**
   * Vectors of documents added by this commit or already stored, written in the same
   * transaction; an embedder of another name than the stored one replaces it and deletes every
   * stored vector first. Vectors of removed documents go with them. Omit to leave vectors as they are.
   * A {@link DeferredVectorCommit} is called inside the transaction, after the documents are written.
   */
  readonly vectors?: VectorCommit | DeferredVectorCommit
  /**
   * Terms of some of `addDocuments` that the caller analysed already: a store analysing with the
   * same analyzer and indexed text objects may read them instead of analysing those documents
   * again (the SQLite store does). Omit to analyse every added document.
   */
  readonly analyzed?: AnalyzedDocuments
}

/** What a persistent store's `loadState` returns. */
export interface StoredIndexState {
  /**
   * Counts the store's committed write transactions (every write, `add` and `remove` too, by any
   * process). A reader that cached documents compares it to know whether to reload.
   */
  readonly generation: number
  /** ISO time of the last committed write, or `undefined` for a store never written to. */
  readonly committedAt: string | undefined
  /** The state passed to the last `commitGeneration` that had one, or `undefined`. */
  readonly state: IndexStateJson | undefined
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/**
 * Checks and normalises fingerprints to `[path, entry]` pairs.
 *
 * @throws InvalidArgumentError naming the path and field.
 */
export function normaliseFingerprints(input: unknown, where = 'fingerprints'): Array<[string, FileFingerprint]> {
  let entries: Array<[unknown, unknown]>
  if (input instanceof Map) entries = [...(input as Map<unknown, unknown>).entries()]
  else if (typeof input === 'object' && input !== null && !Array.isArray(input)) entries = Object.entries(input)
  else throw new InvalidArgumentError(`${where} must be a Map or a record of path to fingerprint; received ${typeof input}.`)

  return entries.map(([path, value]) => {
    if (typeof path !== 'string' || path.length === 0) {
      throw new InvalidArgumentError(`${where}: every path must be a non-empty string; received ${JSON.stringify(path)}.`)
    }
    const at = `${where}["${path}"]`
    if (typeof value !== 'object' || value === null) {
      throw new InvalidArgumentError(`${at} must be an object with a fingerprint string; received ${String(value)}.`)
    }
    const { fingerprint, chunkIds, ...stat } = value as Record<string, unknown>
    if (typeof fingerprint !== 'string') {
      throw new InvalidArgumentError(`${at}.fingerprint must be a string; received ${typeof fingerprint}.`)
    }
    if (chunkIds !== undefined && (!Array.isArray(chunkIds) || chunkIds.some((id) => typeof id !== 'string'))) {
      throw new InvalidArgumentError(`${at}.chunkIds must be an array of strings.`)
    }
    const numbers: Record<string, number> = {}
    for (const [key, number] of Object.entries(stat)) {
      if (number === undefined) continue
      if (!isFiniteNumber(number)) {
        throw new InvalidArgumentError(`${at}.${key} must be a finite number; received ${typeof number === 'string' ? JSON.stringify(number) : String(number)}.`)
      }
      numbers[key] = number
    }
    const entry: FileFingerprint = {
      fingerprint,
      ...numbers,
      ...(chunkIds === undefined ? {} : { chunkIds: [...(chunkIds as string[])] }),
    }
    return [path, entry]
  })
}

/**
 * Serialises the index state, proving it is a JSON object that round-trips.
 *
 * @throws InvalidArgumentError when it is not a plain object or cannot be serialised.
 */
export function serialiseState(state: unknown, where = 'state'): string {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) {
    throw new InvalidArgumentError(`${where} must be a JSON object; received ${Array.isArray(state) ? 'an array' : String(state)}.`)
  }
  let text: string | undefined
  try {
    text = JSON.stringify(state)
  } catch (error) {
    throw new InvalidArgumentError(`${where} must be serialisable as JSON: ${(error as Error).message}.`, { cause: error })
  }
  if (text === undefined) throw new InvalidArgumentError(`${where} must be serialisable as JSON.`)
  return text
}
