import { existsSync, realpathSync, statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { InvalidArgumentError, type EdgeKind, type EdgeRecord, type EntrypointKind, type EntrypointRecord, type SymbolRecord } from '@rag/core'
import type { DependencyStep } from '@rag/session'
import { openIndex, type OpenIndex } from '../index/open-index.js'
import { rootOfExistingIndex } from '../index/resolve-root.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import { UsageError } from '../errors.js'
import { configFor, type CommandContext } from './context.js'

/** Options of `rag symbols`. */
export interface SymbolsCommandOptions {
  readonly kind?: string
  readonly lang?: string
  readonly limit?: number
  /** `false` (`--no-tests`): leave out definitions in test code. */
  readonly tests?: boolean
}

/** Options of `rag deps`. */
export interface DepsCommandOptions {
  readonly reverse?: boolean
  readonly depth?: number
  /** Only these edge kinds. */
  readonly kind?: readonly EdgeKind[]
  /** For a directory: every file below it, not only those directly in it. */
  readonly recursive?: boolean
}

/** Options of `rag routes`. */
export interface RoutesCommandOptions {
  readonly method?: string
  readonly kind?: EntrypointKind
  readonly framework?: string
  /** `false` (`--no-tests`): leave out routes a test declares (a test's own server). */
  readonly tests?: boolean
}

/** Terminal-safe text from the index (paths, names, signatures come from the corpus). */
const safe = (text: string): string => escapeTerminal(text)

async function withIndex(context: CommandContext, work: (index: OpenIndex, root: string) => Promise<number>): Promise<number> {
  const location = rootOfExistingIndex(context.root, context.cwd)
  const index = await openIndex(location, configFor(context, location), { mode: 'read', warn: context.output.note })
  try {
    return await work(index, location.root)
  } finally {
    await index.close()
  }
}

/** `path:start-end  kind qname  signature`. */
export function symbolLine(symbol: SymbolRecord): string {
  const span = symbol.endLine > symbol.startLine ? `${symbol.startLine}-${symbol.endLine}` : `${symbol.startLine}`
  const signature = symbol.signature.replace(/\s+/g, ' ')
  return `${safe(symbol.path)}:${span}  ${safe(symbol.kind)} ${safe(symbol.qname)}${signature ? `  ${safe(signature)}` : ''}${symbol.isTest ? '  [test]' : ''}`
}

/** When `--kind` or `--lang` left nothing: what the name has without them (` with these filters (without --kind: 2 function, 1 method)`), else `''`. */
async function filteredOut(rag: OpenIndex['rag'], name: string, options: SymbolsCommandOptions): Promise<string> {
  if (options.kind === undefined && options.lang === undefined) return ''
  const all = await rag.symbols(name, { limit: 1000 })
  if (all.length === 0) return ''
  const counts = new Map<string, number>()
  for (const symbol of all) {
    const key = options.kind !== undefined ? symbol.kind : symbol.language
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const flags = [options.kind !== undefined ? '--kind' : '', options.lang !== undefined ? '--lang' : ''].filter(Boolean).join(' and ')
  return ` with these filters (without ${flags}: ${[...counts].map(([key, n]) => `${n} ${safe(key)}`).join(', ')})`
}

/** Definitions `rag symbols` shows without `--limit`. */
const DEFAULT_SYMBOLS = 100

/** `rag symbols <name|glob>`: where symbols are defined. Exit 1 when none matches. */
export async function symbolsCommand(context: CommandContext, name: string, options: SymbolsCommandOptions): Promise<number> {
  const { output } = context
  const limit = options.limit ?? DEFAULT_SYMBOLS
  return withIndex(context, async (index, root) => {
    let symbols: SymbolRecord[]
    try {
      // One more than shown: whether more match.
      symbols = await index.rag.symbols(name, {
        ...(options.kind !== undefined ? { kind: options.kind } : {}),
        ...(options.lang !== undefined ? { language: options.lang } : {}),
        limit: limit + 1,
        ...(options.tests === false ? { excludeTests: true } : {}),
      })
    } catch (error) {
      // A language the index cannot hold, or a kind no symbol has, is a bad flag, not a failed lookup.
      if (error instanceof InvalidArgumentError && options.lang !== undefined && error.message.includes('option language')) throw new UsageError(`--lang: ${error.message}`)
      if (error instanceof InvalidArgumentError && options.kind !== undefined && error.message.includes('option kind')) throw new UsageError(`--kind: ${error.message}`)
      throw error
    }
    const truncated = symbols.length > limit
    if (truncated) symbols = symbols.slice(0, limit)
    if (output.json) {
      output.emit({ query: name, root, symbols, truncated })
      return symbols.length === 0 ? 1 : 0
    }
    if (symbols.length === 0) {
      output.note(`No symbol matches "${safe(name)}"${await filteredOut(index.rag, name, options)} in ${safe(root)}.`)
      return 1
    }
    for (const symbol of symbols) output.line(symbolLine(symbol))
    if (truncated) output.note(`The first ${limit} definitions are shown; more match (--limit <n> shows more).`)
    return 0
  })
}

/** Where an edge leads, for a human: the file (and symbol), or how far it resolved. */
function targetOf(edge: EdgeRecord): string {
  switch (edge.resolution) {
    case 'resolved':
      return edge.targetSymbolId ? `${edge.targetPath} (${edge.targetSymbolId.slice(edge.targetSymbolId.indexOf('#') + 1)})` : edge.targetPath
    case 'by-name':
      return `${edge.candidates} candidate${edge.candidates === 1 ? '' : 's'} by name${edge.targetPath ? `, e.g. ${edge.targetPath}` : ''}`
    default:
      return edge.resolution
  }
}

/**
 * One step of a dependency walk: indented by depth, the source, what it does (a mount with the
 * path prefix it mounts at: `mounts users at /api/v1/users`), and where it leads.
 */
export function dependencyLine(step: DependencyStep): string {
  const { edge } = step
  const source = edge.sourceQname ? ` ${edge.sourceQname}` : ''
  const at = edge.kind === 'mounts' && edge.prefix ? ` at ${edge.prefix}` : ''
  return `${'  '.repeat(step.depth - 1)}${safe(edge.path)}:${edge.startLine}${safe(source)} ${edge.kind} ${safe(edge.target)}${safe(at)} -> ${safe(targetOf(edge))}`
}

/**
 * A `rag deps` target: a file that exists (relative to the working directory, or absolute) becomes
 * its real absolute path, and a directory that exists the same with a trailing `/`, which the
 * session makes relative to the indexed root (or refuses when it is outside); anything else (a path
 * relative to the root, a symbol name) goes as it is.
 */
export function dependencyTarget(target: string, cwd: string): string {
  // (An empty target is no path: the session refuses it, rather than it naming the working directory.)
  if (target.trim() === '') return target
  const path = isAbsolute(target) ? target : resolve(cwd, target)
  if (!existsSync(path)) return target
  // A directory (a Go or Java package) is one, even where a symbol has its name.
  const real = realpathSync(path)
  return statSync(path).isDirectory() && !real.endsWith('/') ? `${real}/` : real
}

/** ` (without --kind: 3 imports, 1 calls)` for a `rag deps --kind` that found nothing, from the same walk without kinds; `''` when that finds nothing too. */
async function edgesWithoutKinds(rag: OpenIndex['rag'], target: string, options: DepsCommandOptions): Promise<string> {
  const steps = await rag.dependencies(target, { reverse: options.reverse === true, depth: 1, ...(options.recursive === true ? { recursive: true } : {}) })
  const counts = new Map<string, number>()
  for (const { edge } of steps) counts.set(edge.kind, (counts.get(edge.kind) ?? 0) + 1)
  return counts.size === 0 ? '' : ` (without --kind: ${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ')})`
}

/** `rag deps <file|directory|symbol>`: imports and callees, or with `--reverse` importers and callers. */
export async function depsCommand(context: CommandContext, target: string, options: DepsCommandOptions): Promise<number> {
  const { output } = context
  return withIndex(context, async (index, root) => {
    const steps = await index.rag.dependencies(dependencyTarget(target, context.cwd), {
      reverse: options.reverse === true,
      depth: options.depth ?? 1,
      ...(options.kind !== undefined && options.kind.length > 0 ? { kinds: options.kind } : {}),
      ...(options.recursive === true ? { recursive: true } : {}),
    })
    if (output.json) {
      output.emit({ target, root, reverse: options.reverse === true, depth: options.depth ?? 1, dependencies: steps.map((s) => ({ depth: s.depth, ...s.edge })) })
      return 0
    }
    if (steps.length === 0) {
      const kinds = options.kind !== undefined && options.kind.length > 0 ? options.kind : undefined
      // With --kind, what the target has without it.
      const without = kinds === undefined ? '' : await edgesWithoutKinds(index.rag, dependencyTarget(target, context.cwd), options)
      const none = kinds === undefined ? (options.reverse === true ? 'importers or callers' : 'imports or calls') : `${kinds.join(' or ')} edges${options.reverse === true ? ' into it' : ''}`
      output.line(`${safe(target)} has no ${none} in the index${without}.`)
      return 0
    }
    for (const step of steps) output.line(dependencyLine(step))
    return 0
  })
}

/** The file of a handler defined outside the route's file (its symbol id is `path#qname`), else `undefined`. */
function handlerFile(entry: EntrypointRecord): string | undefined {
  const cut = entry.handlerSymbolId.indexOf('#')
  const path = cut > 0 ? entry.handlerSymbolId.slice(0, cut) : ''
  return path !== '' && path !== entry.path ? path : undefined
}

/**
 * `METHOD  route  handler  path:line  (framework)`, the handler followed by its file when another
 * file defines it (`UserController.index (app/Http/Controllers/UserController.php)`), then `[test]`
 * for a route of test code.
 */
export function entrypointLine(entry: EntrypointRecord): string {
  const head = entry.kind === 'http-route' ? (entry.method || '*').padEnd(7) : entry.kind.padEnd(12)
  const defined = handlerFile(entry)
  const handler = entry.handler ? `  ${safe(entry.handler)}${defined !== undefined ? ` (${safe(defined)})` : ''}` : ''
  return `${head} ${safe(entry.route || '(main)')}${handler}  ${safe(entry.path)}:${entry.startLine}  (${safe(entry.framework)})${entry.isTest ? '  [test]' : ''}`
}

/** `rag routes [path-pattern]`: HTTP routes, CLI commands and other entrypoints. Exit 1 when none matches. */
export async function routesCommand(context: CommandContext, pattern: string | undefined, options: RoutesCommandOptions): Promise<number> {
  const { output } = context
  return withIndex(context, async (index, root) => {
    const entrypoints = await index.rag.entrypoints({
      ...(options.kind !== undefined ? { kind: options.kind } : {}),
      ...(options.method !== undefined ? { method: options.method } : {}),
      ...(options.framework !== undefined ? { framework: options.framework } : {}),
      ...(pattern !== undefined ? { route: pattern } : {}),
      ...(options.tests === false ? { excludeTests: true } : {}),
    })
    if (output.json) {
      output.emit({ root, pattern: pattern ?? null, entrypoints })
      return entrypoints.length === 0 ? 1 : 0
    }
    if (entrypoints.length === 0) {
      output.note(`No entrypoints${pattern !== undefined ? ` match "${safe(pattern)}"` : ''}${await routesFilteredOut(index.rag, pattern, options)} in ${safe(root)}.`)
      return 1
    }
    for (const entry of entrypoints) output.line(entrypointLine(entry))
    return 0
  })
}

/**
 * What the filters of a `rag routes` that found nothing left out, as `symbols` says it: ` with
 * these filters (without them 41: frameworks express, nestjs; kinds http-route, main)`, counting
 * what the pattern alone matches; `''` without filters, or when nothing matches even without them.
 */
async function routesFilteredOut(rag: OpenIndex['rag'], pattern: string | undefined, options: RoutesCommandOptions): Promise<string> {
  if (options.kind === undefined && options.method === undefined && options.framework === undefined && options.tests !== false) return ''
  const all = await rag.entrypoints(pattern !== undefined ? { route: pattern } : {})
  if (all.length === 0) return ''
  const distinct = (values: readonly string[]): string => [...new Set(values)].sort().map(safe).join(', ')
  return ` with these filters (without them ${all.length}: frameworks ${distinct(all.map((entry) => entry.framework))}; kinds ${distinct(all.map((entry) => entry.kind))})`
}
