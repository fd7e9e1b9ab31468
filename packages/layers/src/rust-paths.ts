import type { SymbolRecord } from '@rag/core'
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
 * The top-level definition a Rust path names from `path`: `handlers::health::check` through a
 * module the file imports (`use crate::handlers;`) or declares (`mod handlers;`), or from the
 * crate's root (`crate::handlers::health::check`).
 */
export function rustPathMember(receiver: string, name: string, path: string, head: Binding | undefined, index: SymbolIndex): SymbolRecord | undefined {
  const segments = receiver.split(SEGMENT_SEPARATOR)
  let module: string | undefined
  if (head !== undefined) module = head.status === 'resolved' && head.name === '*' && head.path ? rustSubmodule(head.path, segments.slice(1), index) : undefined
  else if (segments[0] === 'crate') {
    const root = rustCrateRoot(path, index)
    module = root === undefined ? undefined : rustSubmodule(root, segments.slice(1), index)
  } else module = rustSubmodule(path, segments, index)
  return module === undefined ? undefined : index.topLevel(module, name)
}
