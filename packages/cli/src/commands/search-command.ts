import type { SearchResult } from '@rag/core'
import { isAbsolute, relative, sep } from 'node:path'
import { languageInfo, MAX_FILTER_PATH_LENGTH, SUPPORTED_LANGUAGES, type RagService, type SearchFilter } from '@rag/session'
import { UsageError } from '../errors.js'
import { relativeToRoot } from '../index/relative-to-root.js'
import { configValue } from '../config/load-config.js'
import { openIndex } from '../index/open-index.js'
import { formatFiles, type JsonFileLocation } from '../output/format-files.js'
import { formatResults, toJsonResult } from '../output/format-results.js'
import { rootOfExistingIndex } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'
import { echoInput } from '../output/echo-input.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import { elapsedMs, startStopwatch } from './stopwatch.js'

/** Options of `rag search`. */
export interface SearchCommandOptions {
  readonly topK?: number
  readonly path?: string
  readonly lang?: readonly string[]
  readonly explain?: boolean
  /** One line per file (the routed, file-aware ranking of `RagService.locateFiles`) instead of chunks. */
  readonly files?: boolean
}

/** A path the user wrote from the working directory: `./dir`, `../dir`, `.`. */
const CWD_RELATIVE = /^\.\.?(?:[\\/]|$)/

/** Where a command runs, for {@link filterOf}: to read `--path` and to say what it noticed. */
export interface FilterContext {
  /** The index root: a filter's path is relative to it. */
  readonly root: string
  /** The working directory: a `--path` starting with `./` or `../` is relative to it. */
  readonly cwd: string
  readonly warn: (message: string) => void
}

/**
 * `--path` as the filter takes it, relative to the index root: an absolute path inside the root and
 * one starting with `./` or `../` (from the working directory, as `rag deps` reads paths) are made
 * relative to the root; any other path or glob is the root's already.
 *
 * @throws UsageError for a path outside the root.
 */
function rootRelativePath(path: string, at: FilterContext): string {
  if (!isAbsolute(path) && !CWD_RELATIVE.test(path)) return path
  const inside = relativeToRoot(path, at.cwd, [at.root])
  if (inside === undefined) throw new UsageError(`--path ${JSON.stringify(path)} is outside the index root ${at.root}.`)
  return inside === '' ? '**' : inside
}

/**
 * The filter from `--path` and `--lang`.
 *
 * @throws UsageError for a `--path` longer than the longest glob a filter takes, or outside the index root.
 */
export function filterOf(options: { readonly path?: string; readonly lang?: readonly string[] }, at?: FilterContext): SearchFilter | undefined {
  const warn = at?.warn
  // A name that is no language's id nor alias matches only chunks whose language metadata is exactly it: say so.
  for (const lang of options.lang ?? []) {
    if (warn !== undefined && languageInfo(lang) === undefined) {
      warn(`note: --lang ${JSON.stringify(lang)} is no language rag knows (${SUPPORTED_LANGUAGES.map((info) => info.id).join(', ')}; aliases such as ts, py); only chunks whose language is exactly that match.`)
    }
  }
  if (options.path !== undefined && options.path.length > MAX_FILTER_PATH_LENGTH) {
    throw new UsageError(`--path must be at most ${MAX_FILTER_PATH_LENGTH} characters (a glob or a directory); received one of ${options.path.length}: "${echoInput(options.path, 60)}".`)
  }
  const filter: { path?: string; language?: string[] } = {}
  if (options.path !== undefined) filter.path = at === undefined ? options.path : rootRelativePath(options.path, at)
  if (options.lang !== undefined && options.lang.length > 0) filter.language = [...options.lang]
  return Object.keys(filter).length === 0 ? undefined : filter
}

/**
 * `rag search <query...>`: the best chunks for a query, from the nearest index, in the fused
 * chunk order; with `--files`, the files a change most likely touches (`RagService.locateFiles`).
 */
export async function searchCommand(context: CommandContext, words: readonly string[], options: SearchCommandOptions): Promise<number> {
  const { output } = context
  const query = words.join(' ')
  const location = rootOfExistingIndex(context.root, context.cwd)
  const config = configFor(context, location, { 'search.topK': { value: options.topK, flag: '-k' } })
  const topK = configValue<number>(config, 'search.topK')
  const index = await openIndex(location, config, { mode: 'read', warn: output.note, env: context.env })
  try {
    if (options.files === true) {
      return await searchFiles(context, index.rag, { query, root: location.root, topK, filter: filterOf(options, { root: location.root, cwd: context.cwd, warn: output.note }), explain: options.explain === true })
    }
    const started = startStopwatch()
    const results: SearchResult[] = await index.rag.search(query, topK, filterOf(options, { root: location.root, cwd: context.cwd, warn: output.note }))
    const ms = elapsedMs(started)
    if (output.json) {
      output.emit({ query, root: location.root, topK, tookMs: Math.round(ms * 10) / 10, results: results.map(toJsonResult) })
      return 0
    }
    if (results.length === 0) {
      output.line(`No results for "${echoInput(query)}" in ${escapeTerminal(location.root)}.`)
      const below = relative(location.root, context.cwd)
      if (options.path !== undefined && below !== '' && !below.startsWith('..') && !CWD_RELATIVE.test(options.path) && !isAbsolute(options.path)) {
        output.note(`note: --path is relative to the index root; from ${below.split(sep).join('/')}/ you may mean --path ./${options.path}.`)
      }
      return 0
    }
    for (const line of formatResults(results, { explain: options.explain === true })) output.line(line)
    output.line()
    output.line(`${results.length} result${results.length === 1 ? '' : 's'} for "${echoInput(query)}" in ${escapeTerminal(location.root)} (${ms.toFixed(0)} ms)`)
    return 0
  } finally {
    await index.close()
  }
}

async function searchFiles(
  { output }: CommandContext,
  rag: RagService,
  { query, root, topK, filter, explain }: { query: string; root: string; topK: number; filter: SearchFilter | undefined; explain: boolean },
): Promise<number> {
  const started = startStopwatch()
  const location = await rag.locateFiles(query, { limit: topK, ...(filter ? { filter } : {}) })
  const ms = elapsedMs(started)
  if (output.json) {
    const json: JsonFileLocation = { ...location, root, topK, tookMs: Math.round(ms * 10) / 10 }
    output.emit(json)
    return 0
  }
  const lines = formatFiles(location, { explain })
  if (location.files.length === 0) {
    for (const line of lines) output.line(line)
    output.line(`No files for "${echoInput(query)}" in ${escapeTerminal(root)}.`)
    return 0
  }
  for (const line of lines) output.line(line)
  output.line()
  const n = location.files.length
  output.line(`${n} file${n === 1 ? '' : 's'} for "${echoInput(query)}" in ${escapeTerminal(root)} (${ms.toFixed(0)} ms)`)
  return 0
}
