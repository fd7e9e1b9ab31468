import { loadedModule, propertyRead, type EdgeRecord, type FileLayers, type RawEdge, type SymbolRecord } from '@rag/core'
import { importResolverFor } from './import-resolvers.js'
import { dirOf, joinPath } from './paths.js'
import { scopedBindings, topPackageInit } from './import-bindings.js'
import { resolveName } from './resolve-names.js'
import { rustPathRoot } from './rust-paths.js'
import { EXTERNAL, UNRESOLVED, type Resolved } from './resolved.js'
import { ServedHandlers } from './served-handlers.js'
import { Supertypes } from './supertypes.js'
import type { SymbolIndex } from './symbol-index.js'

/** A file's resolved edges and what their resolution depended on (so a change can re-resolve exactly the affected files). */
export interface FileResolution {
  readonly edges: EdgeRecord[]
  /** Files and package directories its imports resolved to (and the crate roots its Rust paths start from). */
  readonly targets: ReadonlySet<string>
  /** Paths that, if added, would change an import's resolution. */
  readonly probes: ReadonlySet<string>
  /** Names whose definitions it looked up (callees, types, imported names). */
  readonly names: ReadonlySet<string>
  /**
   * Names whose definitions' signatures it read: callees whose return annotation types a receiver
   * (`openIndex()`), and receivers' first names (an imported value's declared class: `current_app`).
   */
  readonly signatures: ReadonlySet<string>
  /** Modules whose set of files it read (Java and C# packages and namespaces). */
  readonly modules: ReadonlySet<string>
}

/**
 * A raw edge with its resolution: `{ ...edge, ...resolution }`, built with `Object.assign`, which
 * V8 runs about three times faster here (the edges come in many shapes, so the spread takes its
 * slow path): the copy was two thirds of resolving a repository.
 */
function withResolution(edge: RawEdge, resolution: Partial<EdgeRecord> & Resolved): EdgeRecord {
  return Object.assign({}, edge, resolution)
}

/** Languages whose imports are looked up through the files' declared packages or namespaces. */
const MODULE_LANGUAGES = new Set(['java', 'kotlin', 'csharp', 'php'])

/** The definition an import names in its target file: top-level, or a class member for a static import. */
function importedSymbol(path: string, name: string, index: SymbolIndex): SymbolRecord | undefined {
  const top = index.topLevel(path, name)
  if (top || !MODULE_LANGUAGES.has(index.file(path)?.language ?? '')) return top
  for (const symbol of index.namedSet(name) ?? []) if (symbol.path === path && symbol.parentId !== '' && !index.symbol(symbol.parentId)?.parentId) return symbol
  return undefined
}

function importRecords(edge: RawEdge, file: FileLayers, index: SymbolIndex, probes: Set<string>, modules: Set<string>): EdgeRecord[] {
  const resolver = importResolverFor(file.language)
  if (!resolver) return [withResolution(edge, UNRESOLVED)]
  const resolution = resolver(edge, file, index)
  for (const probe of resolution.probes) probes.add(probe)
  if (MODULE_LANGUAGES.has(file.language)) {
    // `a.b.C` reads the files of package `a.b` (and `a.b.*` those of `a.b` itself).
    modules.add(edge.target)
    const cut = Math.max(edge.target.lastIndexOf('.'), edge.target.lastIndexOf('\\'))
    if (cut > 0) modules.add(edge.target.slice(0, cut))
  }
  if (resolution.status !== 'resolved' || resolution.targets.length === 0) {
    return [withResolution(edge, { resolution: resolution.status, targetPath: '', targetSymbolId: '', candidates: 0 })]
  }
  return resolution.targets.map((target, i) => {
    const single = target.names.length === 1 && target.names[0]?.name !== '*' ? target.names[0]?.name : undefined
    const symbol = single && !target.path.endsWith('/') ? importedSymbol(target.path, single, index) : undefined
    const resolved = withResolution(edge, { names: target.names, resolution: 'resolved', targetPath: target.path, targetSymbolId: symbol?.id ?? '', candidates: 1 })
    return i > 0 ? { ...resolved, id: `${edge.id}/${i + 1}` } : resolved
  })
}

/** The import edges of one file, resolved, and what they depended on. */
export interface ImportsOfFile {
  readonly imports: EdgeRecord[]
  readonly probes: Set<string>
  readonly names: Set<string>
  readonly modules: Set<string>
}

/** Resolves the import edges of one file by the rules of its language. */
export function resolveImports(file: FileLayers, index: SymbolIndex): ImportsOfFile {
  const probes = new Set<string>()
  const names = new Set<string>()
  const modules = new Set<string>()
  const imports: EdgeRecord[] = []
  for (const edge of file.edges) {
    if (edge.kind !== 'imports') continue
    imports.push(...importRecords(edge, file, index, probes, modules))
    for (const imported of edge.names ?? []) if (imported.name !== '*') names.add(imported.name)
  }
  // Python's `import a.b` binds `a` through `a/__init__.py` (`import-bindings.ts`): present or not, a change to it re-resolves the file.
  for (const record of imports) {
    const init = topPackageInit(record)
    if (init !== undefined) probes.add(init)
  }
  return { imports, probes, names, modules }
}

/** Languages whose package names its directories (`org.example.web` lives in `.../org/example/web/`). */
const PACKAGE_DIRECTORIES = new Set(['java', 'kotlin'])

/** Languages whose receiver types may be chains of calls (`rust-chains.ts`, `declared-chains.ts`). */
const CHAIN_LANGUAGES: ReadonlySet<string> = new Set(['rust', 'java', 'csharp'])

/** A Maven or Gradle module's resources directory: `<module>/src/main/resources/...`. */
const MODULE_RESOURCES = /^((?:.*\/)?src\/main)\/resources(?:\/|$)/

/**
 * The file's directory; for a language whose packages are directories, the directory above its
 * package's; for a module's resource (`src/main/resources/application.properties`), the module's
 * `src/main` (its `java/` and `kotlin/` trees).
 */
function sourceRoot(file: FileLayers): string {
  const dir = dirOf(file.path)
  const resources = MODULE_RESOURCES.exec(`${dir}/`)
  if (resources) return resources[1] as string
  const packagePath = PACKAGE_DIRECTORIES.has(file.language) && file.module ? file.module.replaceAll('.', '/') : ''
  if (packagePath === '' || (dir !== packagePath && !dir.endsWith(`/${packagePath}`))) return dir
  return dir.slice(0, dir.length - packagePath.length).replace(/\/$/, '')
}

/**
 * Resolves the calls and heritage of one file by name, through its resolved imports (`imports`),
 * the same file or package, and the whole index; `importsOf(path)` gives any file's resolved
 * imports (for following re-exports), so every file's imports must be resolved first.
 */
export function resolveFile(file: FileLayers, own: ImportsOfFile, index: SymbolIndex, importsOf: (path: string) => readonly EdgeRecord[] | undefined): FileResolution {
  const { imports, probes, names, modules } = own
  const lookup = (path: string): readonly EdgeRecord[] | undefined => (path === file.path ? imports : importsOf(path))
  // (A Rust `use` inside an inline module binds only there.)
  const bindingsAt = scopedBindings(file, imports, index)
  // Inherited members: the supertypes' names join the names looked up.
  const supers = new Supertypes(index, lookup, names, resolveName)
  const edges: EdgeRecord[] = [...imports]
  const signatures = new Set<string>()
  const served = new ServedHandlers(file, supers, names)
  for (const edge of file.edges) {
    if (edge.kind === 'imports') continue
    if (edge.kind === 'mounts' && edge.framework !== undefined) {
      // A framework's global prefix (target `*`): every route of it in this directory and below,
      // or below the source root of a language whose packages are directories (Java's `src/main/java`),
      // or of the module whose configuration file sets it (`src/main/` for `src/main/resources/`).
      // A fact naming a directory (Fastify's autoloader, Symfony's routes of `src/Controller/`) is
      // about that directory, relative to the declaring file.
      const dir = edge.target !== '*' ? joinPath(dirOf(file.path), edge.target) : sourceRoot(file)
      edges.push(withResolution(edge, { resolution: dir === undefined ? 'unresolved' : 'resolved', targetPath: dir ? `${dir}/` : '', targetSymbolId: '', candidates: dir === undefined ? 0 : 1 }))
      continue
    }
    const required = edge.kind === 'mounts' ? loadedModule(edge.target) : undefined
    if (required !== undefined) {
      // `app.use('/api', require('./api'))`: the module, as the file's import of it resolved.
      const imported = imports.find((i) => i.target === required)
      edges.push(withResolution(edge, { resolution: imported?.resolution ?? 'unresolved', targetPath: imported?.targetPath ?? '', targetSymbolId: '', candidates: imported?.candidates ?? 0 }))
      continue
    }
    names.add(edge.target)
    // `current_app.url_for()` of an imported value: its declared class is read from its signature.
    if (edge.receiver) signatures.add(edge.receiver.split(/[.:]/, 1)[0] as string)
    // A pytest test's fixture parameter (`runner.invoke()` of `def test_x(runner)`): the fixture's definition, in a `conftest.py`.
    if (edge.receiver && file.language === 'python' && edge.isTest && /^[A-Za-z_]\w*$/.test(edge.receiver)) names.add(edge.receiver)
    // A receiver's declared type (`const cache = new Cache()`), or the callee whose value it holds
    // (`openIndex()`): a change to that class or function, or to the callee's signature, re-resolves the call.
    // Rust's, Java's and C#'s chain of calls (`Command::new().about()`): what each link's callee is and returns.
    const chain = edge.receiverType !== undefined && CHAIN_LANGUAGES.has(file.language) && /\)\??$/.test(edge.receiverType)
    const read = edge.receiverType === undefined || chain ? undefined : propertyRead(edge.receiverType)
    if (chain) {
      for (const word of edge.receiverType!.match(/[A-Za-z_]\w*/g) ?? []) {
        names.add(word)
        signatures.add(word)
      }
    } else if (read !== undefined) {
      // `typeof context.output`, `RouteContext['runs']`: the property's declaration, and the type's.
      for (const property of read.properties) {
        names.add(property)
        signatures.add(property)
      }
      signatures.add(read.of)
      if (read.kind === 'type') names.add(read.of.slice(read.of.lastIndexOf('.') + 1))
    } else if (edge.receiverType !== undefined) {
      // (Go's `typeof Form` of `b := Form`: the package-level variable, whose signature types it.)
      const type = edge.receiverType.replace(/^typeof /, '').replace(/\(\)(?:\[\d*\])?$/, '')
      const name = type.slice(type.lastIndexOf('.') + 1)
      names.add(name)
      if (type !== edge.receiverType) signatures.add(name)
    }
    const resolution = resolveName(edge, file, bindingsAt(edge.sourceQname), index, lookup, supers)
    // `res.render()` in a route handler Express calls, guessed by name or not found: the framework's response.
    const guessed = resolution.resolution === 'by-name' || resolution.resolution === 'unresolved'
    edges.push(withResolution(edge, guessed && served.servesCall(edge) ? EXTERNAL : resolution))
  }
  if (file.module && (MODULE_LANGUAGES.has(file.language) || file.language === 'go')) modules.add(file.module)
  const targets = new Set<string>()
  for (const edge of edges) {
    if (edge.targetPath) targets.add(edge.targetPath)
    // (Rust's `clap::Arg::new()`, `crate::Command::new()`: through the crate root's re-exports.)
    const root = file.language === 'rust' && edge.kind === 'calls' && edge.receiver ? rustPathRoot(edge.receiver, file.path, index) : undefined
    if (root !== undefined) targets.add(root)
  }
  return { edges, targets, probes, names, signatures, modules }
}
