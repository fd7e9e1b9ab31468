import type { EdgeRecord } from '@rag/core'
import type { FileResolution } from './resolve-file.js'

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  set.add(value)
}

function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key)
  if (set?.delete(value) && set.size === 0) map.delete(key)
}

/**
 * What each file's resolution depended on, reversed: who imports a path, who probed one, who
 * looked up a name, who read the signatures of a name's definitions, who read a module's files. What a change reads to find the files to resolve
 * again. Updated file by file with the resolutions.
 */
export class DependentIndex {
  readonly #importers = new Map<string, Set<string>>()
  readonly #probers = new Map<string, Set<string>>()
  readonly #lookers = new Map<string, Set<string>>()
  readonly #signatureReaders = new Map<string, Set<string>>()
  readonly #moduleReaders = new Map<string, Set<string>>()

  /** Adds a file's resolution. */
  add(path: string, resolution: FileResolution): void {
    for (const target of resolution.targets) addTo(this.#importers, target, path)
    for (const probe of resolution.probes) addTo(this.#probers, probe, path)
    for (const name of resolution.names) addTo(this.#lookers, name, path)
    for (const name of resolution.signatures) addTo(this.#signatureReaders, name, path)
    for (const module of resolution.modules) addTo(this.#moduleReaders, module, path)
  }

  /** Removes a file's resolution (the one it was added with). */
  remove(path: string, resolution: FileResolution): void {
    for (const target of resolution.targets) removeFrom(this.#importers, target, path)
    for (const probe of resolution.probes) removeFrom(this.#probers, probe, path)
    for (const name of resolution.names) removeFrom(this.#lookers, name, path)
    for (const name of resolution.signatures) removeFrom(this.#signatureReaders, name, path)
    for (const module of resolution.modules) removeFrom(this.#moduleReaders, module, path)
  }

  /** Files whose imports resolved to this file or package directory (`dir/`). */
  importers(target: string): Iterable<string> {
    return this.#importers.get(target) ?? []
  }

  /** Files that tried this path for an import and did not find it. */
  probers(path: string): Iterable<string> {
    return this.#probers.get(path) ?? []
  }

  /** Files that looked up the definitions of this name. */
  lookers(name: string): Iterable<string> {
    return this.#lookers.get(name) ?? []
  }

  /** Files that read the signature of a definition of this name (the type it returns). */
  signatureReaders(name: string): Iterable<string> {
    return this.#signatureReaders.get(name) ?? []
  }

  /** Files that read the set of files of this module. */
  moduleReaders(module: string): Iterable<string> {
    return this.#moduleReaders.get(module) ?? []
  }
}

/** The resolved edges by target (file, package directory or symbol id) and by source symbol, for the dependency queries. */
export class EdgeIndex {
  readonly #incoming = new Map<string, Map<string, EdgeRecord>>()
  readonly #bySourceSymbol = new Map<string, EdgeRecord[]>()

  /** Adds a file's edges. */
  add(edges: readonly EdgeRecord[]): void {
    for (const edge of edges) {
      if (edge.targetPath) this.#pointAt(edge.targetPath, edge)
      if (edge.targetSymbolId) this.#pointAt(edge.targetSymbolId, edge)
      if (edge.sourceSymbolId) {
        const list = this.#bySourceSymbol.get(edge.sourceSymbolId)
        if (list) list.push(edge)
        else this.#bySourceSymbol.set(edge.sourceSymbolId, [edge])
      }
    }
  }

  /** Removes a file's edges (the ones it was added with). */
  remove(edges: readonly EdgeRecord[]): void {
    for (const edge of edges) {
      if (edge.targetPath) this.#unpoint(edge.targetPath, edge)
      if (edge.targetSymbolId) this.#unpoint(edge.targetSymbolId, edge)
      if (edge.sourceSymbolId) this.#bySourceSymbol.delete(edge.sourceSymbolId)
    }
  }

  /** Edges whose target is this file, package directory or symbol id, in the order they were added. */
  incoming(target: string): readonly EdgeRecord[] {
    return [...(this.#incoming.get(target)?.values() ?? [])]
  }

  /** Edges that start in this symbol. */
  outgoing(symbolId: string): readonly EdgeRecord[] {
    return this.#bySourceSymbol.get(symbolId) ?? []
  }

  #pointAt(target: string, edge: EdgeRecord): void {
    let map = this.#incoming.get(target)
    if (!map) this.#incoming.set(target, (map = new Map()))
    map.set(edge.id, edge)
  }

  #unpoint(target: string, edge: EdgeRecord): void {
    const map = this.#incoming.get(target)
    if (map?.delete(edge.id) && map.size === 0) this.#incoming.delete(target)
  }
}
