/**
 * What the static embedder (issue 13's no-download tier) costs a cold index: the full pipeline of
 * `rag index` (`openRag` of `@rag/session` over a fresh `SqliteKnowledgeBase`, worker threads, the
 * recommended settings) over the same real code, once lexical only and once with
 * `embedder: { kind: 'static' }` (a model trained on the indexed chunks, every chunk embedded, the
 * model and vectors committed with the chunks in one transaction).
 *
 * Run: `cd bench && npx tsx src/static-cost.ts [--mb 8] [--runs 3] [--source python-stdlib] [--v8 default]`
 * (build the packages first; by default under the V8 flags `rag index` sets, `--v8 default` leaves
 * V8's defaults). Runs alternate (lexical, static, lexical, static, ...) so machine
 * load hits both alike; the best run of each side is reported, in wall time and in CPU time (user +
 * system of every thread of the process: what a shared, loaded machine cannot inflate by making
 * the run wait), with the tail of each side's fastest run (wall time after the last file was
 * chunked: the commit, with the static tier's training, mostly on one thread). Target (issue 13):
 * cold indexing with the static tier stays at 4 MB/s or more.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openRag, resolveRetrieval, storeOptions } from '@rag/session'
import { openSqliteKnowledgeBase } from '@rag/store-sqlite'
import { readRealCode, realCodeFiles, type RealCodeSource } from './corpus/real-code.js'
import { writeTree } from './corpus/write-tree.js'
import { applyIndexingFlags } from './speed/indexing-flags.js'
import { timeIndexRun } from './speed/timed-index-run.js'

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1]! : fallback
}

const MEGABYTES = Number(option('mb', '8'))
const RUNS = Number(option('runs', '3'))
const SOURCE = option('source', 'python-stdlib') as RealCodeSource
const SETTINGS = resolveRetrieval('recommended')

interface Run {
  readonly ms: number
  readonly cpu: number
  /** Wall and CPU time after the last file was chunked (`speed/timed-index-run.ts`). */
  readonly tailMs: number
  readonly tailCpu: number
  readonly chunks: number
  readonly embedded: number
}

async function coldIndex(dir: string, embedder: 'none' | 'static'): Promise<Run> {
  const storeDir = mkdtempSync(join(tmpdir(), 'rag-static-store-'))
  const store = await openSqliteKnowledgeBase(join(storeDir, 'index.db'), storeOptions(SETTINGS))
  try {
    const rag = openRag(store, {
      embedder: { kind: embedder },
      ingest: { limits: { maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 } },
    })
    const { report, ...times } = await timeIndexRun(rag, dir)
    return { ...times, chunks: report.stats.chunks, embedded: report.vectors?.embedded ?? 0 }
  } finally {
    await store.close()
    rmSync(storeDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const flags = await applyIndexingFlags()
  const files = readRealCode(realCodeFiles({ sources: [SOURCE], maxBytes: MEGABYTES * 1e6, order: 'hashed', skipDirs: ['test', 'tests'] }))
  const dir = mkdtempSync(join(tmpdir(), 'rag-static-cost-'))
  const bytes = writeTree(files, dir)
  console.log(`cold index of ${files.length} ${SOURCE} files (${(bytes / 1e6).toFixed(1)} MB), best of ${RUNS} alternating runs; node ${process.version}; ${flags}; load average ${loadavg()[0]!.toFixed(1)}\n`)
  try {
    await coldIndex(dir, 'static') // warm the file cache, the grammars' compilation and the JIT
    const runs: Record<'none' | 'static', Run[]> = { none: [], static: [] }
    for (let run = 0; run < RUNS; run++) {
      for (const kind of ['none', 'static'] as const) {
        const result = await coldIndex(dir, kind)
        runs[kind].push(result)
        console.log(`run ${run + 1} ${kind}: ${result.ms.toFixed(0)} ms (cpu ${result.cpu.toFixed(0)}; tail ${result.tailMs.toFixed(0)} ms, cpu ${result.tailCpu.toFixed(0)}), ${result.chunks} chunks, ${result.embedded} embedded; load ${loadavg()[0]!.toFixed(1)}`)
      }
    }
    const best = (values: number[]): number => Math.min(...values)
    const rate = (ms: number): string => (bytes / 1e6 / (ms / 1000)).toFixed(2)
    const more = (a: number, b: number): string => `${(((b - a) / a) * 100).toFixed(1)} %`
    const lexical = best(runs.none.map((r) => r.ms))
    const statik = best(runs.static.map((r) => r.ms))
    const tailOfBest = (list: Run[]): string => list.reduce((a, b) => (b.ms < a.ms ? b : a)).tailMs.toFixed(0)
    const lexicalCpu = best(runs.none.map((r) => r.cpu))
    const staticCpu = best(runs.static.map((r) => r.cpu))
    console.log(`\nload average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
    console.log('| corpus | files | MB | chunks | lexical ms | lexical MB/s | static ms | static MB/s | static adds (wall) | lexical CPU ms | static CPU ms | static adds (CPU) | static MB per CPU second | lexical tail ms | static tail ms |')
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    console.log(
      `| ${SOURCE} | ${files.length} | ${(bytes / 1e6).toFixed(1)} | ${runs.none[0]!.chunks} | ${lexical.toFixed(0)} | ${rate(lexical)} | ${statik.toFixed(0)} | ${rate(statik)} | ${more(lexical, statik)} | ${lexicalCpu.toFixed(0)} | ${staticCpu.toFixed(0)} | ${more(lexicalCpu, staticCpu)} | ${rate(staticCpu)} | ${tailOfBest(runs.none)} | ${tailOfBest(runs.static)} |`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
