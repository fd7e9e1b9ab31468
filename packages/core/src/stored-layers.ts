/**
 * The code layers a persistent store keeps beside the chunks (`@rag/store-sqlite`,
 * `@rag/store-postgres`): one generation's change to them, the selections a lookup reads, and the
 * checks and row rules every store applies, so both stores keep the same rows.
 */
import { InvalidArgumentError } from './errors.js'
import type { FileLayers } from './file-layers.js'
import type { EdgeRecord } from './layers.js'
import { describeValue } from './validate.js'

/**
 * One generation's change to the code layers (seed 003's symbols, edges and entrypoints), as
 * `@rag/session` stages it: whole files' layer records to write (replacing the path's), paths to
 * forget, and the files whose resolved edges changed with all of their edges now.
 */
export interface LayerCommit {
  /** Files whose layer records are new or changed. */
  readonly upsertFiles: readonly FileLayers[]
  /** Paths whose layer records go (deleted, renamed, no longer indexed). */
  readonly removeFiles: readonly string[]
  /** Files whose resolved edges are replaced by the ones of `edges` with their path. */
  readonly resolvedFiles: readonly string[]
  /** Every resolved edge of `resolvedFiles`. */
  readonly edges: readonly EdgeRecord[]
}

/** How much of the code layers an index holds: what `rag status` reports. */
export interface LayerCounts {
  /** Files with layer records (every indexed file, code or not). */
  readonly files: number
  /** Definitions (C1). */
  readonly symbols: number
  /** Dependency edges (C2) resolved to a file or symbol of the index: imports, calls, heritage. */
  readonly resolvedEdges: number
  /** Routes, commands and mains (C3). */
  readonly entrypoints: number
}

/**
 * Which files' records a store's `loadLayersWhere` reads: those defining a name, or a name with a
 * prefix (compared by code point; with `ignoreCase`, in any case of the ASCII letters), or declaring entrypoints.
 */
export type LayerFileSelection =
  | { readonly name: string; readonly ignoreCase?: boolean }
  | { readonly namePrefix: string; readonly ignoreCase?: boolean }
  | { readonly entrypoints: true }

function isText(value: unknown): value is string {
  return typeof value === 'string'
}

/**
 * Checks the shape of a layer commit before anything is written.
 *
 * @throws InvalidArgumentError naming the first malformed part.
 */
export function assertLayerCommit(commit: LayerCommit): void {
  const { upsertFiles, removeFiles, resolvedFiles, edges } = commit as Partial<LayerCommit>
  for (const [name, list] of [['upsertFiles', upsertFiles], ['removeFiles', removeFiles], ['resolvedFiles', resolvedFiles], ['edges', edges]] as const) {
    if (!Array.isArray(list)) throw new InvalidArgumentError(`layers.${name} must be an array; received ${describeValue(list)}.`)
  }
  upsertFiles!.forEach((file, i) => {
    if (!isText(file?.path) || !Array.isArray(file.symbols) || !Array.isArray(file.edges) || !Array.isArray(file.entrypoints)) {
      throw new InvalidArgumentError(`layers.upsertFiles[${i}] must be a FileLayers (path, symbols, edges, entrypoints); it is not.`)
    }
  })
  for (const name of ['removeFiles', 'resolvedFiles'] as const) {
    commit[name].forEach((path, i) => {
      if (!isText(path)) throw new InvalidArgumentError(`layers.${name}[${i}] must be a path; received ${describeValue(path)}.`)
    })
  }
  edges!.forEach((edge, i) => {
    if (!isText(edge?.path) || !isText(edge.resolution) || !isText(edge.targetPath) || !isText(edge.targetSymbolId)) {
      throw new InvalidArgumentError(`layers.edges[${i}] must be a resolved EdgeRecord (path, resolution, targetPath, targetSymbolId); it is not.`)
    }
  })
}

/**
 * Whether a resolved edge gets a row of a store's edge table: every import, and whatever leads to
 * an indexed file. Calls of library functions stay in the file's records only.
 */
export function isStoredEdge(edge: EdgeRecord): boolean {
  return edge.kind === 'imports' || edge.targetPath !== ''
}

/** The qualified name in a symbol id (`path#qname`), `''` for none: the `target_qname` column of a stored edge. */
export function qnameOfSymbolId(symbolId: string): string {
  return symbolId === '' ? '' : symbolId.slice(symbolId.indexOf('#') + 1)
}

/**
 * The upper bound of a prefix lookup over names compared by code point (or UTF-8 byte): every
 * name that starts with `prefix` sorts at or after it and before `prefix` + U+10FFFF.
 */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`
}

/**
 * The start of `prefix` (its first `letters` characters) in every case of its ASCII letters: the
 * prefix ranges ({@link prefixUpperBound}) of these hold every name that starts with `prefix` in
 * any case, so a store finds them through its index on names, then tests the rest of the prefix.
 *
 * @example
 * caseVariantPrefixes('owner') // ['OW', 'Ow', 'oW', 'ow']
 */
export function caseVariantPrefixes(prefix: string, letters = 2): string[] {
  let variants = ['']
  for (const char of [...prefix].slice(0, letters)) {
    // (The stores compare the case of ASCII letters only, as SQLite's NOCASE and LIKE do.)
    const cases = /^[A-Za-z]$/.test(char) ? [char.toUpperCase(), char.toLowerCase()] : [char]
    variants = variants.flatMap((start) => cases.map((each) => start + each))
  }
  return variants.sort()
}
