/**
 * The commit-localization data set (`bench/data/commit-localization/`, see its README): six public
 * repositories at a snapshot, and the cleaned messages of later commits as queries, each with the
 * source files that commit changed. Vendored so CI runs it on a clean clone.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Split } from '../eval/queries.js'

/** Where the vendored data lives: one folder per repository with `dataset.json` and `corpus.tar.gz`. */
export const LOCALIZATION_DATA = fileURLToPath(new URL('../../data/commit-localization/', import.meta.url))

/** The six repositories, in the data set README's order. */
export const LOCALIZATION_REPOS = ['undici', 'ky', 'click', 'gin', 'commons-lang', 'clap'] as const

/** One repository id of the data set. */
export type LocalizationRepoId = (typeof LOCALIZATION_REPOS)[number]

/** One query: a commit message and the files that commit changed. */
export interface LocalizationQuery {
  /** `<repo>-NNN`; the split is a hash of it. */
  readonly id: string
  readonly repo: string
  /** The cleaned commit message (the data set's `query` field), used verbatim. */
  readonly text: string
  /** Repo-relative paths of the non-test source files the commit changed (1 to 6). */
  readonly relevant: readonly string[]
  readonly split: Split
  /** The query names a relevant file's path or its basename as a word. */
  readonly mentionsRelevantFile: boolean
}

/** One repository of the data set, with its queries. */
export interface LocalizationRepo {
  readonly id: string
  /** `owner/name`. */
  readonly github: string
  readonly language: string
  readonly snapshotSha: string
  /** Every corpus file path, in git tree order (the manifest). */
  readonly files: readonly string[]
  readonly bytes: number
  readonly queries: readonly LocalizationQuery[]
  readonly tarball: string
}

interface DatasetJson {
  readonly repo: string
  readonly github: string
  readonly lang: string
  readonly snapshot: { readonly sha: string }
  readonly corpus: { readonly bytes: number; readonly manifest: readonly { readonly path: string }[] }
  readonly queries: readonly { readonly id: string; readonly query: string; readonly relevant: readonly string[]; readonly mentionsRelevantFile: boolean }[]
}

/**
 * The data set README's split: `dev` when the first hex digit of `sha256(id)` is 0-7, else `test`
 * (238 dev and 248 test queries over the six repositories).
 */
export function localizationSplit(id: string): Split {
  const first = Number.parseInt(createHash('sha256').update(id, 'utf8').digest('hex')[0]!, 16)
  return first < 8 ? 'dev' : 'test'
}

/** Reads one repository's `dataset.json`. */
export function loadLocalizationRepo(id: string, dataDir: string = LOCALIZATION_DATA): LocalizationRepo {
  const dir = join(dataDir, id)
  const data = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as DatasetJson
  if (data.repo !== id) throw new Error(`${dir}/dataset.json is for "${data.repo}", expected "${id}".`)
  return {
    id,
    github: data.github,
    language: data.lang,
    snapshotSha: data.snapshot.sha,
    files: data.corpus.manifest.map((m) => m.path),
    bytes: data.corpus.bytes,
    tarball: join(dir, 'corpus.tar.gz'),
    queries: data.queries.map((q) => ({
      id: q.id,
      repo: id,
      text: q.query,
      relevant: q.relevant,
      split: localizationSplit(q.id),
      mentionsRelevantFile: q.mentionsRelevantFile,
    })),
  }
}

/**
 * Unpacks a repository's corpus into `<parent>/<repo>` with the `tar` binary (the tarball's
 * entries are repo-relative paths) and returns that folder. A folder unpacked before (a marker
 * file beside it says so) is reused.
 */
export function unpackCorpus(repo: LocalizationRepo, parent: string): string {
  const dir = join(parent, repo.id)
  // The marker sits beside the folder, never in it: everything in it gets indexed.
  const marker = join(parent, `${repo.id}.unpacked`)
  if (existsSync(marker)) return dir
  mkdirSync(dir, { recursive: true })
  execFileSync('tar', ['-xzf', repo.tarball, '-C', dir])
  writeFileSync(marker, `${repo.snapshotSha}\n`)
  return dir
}
