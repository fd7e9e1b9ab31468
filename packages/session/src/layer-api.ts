import { isAbsolute, posix, relative, sep } from 'node:path'
import { ConfigError, ENTRYPOINT_KINDS, InvalidArgumentError, SYMBOL_KINDS, describeValue, type EdgeKind, type EntrypointRecord, type SymbolRecord } from '@rag/core'
import { languageInfo, SUPPORTED_LANGUAGES } from '@rag/chunker'
import { symbolQueryName, type DependencyStep, type EntrypointQuery, type LayerGraph, type SymbolQuery } from '@rag/layers'
import type { LayerFileSelection } from './session-layers.js'

export type { DependencyStep, EntrypointQuery, SymbolQuery } from '@rag/layers'

/** Options of `RagService.symbols`: a {@link SymbolQuery} without its name. */
export type SymbolOptions = Omit<SymbolQuery, 'name'>

/** Options of `RagService.dependencies`. */
export interface DependencyOptions {
  /** Importers and callers instead of imports and callees. @default false */
  readonly reverse?: boolean
  /** How many edges away. @default 1 */
  readonly depth?: number
  /** Only these edge kinds (`imports`, `calls`, `extends`, `implements`). @default every kind */
  readonly kinds?: readonly EdgeKind[]
  /** For a directory: every indexed file below it, not only the files directly in it (a Go or Java package's). @default false */
  readonly recursive?: boolean
}

const EDGE_KINDS: readonly EdgeKind[] = ['imports', 'calls', 'extends', 'implements', 'mounts', 'routes']

/** The error every layer query throws on an index without code layers. */
export function noLayersError(): ConfigError {
  return new ConfigError('This index has no code layers (symbols, dependencies, entrypoints); index with layers on (`rag index --layers`; in code `createRag({ layers: true })`).')
}

/**
 * A dependency target as the graph knows it: a symbol name as given; a path relative to the
 * indexed root (`./` and `\` separators normalised), where an absolute path is made relative to
 * `root` first, keeping a trailing separator (a directory) as `/`.
 *
 * @throws InvalidArgumentError for an empty target or an absolute path outside `root`.
 */
export function normaliseTarget(target: unknown, root: string | undefined): string {
  if (typeof target !== 'string' || target.trim() === '') {
    throw new InvalidArgumentError(`The dependency target must be a file path or a symbol name; received ${describeValue(target)}.`)
  }
  let value = target.trim()
  // `middleware/`: a directory, whatever a file or symbol may be called.
  const directory = /[\\/]$/.test(value)
  if (isAbsolute(value)) {
    const inside = root === undefined ? undefined : relative(root, value)
    if (inside === '') return '/'
    if (inside === undefined || inside.startsWith('..') || isAbsolute(inside)) {
      throw new InvalidArgumentError(`${value} is outside the indexed root${root === undefined ? '' : ` ${root}`}.`)
    }
    value = inside
  }
  // The root directory: its own files (Go's root package), or with `recursive` every file.
  if (value === '.' || value === './' || value === '.\\') return '/'
  if (value.includes('/') || value.includes(sep)) {
    value = posix.normalize(value.split(sep).join('/')).replace(/^\.\//, '')
    if (value.startsWith('../')) throw new InvalidArgumentError(`${target} is outside the indexed root${root === undefined ? '' : ` ${root}`}.`)
  }
  return directory && !value.endsWith('/') ? `${value}/` : value
}

/**
 * The files a store must read to answer a symbol query: those defining its name (the last part of
 * a qualified name), or a name with the literal prefix of a glob in any case; `undefined` when a query needs
 * every file (a qualified glob, a glob starting with a wildcard) or is malformed.
 */
export function symbolSelection(query: unknown): Exclude<LayerFileSelection, { readonly entrypoints: true }> | undefined {
  if (typeof query !== 'string' || query.trim() === '') return undefined
  const name = symbolQueryName(query)
  const wildcard = name.search(/[*?]/)
  if (wildcard < 0) return { name: name.slice(name.lastIndexOf('.') + 1) }
  if (name.includes('.') || wildcard === 0) return undefined
  // A glob matches in any case (`owner*` finds `Owner`).
  return { namePrefix: name.slice(0, wildcard), ignoreCase: true }
}

/**
 * Checks a symbol query's options (the graph checks the name and limit) and returns them with the
 * language as its id: `ts`, `py`, `golang`, `C#` name `typescript`, `python`, `go`, `csharp`.
 *
 * @throws InvalidArgumentError for an option that is not a non-empty string, or a language the
 *   chunker does not know.
 */
export function checkSymbolOptions(options: SymbolOptions): SymbolOptions {
  for (const key of ['kind', 'language', 'pathPrefix'] as const) {
    const value = options[key]
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new InvalidArgumentError(`symbols option ${key} must be a non-empty string; received ${describeValue(value)}.`)
    }
  }
  checkExcludeTests('symbols option', options.excludeTests)
  // `Function` is the kind `function`; a custom chunker's own kinds stay as written.
  const kind = options.kind?.toLowerCase()
  const withKind = kind !== undefined && kind !== options.kind && SYMBOL_KINDS.includes(kind) ? { ...options, kind } : options
  if (withKind.language === undefined) return withKind
  const language = languageInfo(withKind.language)?.id
  if (language === undefined) {
    const known = SUPPORTED_LANGUAGES.map((info) => info.id).join(', ')
    throw new InvalidArgumentError(`symbols option language ${describeValue(withKind.language)} is not a language the chunker knows; expected one of ${known} (or an alias such as ts, py, golang).`)
  }
  return { ...withKind, language }
}

/**
 * Throws for a symbol query's kind that found nothing and is none of the built-in chunker's kinds
 * (a typo such as `fn` or `functions`); a custom chunker's kind that some symbol has is answered as usual.
 *
 * @throws InvalidArgumentError naming the kinds there are.
 */
export function checkUnmatchedKind(options: SymbolOptions, found: readonly SymbolRecord[]): void {
  if (found.length > 0 || options.kind === undefined || SYMBOL_KINDS.includes(options.kind)) return
  throw new InvalidArgumentError(`symbols option kind ${describeValue(options.kind)} is not a symbol kind; expected one of ${SYMBOL_KINDS.join(', ')}.`)
}

/** Checks dependency options (the graph checks the depth). */
export function checkDependencyOptions(options: DependencyOptions): void {
  for (const kind of options.kinds ?? []) {
    if (!EDGE_KINDS.includes(kind)) throw new InvalidArgumentError(`Edge kind must be one of ${EDGE_KINDS.join(', ')}; received ${describeValue(kind)}.`)
  }
  if (options.recursive !== undefined && typeof options.recursive !== 'boolean') throw new InvalidArgumentError(`dependencies option recursive must be a boolean; received ${describeValue(options.recursive)}.`)
}

/** Checks an entrypoint filter. */
export function checkEntrypointQuery(query: EntrypointQuery): void {
  if (query.kind !== undefined && !(ENTRYPOINT_KINDS as readonly string[]).includes(query.kind)) {
    throw new InvalidArgumentError(`Entrypoint kind must be one of ${ENTRYPOINT_KINDS.join(', ')}; received ${describeValue(query.kind)}.`)
  }
  for (const key of ['method', 'route', 'framework'] as const) {
    const value = query[key]
    if (value !== undefined && typeof value !== 'string') throw new InvalidArgumentError(`entrypoints filter ${key} must be a string; received ${describeValue(value)}.`)
  }
  checkExcludeTests('entrypoints filter', query.excludeTests)
}

function checkExcludeTests(what: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') throw new InvalidArgumentError(`${what} excludeTests must be a boolean; received ${describeValue(value)}.`)
}

/** The three layer queries over one graph, as `RagService` runs them. */
export const layerQueries = {
  symbols: (graph: LayerGraph, name: string, options: SymbolOptions): SymbolRecord[] => graph.symbols({ ...options, name }),
  dependencies: (graph: LayerGraph, from: string, options: DependencyOptions): DependencyStep[] => graph.dependencies({ ...options, from }),
  entrypoints: (graph: LayerGraph, query: EntrypointQuery): EntrypointRecord[] => graph.entrypoints(query),
}
