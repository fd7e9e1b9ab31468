import type { EdgeRecord, SymbolRecord } from '@rag/core'
import { definedIn, memberNamed } from './definitions.js'
import type { Binding } from './import-bindings.js'
import type { SymbolIndex } from './symbol-index.js'

/** What separates the segments of a qualified receiver (`a::b`, `a.b`). */
const SEGMENT_SEPARATOR = /::|\./

/** A Rust module file that holds its submodules' files beside it (`mod.rs`, a crate root), not in a folder of its own name. */
const RUST_MODULE_ROOT = /(?:^|\/)(?:mod|lib|main)\.rs$/

/**
 * The file of a Rust module's submodule path: from `src/handlers/mod.rs` (or `src/handlers.rs`),
 * `health` is `src/handlers/health.rs` or `src/handlers/health/mod.rs`; `undefined` when the index
 * has no such file (an inline `mod health { }`, or a path of types).
 */
function rustSubmodule(modulePath: string, segments: readonly string[], index: SymbolIndex): string | undefined {
  let path = modulePath
  for (const segment of segments) {
    const dir = RUST_MODULE_ROOT.test(path) ? path.slice(0, path.lastIndexOf('/') + 1) : path.replace(/\.rs$/, '/')
    const next = [`${dir}${segment}.rs`, `${dir}${segment}/mod.rs`].find((candidate) => index.file(candidate) !== undefined)
    if (next === undefined) return undefined
    path = next
  }
  return path
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
 * The file of the module a Rust path's segments name from `path` (see {@link rustPathMember}):
 * `['crate', 'builder']` is the crate's `builder.rs`; `undefined` when the index has none.
 */
export function rustModuleOf(segments: readonly string[], path: string, head: Binding | undefined, index: SymbolIndex): string | undefined {
  if (head !== undefined) return head.status === 'resolved' && head.name === '*' && head.path ? rustSubmodule(head.path, segments.slice(1), index) : undefined
  if (segments[0] === 'crate') {
    const root = rustCrateRoot(path, index)
    return root === undefined ? undefined : rustSubmodule(root, segments.slice(1), index)
  }
  return rustSubmodule(path, segments, index)
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
  const module = rustModuleOf(segments, path, head, index)
  if (module !== undefined) return index.topLevel(module, name)
  if (resolved === undefined || segments.length < 2) return undefined
  const typeModule = rustModuleOf(segments.slice(0, -1), path, head, index)
  const type = typeModule === undefined ? undefined : definedIn(typeModule, segments.at(-1) as string, index, resolved, TYPE_KINDS)
  return type !== undefined && TYPE_KINDS.has(type.kind) ? memberNamed(index, type, name) : undefined
}
