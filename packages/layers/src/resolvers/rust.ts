import type { FileLayers, RawEdge } from '@rag/core'
import { ancestors, dirOf, joinPath } from '../paths.js'
import { external, resolvedTo, unresolved, type ImportResolution, type ResolveContext } from '../resolution.js'

/** A crate: where its modules live and what it is called. */
interface Crate {
  /** Directory of the crate root file (`<crate>/src`, `<crate>/tests`, `<crate>/tests/cli`). */
  readonly srcDir: string
  /** The crate's name as code spells it (`-` as `_`), `''` when unknown. */
  readonly name: string
  /** The root file when it is not `lib.rs` or `main.rs` in `srcDir` (`tests/parse.rs`, `benches/speed.rs`). */
  readonly root?: string
}

/** Cargo's auto-discovered targets beside the library: each file, or each folder with a `main.rs`, is a crate root. */
const TARGET_DIRS = ['tests/', 'benches/', 'examples/', 'src/bin/']

/** The modules each file's records declare (`mod alias;`), read once per record set. */
const declaredModules = new WeakMap<FileLayers, ReadonlySet<string>>()

function modulesDeclaredBy(file: FileLayers): ReadonlySet<string> {
  let names = declaredModules.get(file)
  if (names === undefined) {
    const found = new Set<string>()
    for (const edge of file.edges) {
      const mod = edge.kind === 'imports' ? /^mod (\w+)$/.exec(edge.target) : null
      if (mod) found.add(mod[1] as string)
    }
    declaredModules.set(file, (names = found))
  }
  return names
}

/**
 * The files whose crate a Rust file's edit may change: those of its folder named by a `mod` line
 * it gained or lost (`tests/alias.rs` once `tests/lib.rs` declares `mod alias;`: a module of that
 * root, no crate of its own; see {@link declaringSibling}). Paths, indexed or not.
 */
export function redeclaredModuleFiles(before: FileLayers | undefined, after: FileLayers | undefined): string[] {
  const was = before?.language === 'rust' ? modulesDeclaredBy(before) : new Set<string>()
  const is = after?.language === 'rust' ? modulesDeclaredBy(after) : new Set<string>()
  const folder = dirOf((after ?? before)?.path ?? '')
  const changed = [...was].filter((stem) => !is.has(stem)).concat([...is].filter((stem) => !was.has(stem)))
  return changed.map((stem) => (folder === '' ? `${stem}.rs` : `${folder}/${stem}.rs`))
}

/**
 * The file of `folder` that declares the file at `path` of the same folder as its module (just's
 * `tests/lib.rs`, the `[[test]]` root, declares `mod alias;`: `tests/alias.rs` is its module
 * `alias`, whose `use super::*` is `tests/lib.rs`), if any.
 */
function declaringSibling(folder: string, path: string, context: ResolveContext): string | undefined {
  const stem = path.slice(folder.length + 1, -3)
  for (const sibling of context.filesIn(folder)) {
    if (sibling === path || !sibling.endsWith('.rs')) continue
    const file = context.file(sibling)
    if (file !== undefined && modulesDeclaredBy(file).has(stem)) return sibling
  }
  return undefined
}

/**
 * The target crate a file of a package's `tests/`, `benches/`, `examples/` or `src/bin/` belongs
 * to: a file directly in that folder is its own root, unless another file of the folder declares
 * it as a module; `<folder>/<name>/main.rs` roots the files below `<name>`; any other file is a
 * module of a root of the folder (`tests/common/mod.rs`).
 */
function targetCrate(dir: string, path: string, name: string, context: ResolveContext): Crate | undefined {
  const prefix = dir ? `${dir}/` : ''
  for (const target of TARGET_DIRS) {
    const folder = prefix + target
    if (!path.startsWith(folder)) continue
    const rest = path.slice(folder.length)
    const srcDir = folder.slice(0, -1)
    const slash = rest.indexOf('/')
    if (slash < 0) return { srcDir, name, root: (path.endsWith('.rs') ? declaringSibling(srcDir, path, context) : undefined) ?? path }
    const sub = `${folder}${rest.slice(0, slash)}`
    if (context.has(`${sub}/main.rs`)) return { srcDir: sub, name, root: `${sub}/main.rs` }
    return { srcDir, name }
  }
  return undefined
}

const holds = (folder: string, path: string): boolean => folder === '' || path.startsWith(`${folder}/`)

/**
 * The `[[bin]]` target whose root file's folder holds `path`, when that folder is nearer to it than
 * the library's: ripgrep's `rg` is `path = "crates/core/main.rs"`, so `crates/core/flags/defs.rs`
 * is its module `flags::defs`.
 */
function binCrate(dir: string, libDir: string, path: string, bins: readonly string[]): Crate | undefined {
  let best: Crate | undefined
  for (const bin of bins) {
    const root = [dir, bin.replace(/^\.\//, '')].filter(Boolean).join('/')
    const srcDir = dirOf(root)
    if (!holds(srcDir, path) || (holds(libDir, path) && srcDir.length <= libDir.length)) continue
    if (best === undefined || srcDir.length > best.srcDir.length) best = { srcDir, name: '', root }
  }
  return best
}

const EXTERNAL_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test'])

/** The crate a file belongs to: the nearest `Cargo.toml` above it, else the part of its path before its last `src/`. */
function crateOf(path: string, context: ResolveContext): Crate | undefined {
  for (const dir of ancestors(dirOf(path))) {
    const manifestPath = dir ? `${dir}/Cargo.toml` : 'Cargo.toml'
    const manifest = context.manifestAt(manifestPath, 'cargo')
    if (!manifest) continue
    const target = targetCrate(dir, path, manifest.crate, context)
    if (target) return target
    const lib = manifest.lib
    const srcDir = lib ? dirOf([dir, lib.replace(/^\.\//, '')].filter(Boolean).join('/')) : [dir, 'src'].filter(Boolean).join('/')
    return binCrate(dir, srcDir, path, manifest.bins ?? []) ?? { srcDir, name: manifest.crate }
  }
  const at = path.lastIndexOf('src/')
  if (at < 0 || (at > 0 && path[at - 1] !== '/')) return undefined
  return { srcDir: path.slice(0, at + 3), name: '' }
}

/** Whether the file at `root` declares the module `name` (`mod tests;`, `#[path = ...] mod tests;`). */
function declaresModule(root: string, name: string, context: ResolveContext): boolean {
  return context.file(root)?.edges.some((edge) => edge.kind === 'imports' && (edge.target === `mod ${name}` || edge.target.startsWith(`mod ${name} path=`))) === true
}

/**
 * The crate of a module file of a package with both `src/lib.rs` and `src/main.rs`: the binary's
 * when `main.rs` declares the file's top module and `lib.rs` does not (hexyl's `src/tests.rs`,
 * `mod tests;` in `main.rs`: its `use super::*` is `main.rs`), else the library's.
 */
function crateDeclaring(crate: Crate, own: readonly string[] | undefined, context: ResolveContext, probes: string[]): Crate {
  const top = own?.[0]
  if (crate.root !== undefined || top === undefined) return crate
  const base = crate.srcDir ? `${crate.srcDir}/` : ''
  const lib = `${base}lib.rs`
  const main = `${base}main.rs`
  if (!context.has(lib) || !context.has(main)) return crate
  probes.push(lib, main)
  return declaresModule(main, top, context) && !declaresModule(lib, top, context) ? { ...crate, root: main } : crate
}

/** A file's module path within its crate (`src/a/b.rs` is `a::b`, `src/a/mod.rs` is `a`, `src/lib.rs` is the root). */
function modulePathOf(path: string, crate: Crate): string[] | undefined {
  const prefix = crate.srcDir ? `${crate.srcDir}/` : ''
  if (path === crate.root) return []
  if (!path.startsWith(prefix) || !path.endsWith('.rs')) return undefined
  const segments = path.slice(prefix.length, -3).split('/')
  if (segments.length === 1 && (segments[0] === 'lib' || segments[0] === 'main')) return []
  if (segments.at(-1) === 'mod') segments.pop()
  return segments
}

/** The file of a module path: the crate root, `<path>.rs` or `<path>/mod.rs`. */
function moduleFile(crate: Crate, segments: readonly string[], context: ResolveContext, probes?: string[]): string | undefined {
  const base = crate.srcDir ? `${crate.srcDir}/` : ''
  const root = crate.root !== undefined ? [crate.root] : [`${base}lib.rs`, `${base}main.rs`]
  const candidates = segments.length === 0 ? root : [`${base}${segments.join('/')}.rs`, `${base}${segments.join('/')}/mod.rs`]
  for (const candidate of candidates) if (context.has(candidate)) return candidate
  probes?.push(...candidates)
  return undefined
}

function workspaceCrate(name: string, context: ResolveContext): Crate | undefined {
  for (const { path, manifest } of context.manifests('cargo')) {
    if (manifest.crate !== name) continue
    const dir = dirOf(path)
    const srcDir = manifest.lib ? dirOf([dir, manifest.lib.replace(/^\.\//, '')].filter(Boolean).join('/')) : [dir, 'src'].filter(Boolean).join('/')
    return { srcDir, name }
  }
  return undefined
}

/** How deep glob re-exports of modules are followed (`pub use clap_builder::*;` re-exporting another crate's). */
const MAX_GLOB_DEPTH = 3

/**
 * The crate and module path of the module `segment` that a glob import of the module at `path`
 * brings in (`pub use clap_builder::*;` in clap's `lib.rs` gives `clap::builder`), when that import
 * names a module of a crate of the index.
 */
function globModule(crate: Crate, path: readonly string[], segment: string, context: ResolveContext, depth: number): [Crate, string[]] | undefined {
  const at = moduleFile(crate, path, context)
  const file = at === undefined || depth >= MAX_GLOB_DEPTH ? undefined : context.file(at)
  for (const edge of file?.edges ?? []) {
    if (edge.kind !== 'imports' || edge.sourceQname !== '' || !edge.names?.some((imported) => imported.name === '*' && imported.alias === undefined)) continue
    const glob = resolveRustImport(edge, file!, context, depth + 1)
    const into = glob.status === 'resolved' ? glob.targets[0]?.path : undefined
    const target = into === undefined ? undefined : crateOf(into, context)
    const modulePath = target === undefined || into === undefined ? undefined : modulePathOf(into, target)
    if (target !== undefined && modulePath !== undefined && moduleFile(target, [...modulePath, segment], context)) return [target, [...modulePath, segment]]
  }
  return undefined
}

/** How many inline modules (`mod name { ... }` of the file itself) enclose an edge's source symbol. */
function inlineModules(sourceQname: string, from: FileLayers): number {
  if (!sourceQname) return 0
  const parts = sourceQname.split('.')
  let count = 0
  for (let i = 1; i <= parts.length; i++) {
    const qname = parts.slice(0, i).join('.')
    if (from.symbols.some((symbol) => symbol.qname === qname && symbol.kind === 'module')) count++
  }
  return count
}

/**
 * Resolves a Rust `use` path or `mod` declaration within the crates of the index: `mod m;` to
 * `m.rs` or `m/mod.rs` beside (or below) the declaring module; `crate::`, `self::`, `super::`,
 * a child module's name, or a workspace crate's name, followed module by module to the deepest
 * file (what remains is an item of that file, or of an inline module in it). `std`, `core` and
 * other crates are external.
 */
export function resolveRustImport(edge: RawEdge, from: FileLayers, context: ResolveContext, depth = 0): ImportResolution {
  const names = edge.names ?? []
  const probes: string[] = []
  const home = crateOf(from.path, context)
  const own = home ? modulePathOf(from.path, home) : undefined
  const crate = home && crateDeclaring(home, own, context, probes)
  const mod = /^mod (\w+)(?: path=(.+))?$/.exec(edge.target)
  // `#[path = "disabled.rs"] mod imp;`: the file the attribute names, beside the declaring file.
  if (mod?.[2] !== undefined) {
    const path = joinPath(dirOf(from.path), mod[2])
    if (path !== undefined && context.has(path)) return resolvedTo(path, names)
    return unresolved(path === undefined ? [] : [path])
  }
  if (mod) {
    if (!crate || !own) return unresolved()
    const found = moduleFile(crate, [...own, mod[1] as string], context, probes)
    return found ? resolvedTo(found, names) : unresolved(probes)
  }
  const segments = edge.target.split('::').filter(Boolean)
  const first = segments[0] ?? ''
  let target: Crate | undefined = crate
  let base: string[]
  let rest: string[]
  if (first === 'crate' || first === '$crate') {
    base = []
    rest = segments.slice(1)
  } else if (first === 'self' || first === 'super') {
    if (!own) return unresolved()
    // `use super::x` inside an inline `mod tests { ... }` leaves that module, not the file's.
    let inline = inlineModules(edge.sourceQname, from)
    base = [...own]
    let i = 0
    for (; segments[i] === 'self' || segments[i] === 'super'; i++) {
      if (segments[i] !== 'super') continue
      if (inline > 0) inline--
      else base.pop()
    }
    rest = segments.slice(i)
    if (inline > 0) return resolvedTo(from.path, names)
  } else if (from.symbols.some((symbol) => symbol.kind === 'module' && symbol.qname === first)) {
    // `use inner::Inner;` of a `mod inner { ... }` the file itself declares (Rust 2018's paths
    // start in the current module): that file, as a path through an inline module stops there.
    return resolvedTo(from.path, names)
  } else if (EXTERNAL_CRATES.has(first)) {
    return external()
  } else if (crate && own && moduleFile(crate, [...own, first], context)) {
    base = [...own]
    rest = segments
  } else {
    target = workspaceCrate(first, context)
    // `use TokenKind::*;` of an enum in scope (brought in by `use super::*`): a type, no crate (crates are named in snake case).
    if (!target) return /^[A-Z]/.test(first) ? unresolved() : external()
    base = []
    rest = segments.slice(1)
  }
  if (!target) return unresolved()
  let inCrate: Crate = target
  let path = [...base]
  let walked = 0
  for (const segment of rest) {
    if (!moduleFile(inCrate, [...path, segment], context, probes)) {
      // `clap::builder` of clap's `pub use clap_builder::*;`: a module a glob re-export brings in.
      const through: [Crate, string[]] | undefined = walked < rest.length - 1 ? globModule(inCrate, path, segment, context, depth) : undefined
      if (through === undefined) break
      ;[inCrate, path] = through
    } else path.push(segment)
    walked++
  }
  const file = moduleFile(inCrate, path, context, probes)
  if (!file) return unresolved(probes)
  // Every segment was a module (`use crate::store;`): the name binds the module itself.
  const wholeModule = walked === rest.length && names.length === 1 && names[0]?.name !== '*'
  const bound = wholeModule ? [{ name: '*', alias: names[0]?.alias ?? (names[0]?.name as string) }] : names
  return resolvedTo(file, bound, probes)
}
