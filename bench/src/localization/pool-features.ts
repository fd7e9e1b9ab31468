import { rankFiles, type RankedFile, type RankingSignals } from '@rag/rank'
import { fnv1a } from '../corpus/real-code.js'
import { listOutcome } from '../eval/metrics.js'
import type { PoolQuery, PoolRepo } from './pool.js'

/**
 * The per-file features of the learning experiments: every contribution `rankFiles` already
 * computes, and candidate signals it does not use. `base` is `log(score)` of `rankFiles`, so a
 * model that adds nothing to it reproduces the shipped ranking.
 */
export const FEATURES = [
  ['first', "the file's first chunk hit, `k / (k + rank)`"],
  ['aggregation', "the file's further chunk hits, decayed"],
  ['definitions', 'definitions of names the query gives'],
  ['fileNames', 'file named by a query name or term'],
  ['folders', 'folder named by a query term'],
  ['companions', 'declaration/implementation companion share'],
  ['neighbours', 'C2 importer share (with layers only)'],
  ['logPrior', 'log of the path prior (0 for source)'],
  ['logLines', 'log(1 + lines of the file): a size or "hot file" prior'],
  ['logChunks', 'log(1 + chunks of the file in the index)'],
  ['hits', "number of the file's chunks in the deep list"],
  ['pathOverlap', 'query words (camelCase split, crude stem) among the path segments'],
  ['symbolOverlap', "query words among the names of the file's hit chunks"],
  ['depth', 'path depth'],
  ['declaration', '`.d.ts` file'],
  ['bestScore', "the file's best chunk score over the list's best"],
  ['entryFile', '`index.js`/`__init__.py`/`mod.rs`/`lib.rs`'],
  ['entryFileWhenAdding', 'an entry file, for a query that adds, exposes or exports something'],
  ['definitionsWithoutHit', 'definitions of a file with no chunk hit'],
  ['folderMates', "other top-10 files in the file's folder (score over the top score)"],
  ['testMate', 'evidence of a test file whose tested stem is this source file'],
  ['anchorsInHits', "identifier anchors of the query found as words in the file's hit chunks"],
  ['anchorsInFile', 'the same over the whole file'],
  ['termsInHits', "share of the query's terms found in the file's hit chunks"],
  ['termsInFile', 'the same over the whole file'],
  ['logImporters', 'log(1 + files that depend on the file), C2 in-degree: a centrality prior (needs layers)'],
  ['logImports', 'log(1 + files the file depends on), C2 out-degree'],
  ['base', 'log of the shipped `rankFiles` score'],
] as const

/** A feature's name. */
export type FeatureName = (typeof FEATURES)[number][0]

/** One query's candidate files (the `rankFiles` pool) with their features and labels. */
export interface FeatureRow {
  readonly repo: string
  readonly query: PoolQuery
  /** Candidate files in shipped order. */
  readonly files: readonly string[]
  /** `x[i][d]`: feature `FEATURES[d]` of `files[i]`. */
  readonly x: readonly (readonly number[])[]
  /** 1 for a relevant file. */
  readonly y: readonly number[]
}

const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2)
const stem = (word: string): string => word.replace(/(ing|ed|es|s)$/, '')
const folderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')))
const bareStem = (path: string): string =>
  path
    .slice(path.lastIndexOf('/') + 1)
    .replace(/\..*$/, '')
    .replace(/^test_|_test$|Test$|_tests$/i, '')
    .toLowerCase()
    .replace(/[_-]/g, '')
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Options of {@link featureRows}. */
export interface FeatureOptions {
  readonly split: 'dev' | 'test'
  /** Rank with the layer signals (C2 neighbours), as an index with `index.layers` does. */
  readonly layers: boolean
  /** Candidate files per query. @default 300 */
  readonly pool?: number
}

/** The feature rows of every query of `split`, from the shipped ranking's pool. */
export function featureRows(repos: readonly PoolRepo[], { split, layers, pool = 300 }: FeatureOptions): FeatureRow[] {
  const rows: FeatureRow[] = []
  for (const repo of repos) {
    const lines = new Map<string, number>()
    const chunkCount = new Map<string, number>()
    const text = new Map<string, string[]>()
    for (const chunk of repo.chunks) {
      const file = String(chunk.metadata.file)
      lines.set(file, Math.max(lines.get(file) ?? 0, Number(chunk.metadata.endLine ?? 0)))
      chunkCount.set(file, (chunkCount.get(file) ?? 0) + 1)
      const list = text.get(file)
      if (list === undefined) text.set(file, [chunk.content])
      else list.push(chunk.content)
    }
    for (const query of repo.queries) {
      if (query.split !== split) continue
      const ranked = rankFiles(query.hits, query.plan, layers ? repo.layerSignals : repo.chunkSignals, { limit: pool })
      rows.push({ repo: repo.id, query, files: ranked.map((f) => f.file), x: queryFeatures(query, ranked, { lines, chunkCount, text, neighbours: repo.layerSignals.neighbours }), y: ranked.map((f) => (query.relevant.includes(f.file) ? 1 : 0)) })
    }
  }
  return rows
}

interface FileFacts {
  readonly lines: ReadonlyMap<string, number>
  readonly chunkCount: ReadonlyMap<string, number>
  readonly text: ReadonlyMap<string, readonly string[]>
  readonly neighbours: RankingSignals['neighbours']
}

function queryFeatures(query: PoolQuery, ranked: readonly RankedFile[], facts: FileFacts): number[][] {
  const queryWords = new Set(words(query.text).map(stem))
  const topHit = query.hits[0]?.score ?? 1
  const topScore = ranked[0]?.score ?? 1
  const folderSum = new Map<string, number>()
  for (const f of ranked.slice(0, 10)) folderSum.set(folderOf(f.file), (folderSum.get(folderOf(f.file)) ?? 0) + f.score / topScore)
  const testEvidence = new Map<string, number>()
  for (const f of ranked) if (f.categories.includes('test')) testEvidence.set(bareStem(f.file), Math.max(testEvidence.get(bareStem(f.file)) ?? 0, f.evidence))
  const anchors = new Set<string>()
  for (const a of query.plan.anchors) if (a.kind === 'identifier' || a.kind === 'qualified') for (const part of a.text.split(/\.|::|#/)) if (part.length > 2) anchors.add(part.replace(/\(\)$/, ''))
  const anchorPatterns = [...anchors].map((a) => new RegExp(`\\b${escape(a)}\\b`))
  const termPatterns = [...new Set(query.plan.terms)].filter((t) => t.length > 2).map((t) => new RegExp(`\\b${escape(stem(t))}`, 'i'))
  const found = (patterns: readonly RegExp[], body: string): number => patterns.filter((p) => p.test(body)).length
  const share = (patterns: readonly RegExp[], body: string): number => (patterns.length === 0 ? 0 : found(patterns, body) / patterns.length)
  return ranked.map((f, i) => {
    const part = (signal: string): number => f.contributions.reduce((sum, c) => sum + (c.signal === signal ? c.value : 0), 0)
    const hitText = f.chunks.map((c) => query.hits[c.rank]!.document.content).join('\n')
    const fileText = (facts.text.get(f.file) ?? []).join('\n')
    const names = new Set<string>()
    for (const c of f.chunks) for (const key of ['symbol', 'qname'] as const) for (const w of words(String(query.hits[c.rank]!.document.metadata[key] ?? ''))) names.add(stem(w))
    const values: Record<FeatureName, number> = {
      first: part('first-hit'),
      aggregation: part('aggregation'),
      definitions: part('definitions'),
      fileNames: part('file-names'),
      folders: part('folders'),
      companions: part('companions'),
      neighbours: part('neighbours'),
      logPrior: Math.log(f.prior),
      logLines: Math.log(1 + (facts.lines.get(f.file) ?? 0)),
      logChunks: Math.log(1 + (facts.chunkCount.get(f.file) ?? 0)),
      hits: f.chunks.length,
      pathOverlap: new Set(words(f.file).map(stem).filter((w) => queryWords.has(w))).size,
      symbolOverlap: [...names].filter((w) => queryWords.has(w)).length,
      depth: f.file.split('/').length,
      declaration: /\.d\.[cm]?ts$/.test(f.file) ? 1 : 0,
      bestScore: f.chunks[0] === undefined ? 0 : query.hits[f.chunks[0].rank]!.score / topHit,
      entryFile: /(^|\/)(index\.[cm]?[jt]s|__init__\.py|mod\.rs|lib\.rs)$/.test(f.file) ? 1 : 0,
      entryFileWhenAdding: /(^|\/)(index\.[cm]?[jt]s|index\.d\.ts|__init__\.py|mod\.rs|lib\.rs)$/.test(f.file) && /\b(add|adds|added|expose|exposes|export|exports|new)\b/i.test(query.text) ? 1 : 0,
      definitionsWithoutHit: part('first-hit') === 0 ? part('definitions') : 0,
      folderMates: (folderSum.get(folderOf(f.file)) ?? 0) - (i < 10 ? f.score / topScore : 0),
      testMate: f.categories.length === 0 ? (testEvidence.get(bareStem(f.file)) ?? 0) : 0,
      anchorsInHits: found(anchorPatterns, hitText),
      anchorsInFile: found(anchorPatterns, fileText),
      termsInHits: share(termPatterns, hitText),
      termsInFile: share(termPatterns, fileText),
      logImporters: Math.log(1 + (facts.neighbours?.importers(f.file).length ?? 0)),
      logImports: Math.log(1 + (facts.neighbours?.imports(f.file).length ?? 0)),
      base: Math.log(f.score + 1e-9),
    }
    return FEATURES.map(([name]) => values[name])
  })
}

/** The dev fold of a query (4 folds by a stable hash of its id, as `tune-weights.ts`). */
export const FOLDS = 4
export const foldOf = (row: FeatureRow): number => fnv1a(`fold:${row.query.id}`) % FOLDS

/** Macro R@10 and MRR@10 (each repository counts the same) of the rows reordered by `score` (ties keep the shipped order). */
export function scoreRows(rows: readonly FeatureRow[], score: (row: FeatureRow, i: number) => number): { r10: number; mrr: number } {
  const byRepo = new Map<string, { r10: number; mrr: number; n: number }>()
  for (const row of rows) {
    const order = row.files
      .map((file, i) => ({ file, i, s: score(row, i) }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((o) => o.file)
    const outcome = listOutcome(order, new Set(row.query.relevant))
    const sum = byRepo.get(row.repo) ?? { r10: 0, mrr: 0, n: 0 }
    sum.r10 += outcome.recall10
    sum.mrr += outcome.rr10
    sum.n++
    byRepo.set(row.repo, sum)
  }
  let r10 = 0
  let mrr = 0
  for (const s of byRepo.values()) {
    r10 += s.r10 / s.n / byRepo.size
    mrr += s.mrr / s.n / byRepo.size
  }
  return { r10, mrr }
}
