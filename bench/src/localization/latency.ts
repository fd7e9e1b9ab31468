import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { createChunkSignals, createLayerSignals, rankFiles } from '@rag/rank'
import { createQueryRouter } from '@rag/router'
import { loadLocalizationRepo, unpackCorpus } from '../corpus/localization-data.js'
import { realCodeFiles } from '../corpus/real-code.js'
import { percentile } from '../speed/stats.js'
import { indexFolder } from './index-repo.js'
import { readLayerRecords } from './layer-records.js'

/** p50 and p95 of one stage, in milliseconds. */
export interface StageTiming {
  readonly p50: number
  readonly p95: number
}

/** In-process latency of the routed, file-aware search on one large index. */
export interface LatencyResult {
  readonly chunks: number
  readonly files: number
  /** What the index holds. */
  readonly corpus: string
  readonly queries: number
  readonly depth: number
  readonly indexMs: number
  /** `routeQuery`: intent, anchors, NLP. */
  readonly route: StageTiming
  /** `rag.search(plan.searchText, plan.limits.chunks)`: the two chunk streams and their fusion. */
  readonly search: StageTiming
  /** `rankFiles` over the hits with chunk-derived signals and the layered index's graph and route signals (expansion included). */
  readonly rank: StageTiming
  /** The three together, per query. */
  readonly total: StageTiming
  /** CPU time (`process.cpuUsage`, user + system, all threads) of the three together: less sensitive to other work on the machine than wall time; absent in results written before it existed. */
  readonly totalCpu?: StageTiming
  /** The same total for the first 12 words of each query (a typical typed request, not a commit body). */
  readonly totalShort: StageTiming
  /** `rag.locateFiles(query, { limit: 50 })` of `@rag/session`, end to end (the surfaces' call); absent in results written before it existed. */
  readonly locateFiles?: StageTiming
  /** The first `locateFiles` on the index: it also reads every chunk and builds the definition and path signals, kept until the index changes. */
  readonly locateFilesFirstMs?: number
  /** `os.loadavg()` (1, 5, 15 min) when the timing ended: other work on the machine slows every stage. */
  readonly loadavg: readonly number[]
}

/** Options of {@link measureLatency}. */
export interface LatencyOptions {
  readonly repos: readonly string[]
  /** Python standard library text added to reach the size (UTF-16 units); 0 for none. */
  readonly pythonChars: number
  readonly scratch: string
  readonly warmup: number
  readonly log: (line: string) => void
  /** Called just before the timed queries start (after the index and the warm-up), e.g. to start a CPU profile. */
  readonly onTimedStart?: () => Promise<void>
  /** Called just after the timed queries end. */
  readonly onTimedEnd?: () => Promise<void>
}

function timing(values: readonly number[]): StageTiming {
  return { p50: percentile(values, 50), p95: percentile(values, 95) }
}

/**
 * Builds one index over the localization corpora (each in its own folder) plus, to reach the
 * target size, Python standard library files, with the suite's pipeline; then times each query's
 * plan end to end in this process: route, search at the plan's depth, rank files. Queries are the
 * data set's commit messages, each once, after `warmup` untimed ones.
 */
export async function measureLatency({ repos, pythonChars, scratch, warmup, log, onTimedStart, onTimedEnd }: LatencyOptions): Promise<LatencyResult> {
  const root = join(scratch, 'latency-index')
  mkdirSync(root, { recursive: true })
  const texts: string[] = []
  for (const id of repos) {
    const repo = loadLocalizationRepo(id)
    cpSync(unpackCorpus(repo, scratch), join(root, id), { recursive: true })
    texts.push(...repo.queries.map((q) => q.text))
  }
  let copied = 0
  if (pythonChars > 0) {
    for (const file of realCodeFiles({ sources: ['python-stdlib'], order: 'hashed', maxBytes: pythonChars })) {
      const target = join(root, 'python', file.label.replace(/^python-stdlib\//, ''))
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, readFileSync(file.path))
      copied++
    }
  }
  const { rag, indexMs } = await indexFolder(root)
  const chunks = await rag.knowledgeBase.list()
  const fileList = [...new Set(chunks.map((c) => String(c.metadata.file)))]
  const layers = createLayerSignals(await readLayerRecords(rag, fileList))
  const signals = { ...createChunkSignals(chunks), neighbours: layers.neighbours, entrypoints: layers.entrypoints }
  const files = fileList.length
  log(`  latency index: ${chunks.length} chunks, ${files} files (${repos.join(', ')}${copied > 0 ? ` + ${copied} Python stdlib files` : ''}) in ${(indexMs / 1000).toFixed(1)} s`)
  const router = createQueryRouter()
  const cpuMs = (): number => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  let lastCpu = 0
  const once = async (text: string): Promise<[number, number, number]> => {
    const c0 = cpuMs()
    const t0 = performance.now()
    const plan = router.route(text)
    const t1 = performance.now()
    const hits = await rag.search(plan.searchText, plan.limits.chunks, undefined, { pathPriors: false })
    const t2 = performance.now()
    rankFiles(hits, plan, signals, { limit: plan.limits.files })
    const t3 = performance.now()
    lastCpu = cpuMs() - c0
    return [t1 - t0, t2 - t1, t3 - t2]
  }
  for (const text of texts.slice(0, warmup)) await once(text)
  await onTimedStart?.()
  const route: number[] = []
  const search: number[] = []
  const rank: number[] = []
  const total: number[] = []
  const totalCpu: number[] = []
  for (const text of texts) {
    const [a, b, c] = await once(text)
    route.push(a)
    search.push(b)
    rank.push(c)
    total.push(a + b + c)
    totalCpu.push(lastCpu)
  }
  const totalShort: number[] = []
  for (const text of texts) {
    const [a, b, c] = await once(text.split(/\s+/).slice(0, 12).join(' '))
    totalShort.push(a + b + c)
  }
  const firstStarted = performance.now()
  await rag.locateFiles(texts[0] ?? 'x', { limit: 50 })
  const locateFilesFirstMs = performance.now() - firstStarted
  const located: number[] = []
  for (const text of texts) {
    const t0 = performance.now()
    await rag.locateFiles(text, { limit: 50 })
    located.push(performance.now() - t0)
  }
  await onTimedEnd?.()
  return {
    chunks: chunks.length,
    files,
    corpus: `${repos.join(', ')}${copied > 0 ? ` + ${copied} Python standard library files` : ''}`,
    queries: texts.length,
    depth: router.route(texts[0] ?? 'x').limits.chunks,
    indexMs,
    route: timing(route),
    search: timing(search),
    rank: timing(rank),
    total: timing(total),
    totalCpu: timing(totalCpu),
    totalShort: timing(totalShort),
    locateFiles: timing(located),
    locateFilesFirstMs,
    loadavg: loadavg().map((v) => Number(v.toFixed(2))),
  }
}
