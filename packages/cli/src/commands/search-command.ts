import type { SearchResult } from '@rag/core'
import type { SearchFilter } from '@rag/session'
import { configValue } from '../config/load-config.js'
import { openIndex } from '../index/open-index.js'
import { formatResults, toJsonResult } from '../output/format-results.js'
import { rootOfExistingIndex } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'

/** Options of `rag search`. */
export interface SearchCommandOptions {
  readonly topK?: number
  readonly path?: string
  readonly lang?: readonly string[]
  readonly explain?: boolean
}

/** The filter from `--path` and `--lang`. */
export function filterOf(options: { readonly path?: string; readonly lang?: readonly string[] }): SearchFilter | undefined {
  const filter: { path?: string; language?: string[] } = {}
  if (options.path !== undefined) filter.path = options.path
  if (options.lang !== undefined && options.lang.length > 0) filter.language = [...options.lang]
  return Object.keys(filter).length === 0 ? undefined : filter
}

/** `rag search <query...>`: the best chunks for a query, from the nearest index. */
export async function searchCommand(context: CommandContext, words: readonly string[], options: SearchCommandOptions): Promise<number> {
  const { output } = context
  const query = words.join(' ')
  const location = rootOfExistingIndex(context.root, context.cwd)
  const config = configFor(context, location, { 'search.topK': { value: options.topK, flag: '-k' } })
  const topK = configValue<number>(config, 'search.topK')
  const index = await openIndex(location, config, { mode: 'read', warn: output.note, env: context.env })
  try {
    const started = performance.now()
    const results: SearchResult[] = await index.rag.search(query, topK, filterOf(options))
    const ms = performance.now() - started
    if (output.json) {
      output.emit({ query, root: location.root, topK, tookMs: Math.round(ms * 10) / 10, results: results.map(toJsonResult) })
      return 0
    }
    if (results.length === 0) {
      output.line(`No results for "${query}" in ${location.root}.`)
      return 0
    }
    for (const line of formatResults(results, { explain: options.explain === true })) output.line(line)
    output.line()
    output.line(`${results.length} result${results.length === 1 ? '' : 's'} for "${query}" in ${location.root} (${ms.toFixed(0)} ms)`)
    return 0
  } finally {
    await index.close()
  }
}
