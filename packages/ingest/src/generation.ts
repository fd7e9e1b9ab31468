import { RagError, type Chunk, type FileLayers } from '@rag/core'
import { trustState, type FileRecord, type IndexState } from './index-state.js'
import type { FileResult } from './process-file.js'
import type { FailedFile, SkippedEntry } from './skips.js'

/**
 * A complete next generation, staged but not yet visible: what to remove, what to add, and the
 * state that becomes current once both swaps succeed.
 */
export interface StagedGeneration {
  /** Chunk ids of changed, removed, renamed and now-skipped files. */
  readonly removeIds: string[]
  /** Chunks of new and changed files. */
  readonly addDocuments: Chunk[]
  /** The fingerprint state after the commit. */
  readonly state: IndexState
  /**
   * The code layers of the files chunked in this run, when the chunker extracts them (a
   * `LayeredChunker`); `undefined` otherwise. Files not re-chunked keep their previous layers.
   */
  readonly layers: FileLayers[] | undefined
  /** Files skipped at read time (binary content, grew too large, vanished). */
  readonly skipped: SkippedEntry[]
  /** Files that failed to read; they keep their previous chunks. */
  readonly failed: FailedFile[]
  readonly counts: GenerationCounts
}

/** How the files of a run were treated. */
export interface GenerationCounts {
  /** Kept on the stat fast path, without reading. */
  readonly statReused: number
  /** Read and hashed, fingerprint unchanged: chunks kept. */
  readonly unchanged: number
  /** Chunked afresh (new or changed). */
  readonly chunked: number
  /** Previously indexed files whose chunks are removed (gone, renamed, now ignored or skipped). */
  readonly removed: number
  /** Previously indexed files that failed to read or sit under an unlistable directory: chunks kept. */
  readonly kept: number
}

/** Inputs of {@link stageGeneration}. */
export interface StageInput {
  readonly root: string
  readonly context: string
  readonly runStartedMs: number
  /** The state of the last committed run, if any (any root). */
  readonly previous: IndexState | undefined
  /** Every admitted path, sorted. */
  readonly admitted: readonly string[]
  /** Records kept on the stat fast path. */
  readonly statReused: ReadonlyMap<string, FileRecord>
  /** Results of the files that were read. */
  readonly results: ReadonlyMap<string, FileResult>
  /** Directories the walk could not list. */
  readonly unreadableDirectories: readonly string[]
}

/** The fingerprint of a file remembered as binary: never equal to a text file's. */
export const BINARY_FINGERPRINT = 'binary'

function under(path: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => dir === '' || path.startsWith(`${dir}/`))
}

/**
 * Stages the next generation from the previous state and this run's results. Pure: nothing is
 * written. A file that failed to read keeps its record and chunks; a file no longer admitted
 * (gone, renamed, ignored, skipped) or outside the root (the root changed) loses its chunks.
 *
 * @throws RagError `CONFLICT` when two new chunks share an id (the chunker must make ids unique
 *   per path); nothing is committed.
 */
export function stageGeneration(input: StageInput): StagedGeneration {
  const { root, context, runStartedMs, admitted, statReused, results, unreadableDirectories } = input
  const sameRoot = input.previous?.root === root
  const previous = new Map<string, FileRecord>(sameRoot ? input.previous!.files.map((f) => [f.path, f]) : [])
  const removeIds: string[] = []
  const addDocuments: Chunk[] = []
  const layers: FileLayers[] = []
  let layered = true
  const files: FileRecord[] = []
  const skipped: SkippedEntry[] = []
  const failed: FailedFile[] = []
  let unchanged = 0
  let chunked = 0
  let removed = 0
  let kept = 0
  if (!sameRoot && input.previous) {
    for (const file of input.previous.files) removeIds.push(...file.chunkIds)
    removed += input.previous.files.length
  }

  const seen = new Set<string>()
  for (const path of admitted) {
    seen.add(path)
    const before = previous.get(path)
    const reused = statReused.get(path)
    if (reused) {
      files.push(reused)
      if (reused.binary !== undefined) skipped.push({ path, type: 'file', reason: { kind: 'binary', detail: reused.binary } })
      continue
    }
    const result = results.get(path)
    if (!result) throw new RagError('INTERNAL', `No result was staged for ${path}.`)
    switch (result.kind) {
      case 'unchanged':
        unchanged++
        files.push({ ...before!, ...result.stat, fingerprint: result.fingerprint, checkedAtMs: runStartedMs, chars: result.chars })
        break
      case 'chunked':
        chunked++
        if (before) removeIds.push(...before.chunkIds)
        addDocuments.push(...result.chunks)
        if (result.layers) layers.push(result.layers)
        else layered = false
        files.push({
          path,
          fingerprint: result.fingerprint,
          ...result.stat,
          checkedAtMs: runStartedMs,
          chars: result.chars,
          chunkIds: result.chunks.map((chunk) => chunk.id),
        })
        break
      case 'skipped':
        skipped.push({ path, type: 'file', reason: result.reason })
        if (before && before.binary === undefined) {
          removed++
          removeIds.push(...before.chunkIds)
        }
        // Remember binaries, so the stat fast path spares reading them again.
        if (result.reason.kind === 'binary' && result.stat) {
          files.push({ path, fingerprint: BINARY_FINGERPRINT, ...result.stat, checkedAtMs: runStartedMs, chars: 0, chunkIds: [], binary: result.reason.detail })
        }
        break
      case 'failed':
        failed.push({ path, code: result.code, message: result.message })
        if (before && before.binary === undefined) {
          kept++
          files.push(before)
        }
        break
      case 'chunker-error':
        throw new RagError('INTERNAL', `The chunker failed on ${path}: ${result.message}`)
    }
  }
  for (const [path, before] of previous) {
    if (seen.has(path)) continue
    if (under(path, unreadableDirectories)) {
      kept++
      files.push(before)
    } else if (before.binary === undefined) {
      removed++
      removeIds.push(...before.chunkIds)
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  assertUniqueIds(addDocuments)
  return {
    removeIds,
    addDocuments,
    state: trustState({ version: 1, root, context, files }),
    layers: layered ? layers : undefined,
    skipped,
    failed,
    counts: { statReused: statReused.size, unchanged, chunked, removed, kept },
  }
}

// Two files of this run must not produce the same chunk id. A clash with a kept file's chunk is
// caught by the store: `replaceDocuments` validates before it changes anything (DuplicateIdError),
// so checking the whole generation here (O(all chunks) on every one-file edit) would only repeat it.
function assertUniqueIds(added: readonly Chunk[]): void {
  const owner = new Map<string, string>()
  for (const chunk of added) {
    const file = String(chunk.metadata['file'])
    const other = owner.get(chunk.id)
    if (other !== undefined) {
      throw new RagError(
        'CONFLICT',
        `Chunk id ${JSON.stringify(chunk.id)} is produced ${other === file ? `twice by ${file}` : `by both ${other} and ${file}`}; chunk ids must be unique, so nothing was committed.`,
      )
    }
    owner.set(chunk.id, file)
  }
}
