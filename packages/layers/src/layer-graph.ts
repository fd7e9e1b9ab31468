import type { EdgeRecord, EntrypointRecord, FileLayers, ProjectManifest, SymbolRecord } from '@rag/core'
import { MANIFEST_LANGUAGES } from './import-resolvers.js'
import { componentNames } from './component-uses.js'
import { findDependencies, findEntrypoints, findSymbols, type DependencyQuery, type DependencyStep, type EntrypointQuery, type GraphView, type SymbolQuery } from './layer-queries.js'
import { MAX_REEXPORT_DEPTH } from './definitions.js'
import { DependentIndex, EdgeIndex } from './graph-indexes.js'
import { hasRouteConstant } from './computed-prefix.js'
import { DJANGO_FRAMEWORKS } from './django-routes.js'
import { configuredRoutes } from './configured-routes.js'
import { decoratedFrom } from './decorated-functions.js'
import { withHandlerSymbols } from './handler-symbols.js'
import { withViewMethods } from './view-methods.js'
import { MountedRoutes } from './mounted-routes.js'
import { redeclaredModuleFiles } from './resolvers/rust.js'
import { dirOf } from './paths.js'
import { resolveFile, resolveImports, type FileResolution, type ImportsOfFile } from './resolve-file.js'
import { routeEdges, type RouteEdges } from './route-edges.js'
import { changedNames, importsWritten, routeHandlers, sameResolution } from './file-changes.js'
import { heritageOf, SymbolIndex } from './symbol-index.js'

/** One generation's changes to the indexed files. A rename is a removal plus an addition. */
export interface LayerChange {
  /** Files added or changed, with their new layers. */
  readonly upsert?: readonly FileLayers[]
  /** Paths no longer indexed (deleted, renamed away, now ignored). Unknown paths are ignored. */
  readonly remove?: readonly string[]
}

/** What a change did to the resolved edges: what to write and what to delete in a store. */
export interface LayerDelta {
  /** Edges that are new or whose record or resolution changed. */
  readonly upserted: readonly EdgeRecord[]
  /** Ids of edges that no longer exist. */
  readonly removed: readonly string[]
  /** The files whose edges were resolved again (the changed files and those that depend on them). */
  readonly resolvedFiles: readonly string[]
  /**
   * Files whose HTTP routes' full paths changed (a router mount in some file changed), changed
   * files included: a store writes `file(path)` for each, the version with the full paths.
   */
  readonly rerouted: readonly string[]
}

/** Options of a {@link LayerGraph}. */
export interface LayerGraphOptions {
  /**
   * The files are only a selection of an index (a one-shot lookup of a few files): their stored
   * routes stand as they are, since the mounts in files not selected are unknown here.
   * @default false
   */
  readonly selection?: boolean
}

/** How many rounds of files that looked up the names of a file resolved otherwise are resolved again after a change. */
const MAX_CASCADE_DEPTH = 4

/**
 * The code layers of one index, resolved across files and queryable: symbols by name, prefix or
 * glob; edges by source and by target; entrypoints by kind, method and route. Pure and in
 * memory: a store persists what {@link LayerGraph.apply} returns, and a session keeps one graph
 * per index and applies each generation's changes to it.
 *
 * Incremental: a change re-resolves the changed files, the files whose imports resolved to a
 * removed path or probed an added or removed one, the files that looked up a name the change defines or
 * drops (and, rounds on, a name of a file whose edges now resolve otherwise), the importers of a file whose imports changed (what it re-exports may have; theirs too,
 * as deep as re-exports are followed), and, when a manifest (`tsconfig.json`, `go.mod`, ...)
 * changes, the files of the languages it steers.
 *
 * @example
 * const graph = new LayerGraph()
 * graph.apply({ upsert: filesLayers })
 * graph.symbols({ name: 'parse*', kind: 'function' })
 * graph.dependencies({ from: 'src/server.ts', reverse: true })
 */
export class LayerGraph implements GraphView {
  readonly #index = new SymbolIndex()
  // Files in the order of their latest resolution (the order the edge index adds them in).
  readonly #resolutions = new Map<string, FileResolution>()
  // Built from #resolutions when first needed (the next change, the first dependency query), then
  // kept up to date: a graph built once and never changed or queried (a cold `rag index`) skips them.
  #dependents: DependentIndex | undefined
  #edges: EdgeIndex | undefined
  // The entrypoints' `routes` edges, built when a dependency query first needs them after a change.
  #routes: RouteEdges | undefined
  readonly #selection: boolean

  /** Starts with the given files' layers (as one change). */
  constructor(files: Iterable<FileLayers> = [], options: LayerGraphOptions = {}) {
    this.#selection = options.selection === true
    const upsert = [...files]
    if (upsert.length > 0) this.apply({ upsert })
  }

  /** Applies one generation's changes and returns what happened to the resolved edges. */
  apply(change: LayerChange): LayerDelta {
    const upserts = new Map((change.upsert ?? []).map((file) => [file.path, file]))
    const removals = (change.remove ?? []).filter((path) => !upserts.has(path) && this.#index.has(path))
    const dirty = new Set<string>(upserts.keys())
    const touchedNames = new Set<string>()
    const retypedNames = new Set<string>()
    const touchedModules = new Set<string>()
    const manifestKinds = new Set<ProjectManifest['kind']>()
    const dependents = this.#resolutions.size > 0 ? this.#dependentIndex() : undefined
    const note = (file: FileLayers): void => {
      // The names matter only to files resolved before (none when the graph was empty); a base's
      // name too: what a call on `self` in that base reaches depends on its subclasses.
      if (dependents) for (const symbol of file.symbols) touchedNames.add(symbol.name)
      if (dependents) for (const [base] of heritageOf(file)) touchedNames.add(base)
      // A route names a handler: the handler's file reads what the framework passes it.
      if (dependents) for (const name of [...routeHandlers(file).values(), ...componentNames(file.path)]) touchedNames.add(name)
      if (file.module) touchedModules.add(file.module)
      if (file.manifest) manifestKinds.add(file.manifest.kind)
    }
    const appeared: string[] = []
    // Files whose imports changed: what they re-export may have too.
    const reexporting: string[] = []
    for (const path of removals) {
      const old = this.#index.remove(path)
      if (old) note(old)
      if (old && dependents) for (const declared of redeclaredModuleFiles(old, undefined)) dirty.add(declared)
      // Its importers, and the files whose resolution read that it was there (a Python package's `__init__.py`).
      if (dependents) for (const importer of [...dependents.importers(path), ...dependents.importers(`${dirOf(path)}/`), ...dependents.probers(path)]) dirty.add(importer)
    }
    for (const file of upserts.values()) {
      const old = this.#index.remove(file.path)
      if (old) {
        // Only names whose definitions differ can change how other files resolve.
        const { defined, retyped } = changedNames(old, file)
        if (dependents && importsWritten(old) !== importsWritten(file)) {
          reexporting.push(file.path)
          for (const declared of redeclaredModuleFiles(old, file)) dirty.add(declared)
        }
        for (const name of defined) touchedNames.add(name)
        for (const name of retyped) retypedNames.add(name)
        if (dependents) {
          const had = routeHandlers(old)
          const has = routeHandlers(file)
          for (const [route, name] of had) if (!has.has(route)) touchedNames.add(name)
          for (const [route, name] of has) if (!had.has(route)) touchedNames.add(name)
        }
        if (old.module !== file.module) touchedModules.add(old.module).add(file.module)
        if (old.manifest || file.manifest) {
          if (JSON.stringify(old.manifest) !== JSON.stringify(file.manifest)) for (const m of [old.manifest, file.manifest]) if (m) manifestKinds.add(m.kind)
        }
      } else {
        appeared.push(file.path)
        note(file)
        if (dependents) for (const declared of redeclaredModuleFiles(undefined, file)) dirty.add(declared)
      }
      this.#index.add(file)
    }
    if (dependents) {
      for (const path of appeared) {
        for (const prober of [...dependents.probers(path), ...dependents.probers(`${dirOf(path)}/`)]) dirty.add(prober)
      }
      for (const name of touchedNames) for (const looker of dependents.lookers(name)) dirty.add(looker)
      // (`export { x } from './a'` becoming `from './b'`: the importers, and theirs as deep as re-exports are followed.)
      const reached = new Set(reexporting)
      for (let layer = reexporting, depth = 0; layer.length > 0 && depth < MAX_REEXPORT_DEPTH; depth++) {
        const next: string[] = []
        for (const path of layer) {
          for (const importer of dependents.importers(path)) {
            if (reached.has(importer)) continue
            reached.add(importer)
            dirty.add(importer)
            next.push(importer)
          }
        }
        layer = next
      }
      // (`db` of `@cli.group()` when `cli` is decorated differently: what `db` is changed too.)
      if (retypedNames.size > 0) for (const name of decoratedFrom(retypedNames, this.#index)) retypedNames.add(name)
      for (const name of retypedNames) for (const reader of dependents.signatureReaders(name)) dirty.add(reader)
      if (removals.length > 0 || appeared.length > 0) {
        for (const module of touchedModules) for (const reader of dependents.moduleReaders(module)) dirty.add(reader)
      }
    }
    for (const kind of manifestKinds) {
      const languages = MANIFEST_LANGUAGES[kind] ?? []
      for (const file of this.#index.files()) if (languages.includes(file.language)) dirty.add(file.path)
    }
    const upserted: EdgeRecord[] = []
    const removed: string[] = []
    for (const path of removals) {
      for (const edge of this.#forget(path)) removed.push(edge.id)
    }
    const resolved = new Set<string>()
    let round = [...dirty].filter((path) => this.#index.has(path)).sort()
    for (let depth = 0; round.length > 0; depth++) {
      for (const path of round) resolved.add(path)
      const changed = this.#resolveRound(round, upserts, upserted, removed)
      // A file whose edges now resolve otherwise (a pytest fixture's `Flask` once `flask/__init__.py` is gone) may type
      // what the files that looked up its names call: those are resolved again, as deep as it goes on.
      if (!dependents || depth >= MAX_CASCADE_DEPTH) break
      const next = new Set<string>()
      for (const path of changed) {
        for (const symbol of this.#index.file(path)?.symbols ?? []) for (const looker of dependents.lookers(symbol.name)) if (!resolved.has(looker) && this.#index.has(looker)) next.add(looker)
      }
      round = [...next].sort()
    }
    const resolvedFiles = [...resolved].sort()
    const rerouted = this.#selection ? [] : this.#reroute()
    this.#routes = undefined
    return { upserted, removed, resolvedFiles, rerouted }
  }

  /**
   * Resolves `paths` again (imports first, all of them: resolving a name may follow another file's
   * re-exports), adding the edges that changed to `upserted` and the ids of those gone to `removed`;
   * returns the files resolved before, not changed themselves, whose edges now resolve otherwise.
   */
  #resolveRound(paths: readonly string[], upserts: ReadonlyMap<string, FileLayers>, upserted: EdgeRecord[], removed: string[]): string[] {
    const imports = new Map(paths.map((path) => [path, resolveImports(this.#index.file(path) as FileLayers, this.#index)]))
    const importsOf = (p: string): readonly EdgeRecord[] | undefined => imports.get(p)?.imports ?? this.#resolutions.get(p)?.edges
    const changed: string[] = []
    for (const path of paths) {
      const forgotten = this.#forget(path)
      const resolution = resolveFile(this.#index.file(path) as FileLayers, imports.get(path) as ImportsOfFile, this.#index, importsOf)
      this.#remember(path, resolution)
      // A file resolved for the first time (every file of a cold index) has no earlier edges to compare.
      if (forgotten.length === 0) {
        for (const edge of resolution.edges) upserted.push(edge)
        continue
      }
      const before = new Map(forgotten.map((edge) => [edge.id, edge]))
      const changedFile = upserts.has(path)
      let differs = false
      for (const edge of resolution.edges) {
        const old = before.get(edge.id)
        before.delete(edge.id)
        const same = old !== undefined && sameResolution(old, edge)
        if (!same) differs = true
        if (changedFile || !same) upserted.push(edge)
      }
      if (before.size > 0) differs = true
      removed.push(...before.keys())
      // (A changed file's own names reach the files that looked them up through the names it defines.)
      if (differs && !changedFile) changed.push(path)
    }
    return changed
  }

  /**
   * Gives the HTTP routes of mounted routers their full paths and links handlers defined in other
   * files (`handler-symbols.ts`); returns the files whose entrypoints changed.
   */
  #reroute(): string[] {
    const edges = function* (resolutions: Iterable<FileResolution>): Generator<EdgeRecord> {
      for (const resolution of resolutions) yield* resolution.edges
    }
    // (A file whose every entrypoint the project's files named none still declares them: a manifest edit may name them.)
    const declaring = [...this.#index.files()].filter((file) => file.entrypoints.length > 0 || file.projectNamedEntrypoints !== undefined)
    const configured = configuredRoutes(declaring)
    const mounts = new MountedRoutes(
      edges(this.#resolutions.values()),
      (id) => this.#index.symbol(id),
      (path, local) => this.#importedFrom(path, local),
      (path) => this.#index.file(path),
      (dir) => this.#index.filesIn(dir),
      configured,
      (name) => this.#index.named(name),
    )
    // Nothing mounted, no route carrying a prefix of a mount that went, none naming a constant and none of Django's (rooted here): no route can move.
    const movable =
      !mounts.empty ||
      configured.size > 0 ||
      declaring.some(
        (file) =>
          // (A framework in braces is named by the project's files: `{deps:next=nextjs}`; so were those a file keeps declared.)
          file.projectNamedEntrypoints !== undefined ||
          file.entrypoints.some((entry) => entry.declaredRoute !== undefined || hasRouteConstant(entry.route, entry.framework) || DJANGO_FRAMEWORKS.has(entry.framework) || entry.framework.startsWith('{')),
      )
    const resolved = (path: string): readonly EdgeRecord[] | undefined => this.#resolutions.get(path)?.edges
    const changed: string[] = []
    for (const file of declaring.sort((a, b) => (a.path < b.path ? -1 : 1))) {
      const moved = (movable ? mounts.apply(file) : undefined) ?? file
      const linked = withHandlerSymbols(moved, this.#index, resolved, (typeId) => this.#edgeIndex().incoming(typeId)) ?? moved
      // (Class-based views routed for any method: a route per method the class answers.)
      const settled = withViewMethods(linked, this.#index, resolved) ?? linked
      if (settled === file) continue
      this.#index.replaceEntrypoints(settled)
      changed.push(file.path)
    }
    return changed
  }

  /** The file and name a file's local name is imported from (a resolved import naming it). */
  #importedFrom(path: string, local: string): { path: string; name: string } | undefined {
    for (const edge of this.#resolutions.get(path)?.edges ?? []) {
      if (edge.kind !== 'imports' || edge.resolution !== 'resolved' || !edge.targetPath || edge.targetPath.endsWith('/')) continue
      const named = edge.names?.find((n) => (n.alias ?? n.name) === local)
      if (named) return { path: edge.targetPath, name: named.name }
    }
    return undefined
  }

  /** A file's layers, if indexed. */
  file(path: string): FileLayers | undefined {
    return this.#index.file(path)
  }

  /** A symbol by id. */
  symbol(id: string): SymbolRecord | undefined {
    return this.#index.symbol(id)
  }

  /** Every resolved edge of the files, in file order (or of one file). */
  edgesOf(path: string): readonly EdgeRecord[] {
    return this.#resolutions.get(path)?.edges ?? []
  }

  /** Edges whose target is this file, package directory (`dir/`) or symbol id. */
  incoming(target: string): readonly EdgeRecord[] {
    return this.#edgeIndex().incoming(target)
  }

  /** Edges that start in this symbol. */
  outgoing(symbolId: string): readonly EdgeRecord[] {
    return this.#edgeIndex().outgoing(symbolId)
  }

  /** The `routes` edges of a file's entrypoints whose handlers are known (see `route-edges.ts`). */
  routeEdgesOf(path: string): readonly EdgeRecord[] {
    return this.#routeEdges().from.get(path) ?? []
  }

  /** The `routes` edges into a handler symbol (by id) or into the handlers of a file (by path). */
  routesInto(target: string): readonly EdgeRecord[] {
    return this.#routeEdges().into.get(target) ?? []
  }

  /** Every indexed file's layers. */
  files(): IterableIterator<FileLayers> {
    return this.#index.files()
  }

  /** Symbols by exact name, qualified name or glob, filtered by kind, language and path. */
  symbols(query: SymbolQuery): SymbolRecord[] {
    return findSymbols(this.#index, query)
  }

  /** Imports and importers, callees and callers, of a file or symbol, breadth first to a depth. */
  dependencies(query: DependencyQuery): DependencyStep[] {
    return findDependencies(this, query)
  }

  /** Entrypoints filtered by kind, method, route pattern and framework. */
  entrypoints(query: EntrypointQuery = {}): EntrypointRecord[] {
    return findEntrypoints(this.#index.files(), query)
  }

  /** Names of every symbol, sorted (for prefix lookups). */
  symbolNames(): readonly string[] {
    return this.#index.names()
  }

  /** Symbols with exactly this name. */
  named(name: string): readonly SymbolRecord[] {
    return this.#index.named(name)
  }

  #dependentIndex(): DependentIndex {
    if (!this.#dependents) {
      const dependents = new DependentIndex()
      for (const [path, resolution] of this.#resolutions) dependents.add(path, resolution)
      this.#dependents = dependents
    }
    return this.#dependents
  }

  #routeEdges(): RouteEdges {
    this.#routes ??= routeEdges(this.#index.files())
    return this.#routes
  }

  #edgeIndex(): EdgeIndex {
    if (!this.#edges) {
      const edges = new EdgeIndex()
      for (const resolution of this.#resolutions.values()) edges.add(resolution.edges)
      this.#edges = edges
    }
    return this.#edges
  }

  #remember(path: string, resolution: FileResolution): void {
    this.#resolutions.set(path, resolution)
    this.#dependents?.add(path, resolution)
    this.#edges?.add(resolution.edges)
  }

  /** Drops a file's resolution from every index; returns its edges. */
  #forget(path: string): EdgeRecord[] {
    const resolution = this.#resolutions.get(path)
    if (!resolution) return []
    this.#resolutions.delete(path)
    this.#dependents?.remove(path, resolution)
    this.#edges?.remove(resolution.edges)
    return resolution.edges
  }
}
