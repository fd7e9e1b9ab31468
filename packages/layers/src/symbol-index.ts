import type { FileLayers, ProjectManifest, SymbolRecord } from '@rag/core'
import { languageFamily } from './language-families.js'
import { NameCount, type NamedOfKinds, type NameScope } from './name-counts.js'
import { ancestors, baseName, dirOf } from './paths.js'
import type { ResolveContext } from './resolution.js'
import { functionRegistrations, type FunctionRegistration } from './route-functions.js'

/** A member's signature that declares it `static` (TypeScript, Java, C#, PHP: `public static now: () => number`). */
const STATIC_MEMBER = /^(?:(?:public|private|protected|internal|readonly|override|abstract|declare|final|async)\s+)*static\b/

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key)
  if (!set) map.set(key, (set = new Set()))
  set.add(value)
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key)
  if (!set) return
  set.delete(value)
  if (set.size === 0) map.delete(key)
}

/**
 * Whether a C# definition is at the top of its namespace (`namespace Shop.Data { class Store }`, or
 * a file-scoped `namespace Shop.Data;`): every definition around it is a namespace. C# declares
 * nearly every class so; by its name it is the file's top-level class, as Java's is.
 */
function inNamespaceOnly(symbol: SymbolRecord, byId: ReadonlyMap<string, SymbolRecord>): boolean {
  for (let parent = byId.get(symbol.parentId); parent !== undefined; parent = parent.parentId ? byId.get(parent.parentId) : undefined) {
    if (parent.kind !== 'namespace') return false
  }
  return true
}

/** Kinds of the definitions whose members are reached as `x.name` (also TypeScript namespaces and Kotlin objects). */
const MEMBER_PARENTS: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'enum', 'record', 'union', 'module', 'namespace', 'object'])

/** A file's heritage as (base name's last segment, class id) pairs. */
export function* heritageOf(file: FileLayers): Generator<[string, string]> {
  for (const edge of file.edges) {
    if ((edge.kind === 'extends' || edge.kind === 'implements') && edge.sourceSymbolId) yield [edge.target.slice(edge.target.lastIndexOf('.') + 1), edge.sourceSymbolId]
  }
}

/** A Go struct field's type, after its name in the signature (`Location string`, `handler func(*Context)`). */
const GO_FIELD_HOLDS_FUNCTION = /^\S+\s+func\b/

/** A Go struct field that holds no function: no callee, whatever a call's name (`Location` of `Location string`). */
function isGoDataField(symbol: SymbolRecord): boolean {
  return symbol.kind === 'property' && symbol.language === 'go' && !GO_FIELD_HOLDS_FUNCTION.test(symbol.signature)
}

/**
 * The indexes over every file's layers that resolution and queries read: files by path,
 * directory, base name and module; symbols by id, name and (per file) qualified name; classes by
 * the bases they name; manifests by kind. Updated file by file.
 */
export class SymbolIndex implements ResolveContext {
  readonly #files = new Map<string, FileLayers>()
  readonly #dirFiles = new Map<string, Set<string>>()
  readonly #below = new Map<string, number>()
  readonly #byBase = new Map<string, Set<string>>()
  readonly #byModule = new Map<string, Set<string>>()
  // Sorted copies of #byModule's sets, and of a module's with its enclosing modules', made when asked and dropped when a file of a module comes or goes.
  readonly #moduleFiles = new Map<string, readonly string[]>()
  readonly #enclosingModuleFiles = new Map<string, readonly string[]>()
  readonly #byName = new Map<string, Set<SymbolRecord>>()
  readonly #byId = new Map<string, SymbolRecord>()
  readonly #byQname = new Map<string, Map<string, SymbolRecord>>()
  // Per file, per qualified name, the symbols after the first with that name (TypeScript's merged
  // `interface EmptyError` and `const EmptyError`); only files that have such are listed.
  readonly #sameQname = new Map<string, Map<string, Set<SymbolRecord>>>()
  readonly #topLevel = new Map<string, Map<string, SymbolRecord>>()
  /** Per file, a top-level name's exported symbol where an unexported one of that name comes first (`var etag = require('etag')`, then `exports.etag = ...`). */
  readonly #exportedLater = new Map<string, Map<string, SymbolRecord>>()
  // Per base name (its last segment), the ids of the classes whose `extends` or `implements` edges name it.
  readonly #extenders = new Map<string, Set<string>>()
  readonly #manifests = new Map<ProjectManifest['kind'], Map<string, ProjectManifest>>()
  // Per kind, the list `manifests(kind)` hands out, until a manifest of that kind comes or goes.
  readonly #manifestLists = new Map<ProjectManifest['kind'], readonly { readonly path: string; readonly manifest: ProjectManifest }[]>()
  #sortedNames: string[] | undefined
  // Per folder, the files at or below it (`filesBelow`), until a file comes or goes.
  readonly #belowFiles = new Map<string, readonly string[]>()
  // Per name a route's handler ends with, the routes (built when first asked, dropped when a file comes, goes or changes its entrypoints).
  #routeHandlers: Map<string, FunctionRegistration[]> | undefined
  // Per kind set, per name: how many symbols of those kinds have the name (see `namedOfKinds`).
  // Per kind set, per scope, per language family ('' for any language), per name.
  readonly #kindCounts = new Map<ReadonlySet<string>, Record<NameScope, Map<string, Map<string, NamedOfKinds>>>>()

  /** Adds a file (its path must not be indexed). */
  add(file: FileLayers): void {
    const { path } = file
    this.#files.set(path, file)
    this.#belowFiles.clear()
    addTo(this.#dirFiles, dirOf(path), path)
    for (const dir of ancestors(dirOf(path))) this.#below.set(dir, (this.#below.get(dir) ?? 0) + 1)
    addTo(this.#byBase, baseName(path), path)
    if (file.module) {
      addTo(this.#byModule, file.module, path)
      this.#moduleChanged(file.module)
    }
    const qnames = new Map<string, SymbolRecord>()
    const top = new Map<string, SymbolRecord>()
    const exportedLater = new Map<string, SymbolRecord>()
    for (const symbol of file.symbols) {
      addTo(this.#byName, symbol.name, symbol)
      this.#byId.set(symbol.id, symbol)
      if (!qnames.has(symbol.qname)) qnames.set(symbol.qname, symbol)
      else {
        let same = this.#sameQname.get(path)
        if (!same) this.#sameQname.set(path, (same = new Map()))
        addTo(same, symbol.qname, symbol)
      }
      // (A Swift or Dart extension is no definition of the type it extends: `extension RequestInterceptor where ...` is not the protocol.)
      if (symbol.kind !== 'extension' && (!symbol.parentId || (file.language === 'csharp' && inNamespaceOnly(symbol, this.#byId)))) {
        const first = top.get(symbol.name)
        if (first === undefined) top.set(symbol.name, symbol)
        else if (symbol.exported === true && first.exported !== true && !exportedLater.has(symbol.name)) exportedLater.set(symbol.name, symbol)
      }
    }
    this.#byQname.set(path, qnames)
    this.#topLevel.set(path, top)
    if (exportedLater.size > 0) this.#exportedLater.set(path, exportedLater)
    for (const [base, id] of heritageOf(file)) addTo(this.#extenders, base, id)
    if (file.manifest) {
      let kind = this.#manifests.get(file.manifest.kind)
      if (!kind) this.#manifests.set(file.manifest.kind, (kind = new Map()))
      kind.set(path, file.manifest)
      this.#manifestLists.delete(file.manifest.kind)
    }
    this.#sortedNames = undefined
    this.#routeHandlers = undefined
    this.#kindCounts.clear()
  }

  /** Puts another version of an indexed file in its place that differs only in its entrypoints (what mounts elsewhere changed). */
  replaceEntrypoints(file: FileLayers): void {
    if (!this.#files.has(file.path)) return
    this.#files.set(file.path, file)
    this.#routeHandlers = undefined
  }

  /** Removes a file, if indexed. */
  remove(path: string): FileLayers | undefined {
    const file = this.#files.get(path)
    if (!file) return undefined
    this.#files.delete(path)
    this.#belowFiles.clear()
    removeFrom(this.#dirFiles, dirOf(path), path)
    for (const dir of ancestors(dirOf(path))) {
      const left = (this.#below.get(dir) ?? 1) - 1
      if (left > 0) this.#below.set(dir, left)
      else this.#below.delete(dir)
    }
    removeFrom(this.#byBase, baseName(path), path)
    if (file.module) {
      removeFrom(this.#byModule, file.module, path)
      this.#moduleChanged(file.module)
    }
    for (const symbol of file.symbols) {
      removeFrom(this.#byName, symbol.name, symbol)
      if (this.#byId.get(symbol.id) === symbol) this.#byId.delete(symbol.id)
    }
    this.#byQname.delete(path)
    this.#sameQname.delete(path)
    this.#topLevel.delete(path)
    this.#exportedLater.delete(path)
    for (const [base, id] of heritageOf(file)) removeFrom(this.#extenders, base, id)
    if (file.manifest) {
      this.#manifests.get(file.manifest.kind)?.delete(path)
      this.#manifestLists.delete(file.manifest.kind)
    }
    this.#sortedNames = undefined
    this.#routeHandlers = undefined
    this.#kindCounts.clear()
    return file
  }

  /**
   * Where functions ending with `name` are registered with a router (`user.list` and `list` for
   * `list`, `protect` of `.get(protect, getUsers)`, `errorHandler` of `app.use(errorHandler)`),
   * with the files that register them.
   */
  registrationsNamed(name: string): readonly FunctionRegistration[] {
    if (this.#routeHandlers === undefined) {
      const byName = new Map<string, FunctionRegistration[]>()
      for (const file of this.#files.values()) {
        for (const registration of functionRegistrations(file)) {
          const known = byName.get(registration.name)
          if (known) known.push(registration)
          else byName.set(registration.name, [registration])
        }
      }
      this.#routeHandlers = byName
    }
    return this.#routeHandlers.get(name) ?? []
  }

  has(path: string): boolean {
    return this.#files.has(path)
  }

  /** The classes whose `extends` or `implements` edges name `base` (by its last segment), resolved or not. */
  extenders(base: string): SymbolRecord[] {
    return [...(this.#extenders.get(base) ?? [])].flatMap((id) => this.#byId.get(id) ?? [])
  }

  hasDir(dir: string): boolean {
    return this.#below.has(dir)
  }

  filesIn(dir: string): readonly string[] {
    return [...(this.#dirFiles.get(dir) ?? [])]
  }

  /** The files at or below a folder (`''` for every file), sorted; kept until a file comes or goes. */
  filesBelow(dir: string): readonly string[] {
    let files = this.#belowFiles.get(dir)
    if (files === undefined) this.#belowFiles.set(dir, (files = this.foldersBelow(dir).flatMap((folder) => [...(this.#dirFiles.get(folder) ?? [])].sort())))
    return files
  }

  foldersBelow(dir: string): readonly string[] {
    if (!this.#below.has(dir) && !this.#dirFiles.has(dir)) return []
    const out: string[] = []
    for (const folder of this.#dirFiles.keys()) if (dir === '' || folder === dir || folder.startsWith(`${dir}/`)) out.push(folder)
    return out.sort()
  }

  endingWith(suffix: string): readonly string[] {
    const candidates = this.#byBase.get(baseName(suffix))
    if (!candidates) return []
    return [...candidates].filter((path) => path === suffix || path.endsWith(`/${suffix}`)).sort()
  }

  file(path: string): FileLayers | undefined {
    return this.#files.get(path)
  }

  /** Every indexed file. */
  files(): IterableIterator<FileLayers> {
    return this.#files.values()
  }

  /** The same list (by identity) until a manifest of `kind` is added or removed: resolvers key their own indexes by it. */
  manifests<K extends ProjectManifest['kind']>(kind: K): readonly { readonly path: string; readonly manifest: Extract<ProjectManifest, { kind: K }> }[] {
    let list = this.#manifestLists.get(kind)
    if (list === undefined) this.#manifestLists.set(kind, (list = Object.freeze([...(this.#manifests.get(kind) ?? [])].map(([path, manifest]) => ({ path, manifest })))))
    return list as readonly { readonly path: string; readonly manifest: Extract<ProjectManifest, { kind: K }> }[]
  }

  manifestAt<K extends ProjectManifest['kind']>(path: string, kind: K): Extract<ProjectManifest, { kind: K }> | undefined {
    return this.#manifests.get(kind)?.get(path) as Extract<ProjectManifest, { kind: K }> | undefined
  }

  /** The files declaring a module (package, namespace), in path order; the same array until one of them comes or goes. */
  filesOfModule(module: string): readonly string[] {
    let files = this.#moduleFiles.get(module)
    if (files === undefined) this.#moduleFiles.set(module, (files = Object.freeze([...(this.#byModule.get(module) ?? [])].sort())))
    return files
  }

  /** The files of a dotted module and then of each module enclosing it (`Shop.Models.Billing`, `Shop.Models`, `Shop`), nearest first. */
  filesOfEnclosingModules(module: string): readonly string[] {
    let files = this.#enclosingModuleFiles.get(module)
    if (files === undefined) {
      const all: string[] = []
      for (let at = module; at !== ''; at = at.slice(0, Math.max(0, at.lastIndexOf('.')))) all.push(...this.filesOfModule(at))
      this.#enclosingModuleFiles.set(module, (files = Object.freeze(all)))
    }
    return files
  }

  #moduleChanged(module: string): void {
    this.#moduleFiles.delete(module)
    // Any cached module list may enclose it.
    this.#enclosingModuleFiles.clear()
  }

  /** A top-level symbol of a file by name; with `kinds`, as {@link SymbolIndex.byQname} picks among same-named ones. */
  topLevel(path: string, name: string, kinds?: ReadonlySet<string>): SymbolRecord | undefined {
    return this.#ofKinds(path, this.#topLevel.get(path)?.get(name), kinds)
  }

  /**
   * What another file reaches by importing `name` from this one: as {@link SymbolIndex.topLevel},
   * but the exported definition when the file also has an unexported one of that name (express's
   * `var etag = require('etag')` and `exports.etag = createETagGenerator(...)`).
   */
  exportedTopLevel(path: string, name: string, kinds?: ReadonlySet<string>): SymbolRecord | undefined {
    return this.#ofKinds(path, this.#exportedLater.get(path)?.get(name) ?? this.#topLevel.get(path)?.get(name), kinds)
  }

  /**
   * A symbol of a file by qualified name: the first, or with `kinds` the first of those kinds when
   * the file declares the name more than once (a call reaches the `const` of TypeScript's merged
   * `interface EmptyError` and `const EmptyError`).
   */
  byQname(path: string, qname: string, kinds?: ReadonlySet<string>): SymbolRecord | undefined {
    return this.#ofKinds(path, this.#byQname.get(path)?.get(qname), kinds)
  }

  /**
   * A class member by qualified name, read on an instance (`this.now()`) or on the class
   * (`Scheduler.now()`): when the class declares a `static` and an instance member of one name
   * (rxjs's `Scheduler.now`), the one that fits; else as {@link SymbolIndex.byQname}.
   */
  memberByQname(path: string, qname: string, onInstance: boolean): SymbolRecord | undefined {
    const first = this.#byQname.get(path)?.get(qname)
    if (first === undefined || STATIC_MEMBER.test(first.signature) !== onInstance) return first
    for (const symbol of this.#sameQname.get(path)?.get(qname) ?? []) if (STATIC_MEMBER.test(symbol.signature) !== onInstance) return symbol
    return first
  }

  /** `first`, or a later symbol of the file with its qualified name whose kind is one of `kinds` when `first`'s is not. */
  #ofKinds(path: string, first: SymbolRecord | undefined, kinds: ReadonlySet<string> | undefined): SymbolRecord | undefined {
    if (first === undefined || kinds === undefined || kinds.has(first.kind)) return first
    for (const symbol of this.#sameQname.get(path)?.get(first.qname) ?? []) if (kinds.has(symbol.kind)) return symbol
    return first
  }

  /** A symbol by id. */
  symbol(id: string): SymbolRecord | undefined {
    return this.#byId.get(id)
  }

  /** Every symbol with exactly this name, without copying (do not change the index while iterating). */
  namedSet(name: string): ReadonlySet<SymbolRecord> | undefined {
    return this.#byName.get(name)
  }

  /**
   * How many symbols named `name` have one of `kinds` (and are in `scope`, and of a language of
   * `family` when given: see `languageFamily`), the symbol when there is exactly one, and their
   * file when they all are in one.
   * Remembered per name, kind set, scope and family until the index changes: resolution asks it for every
   * call it cannot bind otherwise, and a common method name has hundreds of definitions to go through.
   */
  namedOfKinds(name: string, kinds: ReadonlySet<string>, scope: NameScope = 'any', family = ''): NamedOfKinds {
    let scopes = this.#kindCounts.get(kinds)
    if (!scopes) this.#kindCounts.set(kinds, (scopes = { any: new Map(), free: new Map(), member: new Map() }))
    let byName = scopes[scope].get(family)
    if (!byName) scopes[scope].set(family, (byName = new Map()))
    let found = byName.get(name)
    if (found === undefined) {
      // Go interfaces' method specs count only when no other definition has the name: Go types
      // satisfy interfaces without naming them, so a call by name is more likely one of the
      // implementations (gin's `ResponseWriter.Size` and its one `responseWriter.Size`). Other
      // languages' calls of an interface's methods are typed through the interface, and stay ambiguous.
      // A Go struct field is a candidate only when it holds a function (`Location string` is no callee).
      const concrete = new NameCount()
      const specs = new NameCount()
      for (const symbol of this.#byName.get(name) ?? []) {
        if (!kinds.has(symbol.kind) || (scope !== 'any' && this.isMember(symbol) !== (scope === 'member')) || isGoDataField(symbol)) continue
        if (family !== '' && languageFamily(symbol.language) !== family) continue
        ;(symbol.language === 'go' && this.#byId.get(symbol.parentId)?.kind === 'interface' ? specs : concrete).add(symbol)
      }
      found = (concrete.count > 0 ? concrete : specs).found()
      byName.set(name, found)
    }
    return found
  }

  /** Whether a symbol is a member of a type (a method, or defined in a class, interface, struct, ...): what `x.name` reaches. */
  isMember(symbol: SymbolRecord): boolean {
    if (symbol.kind === 'method') return true
    if (symbol.parentId === '') return false
    const parent = this.#byId.get(symbol.parentId)
    return parent !== undefined && MEMBER_PARENTS.has(parent.kind)
  }

  /** Every symbol with exactly this name. */
  named(name: string): readonly SymbolRecord[] {
    const set = this.#byName.get(name)
    return set ? [...set] : []
  }

  /** Every distinct symbol name, sorted (computed once per change). */
  names(): readonly string[] {
    this.#sortedNames ??= [...this.#byName.keys()].sort()
    return this.#sortedNames
  }
}
