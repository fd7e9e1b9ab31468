import type { FieldSet } from './eval/fields.js'
import { FIELD_SETS } from './eval/fields.js'
import { LOCALIZATION_REPOS } from './corpus/localization-data.js'
import type { LocalizationProfile } from './localization/run-localization.js'

/** How big a run is. `full` is `pnpm bench`; `smoke` is the CI run (`pnpm test` in bench). */
export interface Profile {
  readonly mode: 'full' | 'smoke'
  /** Python files kept (first in path order); `undefined` for all. */
  readonly pythonFiles?: number
  /** rxjs files kept (first in path order); `undefined` for all. */
  readonly typescriptFiles?: number
  /** Python queries sampled (by a fixed hash); rxjs keeps all of its queries. */
  readonly pythonQueries: number
  readonly chunkSizes: readonly number[]
  /** The chunk size the defaults are chosen at (the chunker's default). */
  readonly defaultChunkSize: number
  readonly fieldSets: readonly FieldSet[]
  /** x of the scaling runs, in characters. */
  readonly baseChars: number
  readonly scales: readonly number[]
  /** Timed queries per engine in the scaling runs. */
  readonly timedQueries: number
  readonly warmup: number
  /** How many evaluation corpora the engines (peers included) run on, in corpus order. */
  readonly engineCorpora: number
  /** Test queries per corpus for the engine runs, sampled by a fixed hash (Orama needs ~30 ms a query). */
  readonly engineQueries: number
  /** The localization suite's repositories, query cap and depth. */
  readonly localization: LocalizationProfile
}

/** `pnpm bench`: every ablation, four sizes; about 10 minutes on a 2-core machine. */
export const FULL: Profile = {
  mode: 'full',
  pythonQueries: 3000,
  chunkSizes: [1000, 2000, 4000],
  defaultChunkSize: 2000,
  fieldSets: FIELD_SETS,
  baseChars: 3_000_000,
  scales: [1, 2, 4, 8],
  timedQueries: 300,
  warmup: 30,
  engineCorpora: 2,
  engineQueries: 600,
  // Six corpora (~28,600 chunks) + 16 M chars of Python stdlib: above 50,000 chunks.
  localization: { repos: LOCALIZATION_REPOS, depth: 300, latency: { repos: LOCALIZATION_REPOS, pythonChars: 16_000_000, warmup: 30 }, codeSearchNet: { pythonQueries: 3000 } },
}

/** The CI smoke run: a few files, every stage once (localization: ky, 20 queries); well under a minute. */
export const SMOKE: Profile = {
  mode: 'smoke',
  pythonFiles: 15,
  typescriptFiles: 30,
  pythonQueries: 60,
  chunkSizes: [2000],
  defaultChunkSize: 2000,
  fieldSets: ['content', 'path+symbol'],
  baseChars: 100_000,
  scales: [1],
  timedQueries: 20,
  warmup: 2,
  engineCorpora: 1,
  engineQueries: 40,
  localization: { repos: ['ky'], queriesPerRepo: 20, depth: 300, latency: { repos: ['ky'], pythonChars: 0, warmup: 5 }, codeSearchNet: { pythonFiles: 15, typescriptFiles: 30, pythonQueries: 60 } },
}
