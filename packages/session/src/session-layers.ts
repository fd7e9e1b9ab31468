import type { EdgeRecord, EntrypointRecord, FileLayers, LayerCounts, LayerFileSelection, SymbolRecord } from '@rag/core'
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

/** What the file ranking's structure signals read of the layers (edges may carry only their file, target and resolution). */
export interface RankingRecords {
  readonly symbols: readonly SymbolRecord[]
  readonly edges: readonly Pick<EdgeRecord, 'path' | 'targetPath' | 'resolution'>[]
  readonly entrypoints: readonly EntrypointRecord[]
}

export type { LayerFileSelection } from '@rag/core'

/** Where a session's layers persist: a state store that can read them back. */
export interface LayerSource {
  /** Every stored file's layer records. */
  loadLayers?(): Promise<FileLayers[]>
  /** The records of only the files a selection names (through the store's indexes). */
  loadLayersWhere?(selection: LayerFileSelection): Promise<FileLayers[]>
  /** `true` when the store holds any layer records. */
  hasLayers?(): Promise<boolean>
  /** The resolved edges as (file, target file) pairs, read without the files' records. */
  loadResolvedFileEdges?(): Promise<{ path: string; targetPath: string }[]>
  /** The store's counts of its layer records. */
  countLayers?(): Promise<LayerCounts>
}

const EMPTY: StoredLayerChange = { upsertFiles: [], removeFiles: [], resolvedFiles: [], edges: [] }

/**
 * The files a change writes: the upserted ones and those whose routes' full paths changed, each
 * as the graph holds it (an upserted file keeps its identity unless its routes moved, so its
 * compact text from the chunking worker is still written without encoding it again).
 */
function written(graph: LayerGraph, upsert: readonly FileLayers[], rerouted: readonly string[]): FileLayers[] {
  if (rerouted.length === 0) return [...upsert]
  const paths = new Set([...upsert.map((file) => file.path), ...rerouted])
  return [...paths].flatMap((path) => graph.file(path) ?? [])
}

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
  // The load from the store under way, if any: one at a time (see `sync`).
  #loading: Promise<void> | undefined
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
   *
   * One load runs at a time; a caller that finds one under way waits for it and checks again.
   * Two loads of the same generation (a query and an index run of a server, say) would otherwise
   * both set the graph, and the later one would replace the graph the run had already changed in
   * its commit: the run's files would be missing from this process's graph until another writer
   * committed.
   */
  async sync(generation: number | undefined): Promise<void> {
    const source = this.#source
    if (source?.loadLayers === undefined) return
    for (;;) {
      if (this.#generation !== undefined && (generation === undefined || generation === this.#generation)) return
      if (this.#loading === undefined) break
      // A failed load is its caller's error; this caller loads again.
      await this.#loading.catch(() => undefined)
    }
    const loading = (async () => {
      const files = await source.loadLayers!()
      this.#graph = new LayerGraph(files)
      this.#generation = generation ?? 0
    })()
    this.#loading = loading
    try {
      await loading
    } finally {
      if (this.#loading === loading) this.#loading = undefined
    }
  }

  /**
   * A graph of only the files `selection` names, read from the store in one snapshot, for a symbol
   * or entrypoint lookup in a process that has not loaded the whole graph (a one-shot CLI query):
   * symbols and entrypoints do not depend on cross-file resolution, so the few files that define a
   * name answer exactly as the whole graph would. `undefined` when the whole graph is loaded here or
   * the store cannot select; `any` says whether the store holds layers at all.
   */
  async selected(selection: LayerFileSelection): Promise<{ readonly graph: LayerGraph; readonly any: boolean } | undefined> {
    const source = this.#source
    if (this.#generation !== undefined || source?.loadLayersWhere === undefined) return undefined
    const files = await source.loadLayersWhere(selection)
    const any = files.length > 0 || (await source.hasLayers?.()) === true
    return { graph: new LayerGraph(files, { selection: true }), any }
  }

  /**
   * The file ranking's structure records (resolved file edges and entrypoints) in a process that
   * has not loaded the whole graph (a one-shot CLI query), read from the store's edge and
   * entrypoint tables instead of rebuilding and re-resolving the graph; `undefined` when the whole
   * graph is loaded here or the store cannot read them so (then the graph answers). `any` says
   * whether the store holds layers at all.
   */
  async rankingRecords(): Promise<{ readonly records: RankingRecords; readonly any: boolean } | undefined> {
    const source = this.#source
    if (this.#generation !== undefined || source?.loadResolvedFileEdges === undefined || source.loadLayersWhere === undefined) return undefined
    const [pairs, withEntrypoints] = await Promise.all([source.loadResolvedFileEdges(), source.loadLayersWhere({ entrypoints: true })])
    const any = pairs.length > 0 || withEntrypoints.length > 0 || (await source.hasLayers?.()) === true
    const edges = pairs.map(({ path, targetPath }) => ({ path, targetPath, resolution: 'resolved' as const }))
    return { records: { symbols: [], edges, entrypoints: withEntrypoints.flatMap((file) => file.entrypoints) }, any }
  }

  /**
   * How much the index's layers hold: counted by the store where it keeps them (what another
   * process committed included), else from the graph (a session without a store that keeps layers:
   * the graph is the index's layers). `undefined` when a store keeps layers but cannot count them.
   */
  async counts(): Promise<LayerCounts | undefined> {
    if (this.#source !== undefined) return this.#source.countLayers?.()
    let files = 0
    let symbols = 0
    let resolvedEdges = 0
    let entrypoints = 0
    for (const file of this.#graph.files()) {
      files++
      symbols += file.symbols.length
      entrypoints += file.entrypoints.length
      for (const edge of this.#graph.edgesOf(file.path)) if (edge.resolution === 'resolved' && edge.targetPath !== '') resolvedEdges++
    }
    return { files, symbols, resolvedEdges, entrypoints }
  }

  /**
   * Whether a run must load the graph to stage its layer change: it extracted layers, or a file
   * left the index (its records must go), or, with a chunker that extracts none, the index may
   * hold layers to drop. A run that changed nothing then never reads the layers.
   */
  async needed(upserts: readonly FileLayers[] | undefined, previous: IndexState | undefined, next: IndexState): Promise<boolean> {
    if (upserts === undefined) {
      if (this.#source === undefined || this.#generation !== undefined) return this.populated
      return (await this.#source.hasLayers?.()) ?? true
    }
    if (upserts.length > 0) return true
    const kept = new Set(next.files.filter((file) => file.binary === undefined).map((file) => file.path))
    return (previous?.files ?? []).some((file) => file.binary === undefined && !kept.has(file.path))
  }

  /**
   * Records that the graph reflects the store at `after`, this session's own commit staged at
   * generation `before`, when the graph reflected `before`; a graph this process never loaded, or
   * loaded at an older generation, stays as it is and is read again when next needed.
   */
  committed(before: number | undefined, after: number | undefined): void {
    if (this.#source !== undefined && after !== undefined && this.#generation !== undefined && this.#generation === before) this.#generation = after
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
        const { resolvedFiles, rerouted } = graph.apply({ upsert, remove })
        return { upsertFiles: written(graph, upsert, rerouted), removeFiles: remove, resolvedFiles, edges: resolvedFiles.flatMap((path) => graph.edgesOf(path)) }
      },
      undo: () => {
        if (before === undefined) return EMPTY
        const restore = [...before.values()].filter((file): file is FileLayers => file !== undefined)
        const drop = [...before].filter(([, file]) => file === undefined).map(([path]) => path)
        before = undefined
        const graph = this.#graph
        const { resolvedFiles, rerouted } = graph.apply({ upsert: restore, remove: drop })
        return { upsertFiles: written(graph, restore, rerouted), removeFiles: drop, resolvedFiles, edges: resolvedFiles.flatMap((path) => graph.edgesOf(path)) }
      },
    }
  }
}
