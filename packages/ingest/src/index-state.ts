import { InvalidArgumentError } from '@rag/core'
import type { StatRecord } from './fingerprint.js'

/** What an indexer remembers about one indexed file. Plain data: a store can save it as JSON. */
export interface FileRecord extends StatRecord {
  /** Path relative to the root, `/`-separated. */
  readonly path: string
  /** Decoded length (UTF-16 code units), counted against `maxDecodedBytes` without re-reading. */
  readonly chars: number
  /** Ids of the chunks this file contributed, in file order. */
  readonly chunkIds: readonly string[]
  /**
   * Set when the file was read and found binary (the sniff's detail): it has no chunks, and the
   * stat fast path spares re-reading it on every run.
   */
  readonly binary?: string
}

/**
 * The fingerprint state of one indexed root: enough to re-index incrementally after a restart.
 * A persistent store saves it with the documents (`FileIndexer.exportState()` of `@rag/session`)
 * and hands it back (`FileIndexer.restoreState()`).
 */
export interface IndexState {
  /** Format version of this object. */
  readonly version: 1
  /** Absolute, symlink-free root the paths are relative to. */
  readonly root: string
  /** The pipeline context (extractor, chunker, selectors) the fingerprints were made with. */
  readonly context: string
  /** One record per indexed file, sorted by path. */
  readonly files: readonly FileRecord[]
}

function fail(what: string): never {
  throw new InvalidArgumentError(`state${what}.`)
}

// States checked once (or built here) are not checked again: a one-file re-index should not pay
// O(files + chunks) to re-validate the state it produced itself. States are treated as immutable.
const checked = new WeakSet<object>()

/** Marks a state built by this package as valid. */
export function trustState<T extends IndexState>(state: T): T {
  checked.add(state)
  return state
}

/**
 * Checks that `value` is an {@link IndexState} (for state read back from a store).
 *
 * @throws InvalidArgumentError naming the first malformed field.
 */
export function assertIndexState(value: unknown): asserts value is IndexState {
  if (typeof value === 'object' && value !== null && checked.has(value)) return
  if (typeof value !== 'object' || value === null) fail(' must be an object')
  const state = value as Record<string, unknown>
  if (state['version'] !== 1) fail(`.version must be 1; received ${String(state['version'])}`)
  if (typeof state['root'] !== 'string' || state['root'] === '') fail('.root must be a non-empty string')
  if (typeof state['context'] !== 'string') fail('.context must be a string')
  if (!Array.isArray(state['files'])) fail('.files must be an array')
  const seen = new Set<string>()
  state['files'].forEach((file: unknown, i) => {
    const r = file as Record<string, unknown>
    if (typeof file !== 'object' || file === null) fail(`.files[${i}] must be an object`)
    if (typeof r['path'] !== 'string' || r['path'] === '') fail(`.files[${i}].path must be a non-empty string`)
    if (seen.has(r['path'])) fail(`.files[${i}].path ${JSON.stringify(r['path'])} appears twice`)
    seen.add(r['path'])
    if (typeof r['fingerprint'] !== 'string') fail(`.files[${i}].fingerprint must be a string`)
    for (const key of ['size', 'mtimeMs', 'ctimeMs', 'ino', 'checkedAtMs', 'chars']) {
      if (typeof r[key] !== 'number' || !Number.isFinite(r[key])) fail(`.files[${i}].${key} must be a finite number`)
    }
    if (r['binary'] !== undefined && typeof r['binary'] !== 'string') fail(`.files[${i}].binary must be a string when set`)
    if (!Array.isArray(r['chunkIds']) || !r['chunkIds'].every((id) => typeof id === 'string')) {
      fail(`.files[${i}].chunkIds must be an array of strings`)
    }
  })
  checked.add(value)
}

/** The state with every fingerprint dropped, so the next run re-reads and re-chunks every file. */
export function withoutHashes(state: IndexState): IndexState {
  return trustState({ ...state, files: state.files.map((file) => ({ ...file, fingerprint: '' })) })
}
