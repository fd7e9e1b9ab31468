import type { FileLayers, RawEdge } from '@rag/core'
import { ancestors, dirOf } from '../paths.js'
import { external, resolvedTo, unresolved, type ImportResolution, type ResolveContext } from '../resolution.js'

/** A crate: where its modules live and what it is called. */
interface Crate {
  /** Directory of the crate root file (`<crate>/src`). */
  readonly srcDir: string
  /** The crate's name as code spells it (`-` as `_`), `''` when unknown. */
  readonly name: string
}

const EXTERNAL_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test'])

/** The crate a file belongs to: the nearest `Cargo.toml` above it, else the part of its path before its last `src/`. */
function crateOf(path: string, context: ResolveContext): Crate | undefined {
  for (const dir of ancestors(dirOf(path))) {
    const manifestPath = dir ? `${dir}/Cargo.toml` : 'Cargo.toml'
    const entry = context.manifests('cargo').find((m) => m.path === manifestPath)
    if (!entry) continue
    const lib = entry.manifest.lib
    const srcDir = lib ? dirOf([dir, lib.replace(/^\.\//, '')].filter(Boolean).join('/')) : [dir, 'src'].filter(Boolean).join('/')
    return { srcDir, name: entry.manifest.crate }
  }
  const at = path.lastIndexOf('src/')
  if (at < 0 || (at > 0 && path[at - 1] !== '/')) return undefined
  return { srcDir: path.slice(0, at + 3), name: '' }
}

/** A file's module path within its crate (`src/a/b.rs` is `a::b`, `src/a/mod.rs` is `a`, `src/lib.rs` is the root). */
function modulePathOf(path: string, crate: Crate): string[] | undefined {
  const prefix = crate.srcDir ? `${crate.srcDir}/` : ''
  if (!path.startsWith(prefix) || !path.endsWith('.rs')) return undefined
  const segments = path.slice(prefix.length, -3).split('/')
  if (segments.length === 1 && (segments[0] === 'lib' || segments[0] === 'main')) return []
  if (segments.at(-1) === 'mod') segments.pop()
  return segments
}

/** The file of a module path: the crate root, `<path>.rs` or `<path>/mod.rs`. */
function moduleFile(crate: Crate, segments: readonly string[], context: ResolveContext, probes?: string[]): string | undefined {
  const base = crate.srcDir ? `${crate.srcDir}/` : ''
  const candidates = segments.length === 0 ? [`${base}lib.rs`, `${base}main.rs`] : [`${base}${segments.join('/')}.rs`, `${base}${segments.join('/')}/mod.rs`]
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

/**
 * Resolves a Rust `use` path or `mod` declaration within the crates of the index: `mod m;` to
 * `m.rs` or `m/mod.rs` beside (or below) the declaring module; `crate::`, `self::`, `super::`,
 * a child module's name, or a workspace crate's name, followed module by module to the deepest
 * file (what remains is an item of that file, or of an inline module in it). `std`, `core` and
 * other crates are external.
 */
export function resolveRustImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const names = edge.names ?? []
  const crate = crateOf(from.path, context)
  const own = crate ? modulePathOf(from.path, crate) : undefined
  const probes: string[] = []
  const mod = /^mod (\w+)$/.exec(edge.target)
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
    base = [...own]
    let i = 0
    for (; segments[i] === 'self' || segments[i] === 'super'; i++) if (segments[i] === 'super') base.pop()
    rest = segments.slice(i)
  } else if (EXTERNAL_CRATES.has(first)) {
    return external()
  } else if (crate && own && moduleFile(crate, [...own, first], context)) {
    base = [...own]
    rest = segments
  } else {
    target = workspaceCrate(first, context)
    if (!target) return external()
    base = []
    rest = segments.slice(1)
  }
  if (!target) return unresolved()
  const path = [...base]
  for (const segment of rest) {
    if (!moduleFile(target, [...path, segment], context, probes)) break
    path.push(segment)
  }
  const file = moduleFile(target, path, context, probes)
  if (!file) return unresolved(probes)
  // Every segment was a module (`use crate::store;`): the name binds the module itself.
  const wholeModule = path.length === base.length + rest.length && names.length === 1 && names[0]?.name !== '*'
  const bound = wholeModule ? [{ name: '*', alias: names[0]?.alias ?? (names[0]?.name as string) }] : names
  return resolvedTo(file, bound, probes)
}
