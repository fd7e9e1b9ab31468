import type { EdgeRecord, SymbolRecord } from '@rag/core'
import { definedIn, memberNamed } from './definitions.js'
import type { Binding } from './import-bindings.js'
import { dirOf } from './paths.js'
import type { SymbolIndex } from './symbol-index.js'

/** What separates the segments of a qualified receiver (`a::b`, `a.b`). */
const SEGMENT_SEPARATOR = /::|\./

/** A Rust module file that holds its submodules' files beside it (`mod.rs`, a crate root), not in a folder of its own name. */
const RUST_MODULE_ROOT = /(?:^|\/)(?:mod|lib|main)\.rs$/

/** What resolution knows of a file's imports: its resolved edges (`pub use clap_builder::*;`). */
type Imports = (path: string) => readonly EdgeRecord[] | undefined

/**
 * The file of a Rust module's submodule path: from `src/handlers/mod.rs` (or `src/handlers.rs`),
 * `health` is `src/handlers/health.rs` or `src/handlers/health/mod.rs`, or with `resolved` a module
 * one of its glob re-exports brings in (clap's `pub use clap_builder::*;` gives `clap::builder`);
 * `undefined` when the index has no such file (an inline `mod health { }`, or a path of types).
 */
function rustSubmodule(modulePath: string, segments: readonly string[], index: SymbolIndex, resolved?: Imports): string | undefined {
  let path = modulePath
  for (const segment of segments) {
    const dir = RUST_MODULE_ROOT.test(path) ? path.slice(0, path.lastIndexOf('/') + 1) : path.replace(/\.rs$/, '/')
    const next = [`${dir}${segment}.rs`, `${dir}${segment}/mod.rs`].find((candidate) => index.file(candidate) !== undefined) ?? reexportedModule(path, segment, index, resolved)
    if (next === undefined) return undefined
    path = next
  }
  return path
}

/** The file of the module `segment` that a glob re-export of the module at `path` brings in (`pub use clap_builder::*;`), one level deep. */
function reexportedModule(path: string, segment: string, index: SymbolIndex, resolved: Imports | undefined): string | undefined {
  for (const edge of resolved?.(path) ?? []) {
    if (edge.kind !== 'imports' || edge.resolution !== 'resolved' || !edge.targetPath.endsWith('.rs') || edge.targetPath === path) continue
    if (!edge.names?.some((imported) => imported.name === '*' && imported.alias === undefined)) continue
    const inner = rustSubmodule(edge.targetPath, [segment], index)
    if (inner !== undefined) return inner
  }
  return undefined
}

/** The root file of the crate that holds `path`: the nearest `src/lib.rs` or `src/main.rs` above it. */
function rustCrateRoot(path: string, index: SymbolIndex): string | undefined {
  for (let dir = path.slice(0, path.lastIndexOf('/')); ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/')))) {
    const prefix = dir === '' ? '' : `${dir}/`
    const root = [`${prefix}lib.rs`, `${prefix}main.rs`, `${prefix}src/lib.rs`, `${prefix}src/main.rs`].find((candidate) => index.file(candidate) !== undefined)
    if (root !== undefined || dir === '') return root
  }
}

/**
 * The root file of the library of the workspace's crate `name`, as its `Cargo.toml` names it
 * (`[lib] name`, else `[package] name`, `-` as `_`): its `[lib] path`, else `src/lib.rs` beside it.
 */
function workspaceLibrary(name: string, index: SymbolIndex): string | undefined {
  for (const { path, manifest } of index.manifests('cargo')) {
    if (manifest.crate !== name) continue
    const root = [dirOf(path), (manifest.lib ?? 'src/lib.rs').replace(/^\.\//, '')].filter(Boolean).join('/')
    return index.file(root) === undefined ? undefined : root
  }
  return undefined
}

/**
 * The file of the module a Rust path's segments name from `path` (see {@link rustPathMember}):
 * `['crate', 'builder']` is the crate's `builder.rs`; a path that starts with the name of a crate
 * of the workspace, written without a `use` (`clap::builder` in clap's tests), starts at that
 * crate's library root (Rust's extern prelude); `undefined` when the index has none.
 */
export function rustModuleOf(segments: readonly string[], path: string, head: Binding | undefined, index: SymbolIndex, resolved?: Imports): string | undefined {
  if (head !== undefined) return head.status === 'resolved' && head.name === '*' && head.path ? rustSubmodule(head.path, segments.slice(1), index, resolved) : undefined
  if (segments[0] === 'crate') {
    const root = rustCrateRoot(path, index)
    return root === undefined ? undefined : rustSubmodule(root, segments.slice(1), index)
  }
  const child = rustSubmodule(path, segments, index)
  if (child !== undefined || segments[0] === 'self' || segments[0] === 'super') return child
  const library = workspaceLibrary(segments[0] as string, index)
  return library === undefined ? undefined : rustSubmodule(library, segments.slice(1), index, resolved)
}

/**
 * The crate root a Rust call's path starts from when that root's `pub use`s may decide what it
 * reaches: the calling crate's for `crate::Command::new`, a workspace crate's library for
 * `clap::Arg::new` written without a `use`; `undefined` for any other receiver. A change to that
 * root's imports re-resolves the call (`LayerGraph`'s importers).
 */
export function rustPathRoot(receiver: string, path: string, index: SymbolIndex): string | undefined {
  const first = receiver.split('::', 1)[0] as string
  if (first === receiver) return undefined
  if (first === 'crate') return rustCrateRoot(path, index)
  if (first === 'self' || first === 'super' || rustSubmodule(path, [first], index) !== undefined) return undefined
  return workspaceLibrary(first, index)
}

/** What a Rust function's path can end in before its name: a type impl blocks are written for. */
const TYPE_KINDS: ReadonlySet<string> = new Set(['struct', 'enum', 'union', 'trait'])

/**
 * The definition a Rust path names from `path`: a top-level one of a module, `handlers::health::check`
 * through a module the file imports (`use crate::handlers;`) or declares (`mod handlers;`), or from
 * the crate's root (`crate::handlers::health::check`); else, with `resolved` (the imports of any
 * file), a method of a type of such a module, its own or one it re-exports (`crate::Command::new`
 * of a crate root's `pub use crate::builder::Command;`).
 */
export function rustPathMember(
  receiver: string,
  name: string,
  path: string,
  head: Binding | undefined,
  index: SymbolIndex,
  resolved?: (path: string) => readonly EdgeRecord[] | undefined,
): SymbolRecord | undefined {
  const segments = receiver.split(SEGMENT_SEPARATOR)
  const module = rustModuleOf(segments, path, head, index, resolved)
  // (A module's own definition, else one it re-exports: `pub use complete::complete;`.)
  if (module !== undefined) return index.topLevel(module, name) ?? (resolved === undefined ? undefined : definedIn(module, name, index, resolved))
  if (resolved === undefined || segments.length < 2) return undefined
  const typeModule = rustModuleOf(segments.slice(0, -1), path, head, index, resolved)
  const type = typeModule === undefined ? undefined : definedIn(typeModule, segments.at(-1) as string, index, resolved, TYPE_KINDS)
  return type !== undefined && TYPE_KINDS.has(type.kind) ? memberNamed(index, type, name) : undefined
}
