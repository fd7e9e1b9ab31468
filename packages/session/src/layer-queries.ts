import { realpath } from 'node:fs/promises'
import { isAbsolute, relative } from 'node:path'
import type { EntrypointRecord, LayerCounts, SymbolRecord } from '@rag/core'
import type { CommitLatch } from './commit-latch.js'
import type { IndexStateStore } from './index-state-store.js'
import {
  checkDependencyOptions,
  checkEntrypointQuery,
  checkSymbolOptions,
  checkUnmatchedKind,
  layerQueries,
  noLayersError,
  normaliseTarget,
  symbolSelection,
  type DependencyOptions,
  type DependencyStep,
  type EntrypointQuery,
  type SymbolOptions,
} from './layer-api.js'
import { graphRecords } from './layer-records.js'
import type { RankingRecords, SessionLayers } from './session-layers.js'

/**
 * An absolute target outside the (real) indexed root as its real path, when that is inside: a path
 * through a symbolic link to the root (`/work/link/src/app.js` of a root `/work/repo` that
 * `/work/link` points to) names the same file. Any other target as given.
 */
async function throughLinks(target: string, root: string | undefined): Promise<string> {
  if (typeof target !== 'string' || root === undefined) return target
  const given = target.trim()
  if (!isAbsolute(given)) return target
  const inside = relative(root, given)
  if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) return target
  const real = await realpath(given).catch(() => undefined)
  if (real === undefined) return target
  const under = relative(root, real)
  if (under.startsWith('..') || isAbsolute(under)) return target
  return /[\\/]$/.test(given) ? `${real}/` : real
}

/** What {@link SessionLayerQueries} reads: the session's layers, its commit latch and its state store. */
export interface SessionLayerQueriesInit {
  readonly layers: SessionLayers
  readonly latch: CommitLatch
  readonly stateStore: IndexStateStore | undefined
  /** Whether index runs extract code layers (an index without them then answers empty, not with an error). */
  readonly layersOn: boolean
  /** The indexed root, for a dependency target given as an absolute path. */
  readonly root: () => Promise<string | undefined>
}

/**
 * A session's code layer queries (`RagService.symbols`, `dependencies`, `entrypoints`) and the
 * file ranking's structure records: each reads the generation the store holds now, through the
 * store's indexed tables when this process has not loaded the whole graph (a one-shot CLI query),
 * else through the graph, synced with the store's generation first.
 */
export class SessionLayerQueries {
  readonly #init: SessionLayerQueriesInit

  constructor(init: SessionLayerQueriesInit) {
    this.#init = init
  }

  /** See `RagService.symbols`. */
  async symbols(name: string, given: SymbolOptions): Promise<SymbolRecord[]> {
    const options = checkSymbolOptions(given)
    const found = await this.#symbols(name, options)
    checkUnmatchedKind(options, found)
    return found
  }

  async #symbols(name: string, options: SymbolOptions): Promise<SymbolRecord[]> {
    const selection = symbolSelection(name)
    const selected = selection === undefined ? undefined : await this.#init.layers.selected(selection)
    if (selected !== undefined) {
      if (!selected.any && !this.#init.layersOn) throw noLayersError()
      const found = layerQueries.symbols(selected.graph, name, options)
      if (found.length > 0 || !selected.any || selection === undefined) return found
      // Nothing written so: the files with the name in any case (`hono` for `Hono`), for the graph's lookup in any case.
      const anyCase = await this.#init.layers.selected({ ...selection, ignoreCase: true })
      return anyCase === undefined ? found : layerQueries.symbols(anyCase.graph, name, options)
    }
    return this.#query((graph) => layerQueries.symbols(graph, name, options))
  }

  /** See `RagService.dependencies`. */
  async dependencies(target: string, options: DependencyOptions): Promise<DependencyStep[]> {
    checkDependencyOptions(options)
    const root = await this.#init.root()
    const from = normaliseTarget(await throughLinks(target, root), root)
    return this.#query((graph) => layerQueries.dependencies(graph, from, options))
  }

  /** See `RagService.entrypoints`. */
  async entrypoints(filter: EntrypointQuery): Promise<EntrypointRecord[]> {
    checkEntrypointQuery(filter)
    const selected = await this.#init.layers.selected({ entrypoints: true })
    if (selected !== undefined) {
      if (!selected.any && !this.#init.layersOn) throw noLayersError()
      return layerQueries.entrypoints(selected.graph, filter)
    }
    return this.#query((graph) => layerQueries.entrypoints(graph, filter))
  }

  /** The file ranking's graph and route records, or `undefined` when the index has no code layers (loaded from the store when another process wrote them). */
  async rankingRecords(): Promise<RankingRecords | undefined> {
    const { layers, latch } = this.#init
    // A process that has not loaded the graph (a one-shot CLI query) reads the edge and entrypoint tables instead.
    const stored = await layers.rankingRecords()
    if (stored !== undefined) return stored.any ? stored.records : undefined
    await layers.sync(await this.#generation())
    return latch.read(async () => (layers.populated ? graphRecords(layers.graph) : undefined))
  }

  /**
   * What the index's code layers hold, for `getStatus()`: `undefined` when it has none and the
   * session does not extract them (or a store keeps them but cannot count them).
   */
  async counts(): Promise<LayerCounts | undefined> {
    const { layers, latch, layersOn } = this.#init
    const counts = await latch.read(() => layers.counts())
    return counts !== undefined && (layersOn || counts.files > 0) ? counts : undefined
  }

  // Runs a layer query on the generation the store holds now (loaded when another writer committed).
  async #query<T>(query: (graph: SessionLayers['graph']) => T): Promise<T> {
    const { layers, latch, layersOn } = this.#init
    await layers.sync(await this.#generation())
    return latch.read(async () => {
      if (!layers.populated && !layersOn) throw noLayersError()
      return query(layers.graph)
    })
  }

  async #generation(): Promise<number | undefined> {
    const store = this.#init.stateStore
    return store?.info ? (await store.info()).generation : undefined
  }
}
