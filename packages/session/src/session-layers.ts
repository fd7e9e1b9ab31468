import type { EdgeRecord, FileLayers } from '@rag/core'
import type { IndexState } from '@rag/ingest'
import { LayerGraph } from '@rag/layers'

/**
 * One generation's change to the stored code layers, as a persistent store commits it with the
 * chunks: the files whose layer records are new or changed (whole `FileLayers`, replacing what is
 * stored for the path), the paths whose records go, and the files whose edges were resolved again
 * (the changed files and those that depend on them) with every resolved edge they now have.
 */
export interface StoredLayerChange {
  readonly upsertFiles: readonly FileLayers[]
  readonly removeFiles: readonly string[]
  /** Files whose stored edges are replaced by the ones of `edges` with their path. */
  readonly resolvedFiles: readonly string[]
  /** Every resolved edge of `resolvedFiles`. */
  readonly edges: readonly EdgeRecord[]
}

/**
 * A staged layer change: `apply` runs inside the commit (under the commit latch) and returns what
 * to store; `undo`, after a failed later step, restores the graph and returns what to store to
 * restore the store.
 */
export interface LayerStep {
  apply(): StoredLayerChange
  undo(): StoredLayerChange
}

/** Where a session's layers persist: a state store that can read them back. */
export interface LayerSource {
  /** Every stored file's layer records. */
  loadLayers?(): Promise<FileLayers[]>
}

const EMPTY: StoredLayerChange = { upsertFiles: [], removeFiles: [], resolvedFiles: [], edges: [] }

/**
 * The code layers of one session's index: a {@link LayerGraph} kept in the same generation as the
 * chunks. Each run's re-chunked files' layers are applied inside the run's commit (an unchanged
 * file is not re-extracted; its records stay), and files no longer indexed lose theirs. With a
 * persistent store the records are committed in the same transaction as the chunks and the graph
 * is loaded back from them when another writer committed since it was last read.
 */
export class SessionLayers {
  #graph = new LayerGraph()
  // Store generation the graph reflects; undefined: not loaded from the store yet.
  #generation: number | undefined
  readonly #source: LayerSource | undefined

  constructor(source?: LayerSource) {
    this.#source = source?.loadLayers ? source : undefined
  }

  /** The graph queries run on. */
  get graph(): LayerGraph {
    return this.#graph
  }

  /** `true` when the index holds at least one file's layer records. */
  get populated(): boolean {
    return !this.#graph.files().next().done
  }

  /**
   * Loads the graph from the store unless it already reflects `generation` (the store's
   * generation counter; `undefined` when the store has none: loaded once).
   */
  async sync(generation: number | undefined): Promise<void> {
    const source = this.#source
    if (source?.loadLayers === undefined) return
    if (this.#generation !== undefined && (generation === undefined || generation === this.#generation)) return
    const files = await source.loadLayers()
    this.#graph = new LayerGraph(files)
    this.#generation = generation ?? 0
  }

  /** Records that the graph reflects the store at `generation` (after this session's own commit). */
  committed(generation: number | undefined): void {
    if (this.#source !== undefined && generation !== undefined) this.#generation = generation
  }

  /** Empties the graph (after the stores were cleared); the next sync reads the store again. */
  reset(): void {
    this.#graph = new LayerGraph()
    this.#generation = undefined
  }

  /**
   * Stages a run's layer change: `upserts` are the layers of the files the run chunked
   * (`undefined` when its chunker extracts none: every stored record then goes, since they no
   * longer describe the index), and every file not in `next` (or now binary) loses its records.
   * `undefined` when nothing changes.
   */
  stage(upserts: readonly FileLayers[] | undefined, next: IndexState): LayerStep | undefined {
    const indexed = new Set(next.files.filter((file) => file.binary === undefined).map((file) => file.path))
    const upsert = upserts ?? []
    const upserted = new Set(upsert.map((file) => file.path))
    const remove: string[] = []
    for (const file of this.#graph.files()) {
      if (!upserted.has(file.path) && (upserts === undefined || !indexed.has(file.path))) remove.push(file.path)
    }
    if (upsert.length === 0 && remove.length === 0) return undefined
    let before: Map<string, FileLayers | undefined> | undefined
    return {
      apply: () => {
        const graph = this.#graph
        before = new Map([...upserted, ...remove].map((path) => [path, graph.file(path)]))
        const { resolvedFiles } = graph.apply({ upsert, remove })
        return { upsertFiles: upsert, removeFiles: remove, resolvedFiles, edges: resolvedFiles.flatMap((path) => graph.edgesOf(path)) }
      },
      undo: () => {
        if (before === undefined) return EMPTY
        const restore = [...before.values()].filter((file): file is FileLayers => file !== undefined)
        const drop = [...before].filter(([, file]) => file === undefined).map(([path]) => path)
        before = undefined
        const graph = this.#graph
        const { resolvedFiles } = graph.apply({ upsert: restore, remove: drop })
        return { upsertFiles: restore, removeFiles: drop, resolvedFiles, edges: resolvedFiles.flatMap((path) => graph.edgesOf(path)) }
      },
    }
  }
}
