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
  readonly weights?: RankFilesOptions['weights']
}

/** The system that ranks with the session API (`RagService.locateFiles`). */
export const SESSION_SYSTEM = 'session: locateFiles'

/** The configuration every ablation varies: all signals the index can feed today, router with wink-nlp, query as written. */
export const FULL_RANKING: RankingConfig = {
  disable: ['neighbours', 'routes'],
  fileLists: [],
  router: 'original',
  intentPriors: true,
}

const ALL_NON_SOURCE = ['test', 'fixture', 'docs', 'example', 'benchmark', 'generated', 'vendored', 'config', 'non-code'] as const

/** Ranks with `rankFiles` under a configuration (`weights`, when given, replace the configuration's). */
export function rankWith(config: RankingConfig, recorded: RecordedQuery, context: SystemContext, weights: RankFilesOptions['weights'] = config.weights): string[] {
  const plan = recorded.ranking.plans.get(config.router)!
  const hits = recorded.ranking.deepByText.get(plan.searchText)!
  const signals: RankingSignals = {
    definitions: context.inputs.definitions,
    paths: context.inputs.paths,
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
  ['companions', 'a declaration file (`.d.ts`, `.pyi`, `.h`) and its implementation share part of each other\'s evidence'],
]

/**
 * The ranking systems of the ablation table: the full ranking first (the reference), signals
 * added one at a time from distinct files in hit order, each signal left out of the full ranking,
 * and the variants of the router and of the fused file list.
 */
export function localizationSystems(): LocalizationSystem[] {
  const out: LocalizationSystem[] = [
    system('rank: full', '`routeQuery` + `rankFiles` with `DEFAULT_WEIGHTS` over the same deep list: every signal the index feeds today (graph and route signals need the layered index); the reference of the ablations', FULL_RANKING, 'final'),
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
    out.push(system(`rank: + ${signal}`, `signals so far: ${on.join(', ')}. Adds: ${what}`, { ...FULL_RANKING, disable: [...names.filter((n) => !on.includes(n)), 'neighbours', 'routes', 'file-lists'] }))
  }
  for (const [signal] of ADDITIVE) {
    out.push(system(`rank: full - ${signal}`, `the full ranking without ${signal}`, { ...FULL_RANKING, disable: [...FULL_RANKING.disable, signal] }))
  }
  const withList = (lists: readonly FileListName[], list: number): RankingConfig => ({ ...FULL_RANKING, fileLists: lists, weights: { list } })
  out.push(
    system('rank: full + whole-file BM25 0.25', 'plus a whole-file BM25 list (path, symbol names and content of each file; `fileDocuments` + `BM25Stream`, code-aware) fused by reciprocal rank at weight 0.25', withList(['files: path+symbols+content'], 0.25)),
    system('rank: full + whole-file BM25 0.5', 'the same at weight 0.5', withList(['files: path+symbols+content'], 0.5)),
    system('rank: full + whole-file BM25, content only, 0.25', 'a whole-file list of content alone (no path, no names) at weight 0.25', withList(['files: content'], 0.25)),
    system('rank: full, priors for every intent', 'non-source categories demoted whatever the intent (no boost for "find tests")', { ...FULL_RANKING, intentPriors: false }),
    system('rank: full, router without NLP', 'the router without wink-nlp: intent from patterns only, every capitalised word kept as a possible type name, no content-word filtering by part of speech', { ...FULL_RANKING, router: 'no-nlp' }),
    system('rank: full, lemmatised query', 'the streams search the wink lemmas of the prose words (code anchors as written)', { ...FULL_RANKING, router: 'lemmas' }),
    system('rank: full, query + lemmas', 'the streams search the query followed by the lemmas that differ from their words', { ...FULL_RANKING, router: 'original+lemmas' }),
  )
  return out
}
