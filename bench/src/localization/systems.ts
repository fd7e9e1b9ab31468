import { rankFiles, type RankFilesOptions, type RankingSignals, type SignalName } from '@rag/rank'
import type { FileListName, RouterVariant } from './ranking-inputs.js'
import type { LocalizationSystem, RecordedQuery, SystemContext } from './run-localization.js'

/** One configuration of the ranking stage. */
export interface RankingConfig {
  /** Signals switched off. */
  readonly disable: readonly SignalName[]
  /** Whole-file lists fused. */
  readonly fileLists: readonly FileListName[]
  /** Which router variant plans the query (and so which search text the chunk list comes from). */
  readonly router: RouterVariant
  /** Use the plan's intent-specific priors (`true`), or demote every non-source category whatever the intent. */
  readonly intentPriors: boolean
  /** Feed the layered index's graph (C2) and route (C3) signals. */
  readonly layers: boolean
  /** Where definitions come from: chunk symbol metadata, or the layered index's symbol catalog (C1). */
  readonly definitions: 'chunks' | 'c1'
  readonly weights?: RankFilesOptions['weights']
}

/** The system that ranks with the session API (`RagService.locateFiles`). */
export const SESSION_SYSTEM = 'session: locateFiles'

/**
 * The configuration every ablation varies, what `RagService.locateFiles` ranks with on an index
 * with code layers: every signal, definitions from chunk metadata, router with wink-nlp, query as written.
 */
export const FULL_RANKING: RankingConfig = {
  disable: [],
  fileLists: [],
  router: 'original',
  intentPriors: true,
  layers: true,
  definitions: 'chunks',
}

const ALL_NON_SOURCE = ['test', 'fixture', 'docs', 'example', 'benchmark', 'generated', 'vendored', 'config', 'non-code'] as const

/** Ranks with `rankFiles` under a configuration (`weights`, when given, replace the configuration's). */
export function rankWith(config: RankingConfig, recorded: RecordedQuery, context: SystemContext, weights: RankFilesOptions['weights'] = config.weights): string[] {
  const plan = recorded.ranking.plans.get(config.router)!
  const hits = recorded.ranking.deepByText.get(plan.searchText)!
  const { layers } = context.inputs
  const signals: RankingSignals = {
    definitions: config.definitions === 'c1' ? layers.definitions : context.inputs.definitions,
    paths: context.inputs.paths,
    ...(config.layers ? { neighbours: layers.neighbours, entrypoints: layers.entrypoints } : {}),
    fileLists: config.fileLists.map((name) => ({ name, files: recorded.ranking.fileLists.get(name) ?? [] })),
  }
  const ranked = rankFiles(hits, config.intentPriors ? plan : { ...plan, priors: { demote: ALL_NON_SOURCE, boost: [] } }, signals, {
    disable: config.disable,
    limit: 10,
    ...(weights === undefined ? {} : { weights }),
  })
  return ranked.map((f) => f.file)
}

function system(name: string, description: string, config: RankingConfig, group: 'ablation' | 'final' = 'ablation'): LocalizationSystem {
  return { name, group, description, rank: (recorded, context) => rankWith(config, recorded, context) }
}

const ADDITIVE: readonly (readonly [SignalName, string])[] = [
  ['aggregation', 'every chunk hit of a file counts, not only its first (`chunkK` 60, `chunkDecay` for each further hit)'],
  ['priors', 'path priors from the plan: tests, fixtures, docs, examples, benchmarks, generated, vendored, config and non-code files demoted unless the intent targets them'],
  ['definitions', 'files defining the identifiers the query names (C1 stand-in: chunk symbol metadata), shared among the defining files; capitalised mid-sentence words weaker'],
  ['file-names', 'files whose name is an identifier or a content word of the query'],
  ['folders', 'found files in a folder a content word names'],
  ['name-words', 'files whose name is made of two or more of the query\'s words (`nameWords` 0.5 times the share of the name\'s words)'],
  ['messages', 'files whose chunk hit says a message the query quotes (`message` 1 times the share of its words said in a row, runs of three words or more)'],
  ['companions', 'a declaration file (`.d.ts`, `.pyi`, `.h`) and its implementation share part of each other\'s evidence'],
  ['neighbours', 'graph expansion over C2: the files that depend on one of the top 20 files (resolved imports, calls, heritage) share `importer` 0.1 of its evidence, divided among them as `n ** 0.5`'],
  ['routes', 'route match over C3: the files declaring an endpoint or command the query names'],
]

/**
 * The ranking systems of the ablation table: the full ranking first (the reference), signals
 * added one at a time from distinct files in hit order, each signal left out of the full ranking,
 * and the variants of the router and of the fused file list.
 */
export function localizationSystems(): LocalizationSystem[] {
  const out: LocalizationSystem[] = [
    system('rank: full', '`routeQuery` + `rankFiles` with `DEFAULT_WEIGHTS` over the same deep list, on the index with code layers: every signal (chunk aggregation, priors, definitions, file and folder names, companions, C2 importers, C3 routes); the reference of the ablations', FULL_RANKING, 'final'),
    {
      name: SESSION_SYSTEM,
      group: 'final',
      description: '`rag.locateFiles(query, { limit: 10 })` of `@rag/session`: the same ranking as one session call, what `rag search --files`, `GET /sessions/:id/files` and the MCP `locate_files` tool return; must equal `rank: full` (the smoke run checks it)',
      rank: (recorded) => recorded.located,
    },
  ]
  const names = ADDITIVE.map(([signal]) => signal)
  for (let i = 0; i < ADDITIVE.length; i++) {
    const [signal, what] = ADDITIVE[i]!
    const on = names.slice(0, i + 1)
    out.push(system(`rank: + ${signal}`, `signals so far: ${on.join(', ')}. Adds: ${what}`, { ...FULL_RANKING, disable: [...names.filter((n) => !on.includes(n)), 'file-lists'] }))
  }
  for (const [signal] of ADDITIVE) {
    out.push(system(`rank: full - ${signal}`, `the full ranking without ${signal}`, { ...FULL_RANKING, disable: [...FULL_RANKING.disable, signal] }))
  }
  const withList = (lists: readonly FileListName[], list: number): RankingConfig => ({ ...FULL_RANKING, fileLists: lists, weights: { list } })
  out.push(
    system('rank: full without layers', 'the ranking of an index without code layers (no graph or route signals): what `locateFiles` gives when `index.layers` is off, and the previous reference', { ...FULL_RANKING, layers: false }),
    system('rank: full, definitions from C1', 'definitions from the layered index\'s symbol catalog (every symbol\'s name and qualified name) instead of chunk symbol metadata', { ...FULL_RANKING, definitions: 'c1' }),
    system('rank: full, neighbours both ways 0.1', 'graph expansion to imports as well as importers, each at 0.1 undamped (the issue\'s probe)', { ...FULL_RANKING, weights: { importer: 0.1, imported: 0.1, neighbourDamping: 0, expandTop: 10 } }),
    system('rank: full, importers undamped', 'importers each get the whole 0.1 share (`neighbourDamping` 0)', { ...FULL_RANKING, weights: { neighbourDamping: 0 } }),
    system('rank: full + test-sources 0.05', 'a demoted test file lends 0.05 of its evidence to the source files named by the stem it tests (`client` of `test/client.test.js`)', { ...FULL_RANKING, weights: { testSource: 0.05 } }),
    system('rank: full + whole-file BM25 0.25', 'plus a whole-file BM25 list (path, symbol names and content of each file; `fileDocuments` + `BM25Stream`, code-aware) fused by reciprocal rank at weight 0.25', withList(['files: path+symbols+content'], 0.25)),
    system('rank: full + whole-file BM25 0.5', 'the same at weight 0.5', withList(['files: path+symbols+content'], 0.5)),
    system('rank: full + whole-file BM25, content only, 0.25', 'a whole-file list of content alone (no path, no names) at weight 0.25', withList(['files: content'], 0.25)),
    system('rank: full, declarations not demoted', 'a declaration file with its implementation twin indexed (`types/pool.d.ts`, `lib/dispatcher/pool.js`) keeps its whole score (`declaration` 1 instead of 0.8)', { ...FULL_RANKING, weights: { declaration: 1 } }),
    system('rank: full, priors for every intent', 'non-source categories demoted whatever the intent (no boost for "find tests")', { ...FULL_RANKING, intentPriors: false }),
    system('rank: full, router without NLP', 'the router without wink-nlp: intent from patterns only, every capitalised word kept as a possible type name, no content-word filtering by part of speech', { ...FULL_RANKING, router: 'no-nlp' }),
    system('rank: full, lemmatised query', 'the streams search the wink lemmas of the prose words (code anchors as written)', { ...FULL_RANKING, router: 'lemmas' }),
    system('rank: full, query + lemmas', 'the streams search the query followed by the lemmas that differ from their words', { ...FULL_RANKING, router: 'original+lemmas' }),
  )
  return out
}
