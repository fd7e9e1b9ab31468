import type { EdgeResolution, FileLayers, ImportedName, ProjectManifest, RawEdge, SymbolRecord } from '@rag/core'

/** One target an import resolved to, with the names that live there. */
export interface ImportTarget {
  /** An indexed file, or a package directory ending in `/` (Go packages, Java wildcard imports). */
  readonly path: string
  /** The names of the import that this target holds (all of them when the target is the whole module). */
  readonly names: readonly ImportedName[]
}

/** How one raw import edge resolved. */
export interface ImportResolution {
  readonly status: EdgeResolution
  /** For `resolved`: one or more targets (Python's `from pkg import a, b` may name two submodules). */
  readonly targets: readonly ImportTarget[]
  /**
   * Paths that would have been chosen had they existed (tried before the winner, or all of them
   * when nothing matched): adding one of them re-resolves this import.
   */
  readonly probes: readonly string[]
}

/** What a language's import resolver may ask about the indexed files. */
export interface ResolveContext {
  /** Whether an indexed file has this path. */
  has(path: string): boolean
  /** Whether some indexed file lies below this directory. */
  hasDir(dir: string): boolean
  /** The files directly in a directory. */
  filesIn(dir: string): readonly string[]
  /** The folders holding indexed files at or below a directory (`''` for the root), sorted. */
  foldersBelow(dir: string): readonly string[]
  /** Indexed paths that end with `/suffix` or equal it. */
  endingWith(suffix: string): readonly string[]
  /** A file's layers. */
  file(path: string): FileLayers | undefined
  /** Every manifest of one kind, with the path of its file, in the order the files were indexed. */
  manifests<K extends ProjectManifest['kind']>(kind: K): readonly { readonly path: string; readonly manifest: Extract<ProjectManifest, { kind: K }> }[]
  /** The manifest of one kind of the file at `path`, if it has one. */
  manifestAt<K extends ProjectManifest['kind']>(path: string, kind: K): Extract<ProjectManifest, { kind: K }> | undefined
  /** Files whose declared module or package is `module` (Java and Go packages, C# and PHP namespaces). */
  filesOfModule(module: string): readonly string[]
  /** Top-level symbols of a file by name. */
  topLevel(path: string, name: string): SymbolRecord | undefined
}

/** Resolves the import edges of one language family. */
export type ImportResolver = (edge: RawEdge, from: FileLayers, context: ResolveContext) => ImportResolution

/** Shorthands for resolvers. */
export const external = (probes: readonly string[] = []): ImportResolution => ({ status: 'external', targets: [], probes })
export const unresolved = (probes: readonly string[] = []): ImportResolution => ({ status: 'unresolved', targets: [], probes })
export const resolvedTo = (path: string, names: readonly ImportedName[], probes: readonly string[] = []): ImportResolution => ({
  status: 'resolved',
  targets: [{ path, names }],
  probes,
})

/** The first candidate that is an indexed file, with the candidates tried before it. */
export function firstExisting(candidates: readonly string[], context: ResolveContext): { found: string | undefined; probes: string[] } {
  const probes: string[] = []
  for (const candidate of candidates) {
    if (context.has(candidate)) return { found: candidate, probes }
    probes.push(candidate)
  }
  return { found: undefined, probes }
}
