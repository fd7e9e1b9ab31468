/**
 * What the code layers (seed 003's symbols, edges and entrypoints) cost a cold index: the full
 * pipeline of `rag index` (`openRag` of `@rag/session` over a fresh `SqliteKnowledgeBase`, worker
 * threads, the recommended settings) over the same real code, once without layers and once with
 * `layers: true` (extraction in the chunk workers from the same parse, cross-file resolution, and
 * the records committed to SQLite in the same transaction as the chunks). It also reports how much
 * larger the store file is with the layers.
 *
 * Run: `cd bench && npx tsx src/layers-cost.ts [--mb 8] [--runs 3] [--v8 default]` (build the packages
 * first). By default under the V8 flags `rag index` sets; `--v8 default` leaves V8's defaults.
 * Runs alternate (plain, layers, plain, layers, ...) so machine load hits both alike; the best run
 * of each side is reported, in wall time and in CPU time (user + system of every thread of the
 * process: what a shared, loaded machine cannot inflate by making the run wait), with the tail of
 * each side's fastest run: the wall time after the last file was chunked (the commit, mostly on
 * the main thread while the other cores idle; `speed/timed-index-run.ts`). On Linux each run's CPU
 * is also split into the main thread's and the other threads' (chunking workers, V8's compiler and
 * GC threads). Targets (issue 12): layers add at most 15 % to the cold index time, the index stays
 * at 4 MB/s or more, the store grows at most 30 %.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openRag, resolveRetrieval, storeOptions } from '@rag/session'
import { openSqliteKnowledgeBase } from '@rag/store-sqlite'
import { readRealCode, realCodeFiles, type RealCodeSource } from './corpus/real-code.js'
import { writeTree } from './corpus/write-tree.js'
import { applyIndexingFlags } from './speed/indexing-flags.js'
import { timeIndexRun } from './speed/timed-index-run.js'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : fallback
}

const MEGABYTES = option('mb', 8)
const RUNS = option('runs', 3)
const SETTINGS = resolveRetrieval('recommended')

function sizeOf(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

async function coldIndex(dir: string, layers: boolean): Promise<{ ms: number; cpu: number; tailMs: number; tailCpu: number; mainCpu: number | undefined; chunks: number; workers: number; storeBytes: number }> {
  const storeDir = mkdtempSync(join(tmpdir(), 'rag-layers-store-'))
  const path = join(storeDir, 'index.db')
  const store = await openSqliteKnowledgeBase(path, storeOptions(SETTINGS))
  try {
    const rag = openRag(store, { layers, ingest: { limits: { maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 } } })
    const { report, ...times } = await timeIndexRun(rag, dir)
    const result = { ...times, chunks: report.stats.chunks, workers: report.stats.workerThreads }
    await store.close() // checkpoints the WAL into the file
    return { ...result, storeBytes: sizeOf(path) + sizeOf(`${path}-wal`) }
  } finally {
    await store.close()
    rmSync(storeDir, { recursive: true, force: true })
  }
}

async function measure(name: string, sources: RealCodeSource[]): Promise<string> {
  const files = readRealCode(realCodeFiles({ sources, maxBytes: MEGABYTES * 1e6, order: 'hashed', skipDirs: ['test', 'tests'] }))
  const dir = mkdtempSync(join(tmpdir(), 'rag-layers-cost-'))
  const bytes = writeTree(files, dir)
  try {
    await coldIndex(dir, true) // warm the file cache and the grammars' compilation
    const plain: number[] = []
    const layered: number[] = []
    const plainCpu: number[] = []
    const layeredCpu: number[] = []
    // Tail (wall after the last file was chunked) of each side's fastest run.
    let plainTail = { ms: Number.POSITIVE_INFINITY, tailMs: 0 }
    let layeredTail = { ms: Number.POSITIVE_INFINITY, tailMs: 0 }
    let chunks = 0
    let workers = 0
    let plainBytes = 0
    let layeredBytes = 0
    for (let run = 0; run < RUNS; run++) {
      const a = await coldIndex(dir, false)
      const b = await coldIndex(dir, true)
      plainBytes = a.storeBytes
      layeredBytes = b.storeBytes
      plain.push(a.ms)
      layered.push(b.ms)
      plainCpu.push(a.cpu)
      layeredCpu.push(b.cpu)
      if (a.ms < plainTail.ms) plainTail = a
      if (b.ms < layeredTail.ms) layeredTail = b
      chunks = a.chunks
      workers = a.workers
      // Where the CPU went: the main thread, and every other thread (workers, V8's compiler and GC threads).
      const threads = (r: typeof a): string => (r.mainCpu === undefined ? '' : `; main thread ${r.mainCpu.toFixed(0)}, other threads ${(r.cpu - r.mainCpu).toFixed(0)}`)
      const tail = (r: typeof a): string => `tail ${r.tailMs.toFixed(0)} ms, cpu ${r.tailCpu.toFixed(0)}${threads(r)}`
      console.log(`${name} run ${run + 1}: plain ${a.ms.toFixed(0)} ms (cpu ${a.cpu.toFixed(0)}; ${tail(a)}), with layers ${b.ms.toFixed(0)} ms (cpu ${b.cpu.toFixed(0)}; ${tail(b)})`)
    }
    const best = (values: number[]): number => Math.min(...values)
    const p = best(plain)
    const l = best(layered)
    const pc = best(plainCpu)
    const lc = best(layeredCpu)
    const rate = (ms: number): string => (bytes / 1e6 / (ms / 1000)).toFixed(2)
    const more = (a: number, b: number): string => `${(((b - a) / a) * 100).toFixed(1)} %`
    const mb = (n: number): string => (n / 1e6).toFixed(1)
    return `| ${name} | ${files.length} | ${(bytes / 1e6).toFixed(1)} | ${chunks} | ${workers} | ${p.toFixed(0)} | ${rate(p)} | ${l.toFixed(0)} | ${rate(l)} | ${more(p, l)} | ${pc.toFixed(0)} | ${lc.toFixed(0)} | ${more(pc, lc)} | ${plainTail.tailMs.toFixed(0)} | ${layeredTail.tailMs.toFixed(0)} | ${mb(plainBytes)} | ${mb(layeredBytes)} | ${more(plainBytes, layeredBytes)} |`
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const flags = await applyIndexingFlags()
  console.log(`cold index, best of ${RUNS} alternating runs; node ${process.version}; ${flags}\n`)
  const rows = [await measure('Python stdlib', ['python-stdlib']), await measure('TypeScript (rxjs sources)', ['rxjs'])]
  console.log('| corpus | files | MB | chunks | workers | plain ms | plain MB/s | with layers ms | with layers MB/s | layers add (wall) | plain CPU ms | with layers CPU ms | layers add (CPU) | plain tail ms | with layers tail ms | store MB | store with layers MB | store grows |')
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

await main()
