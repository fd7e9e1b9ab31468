/**
 * What the code layers (seed 003's symbols, edges and entrypoints) cost a cold index: the full
 * pipeline (`FileIndexer` on worker threads into `InMemoryKnowledgeBase` + `BM25Stream`, the
 * recommended analyzers) over the same real code, once with the default chunker and once with a
 * chunker that also extracts every file's layer records from the same parse and clones them (the
 * cost of sending them to the main thread). Storing the records is not part of it yet.
 *
 * Run: `cd bench && npx tsx src/layers-cost.ts [--mb 8] [--runs 3]` (build the packages first).
 * Runs alternate (plain, layers, plain, layers, ...) so machine load hits both alike; the best run
 * of each side is reported, in wall time and in CPU time (user + system of every thread of the
 * process: what a shared, loaded machine cannot inflate by making the run wait). Target: layers
 * add at most 15 % to the cold index time.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BM25Stream } from '@rag/bm25'
import { createLimits, FileIngestionService, type ChunkerSpec } from '@rag/ingest'
import { FileIndexer } from '@rag/session'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { readRealCode, realCodeFiles, type RealCodeSource } from './corpus/real-code.js'
import { analyzerOf } from './eval/engines.js'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : fallback
}

const MEGABYTES = option('mb', 8)
const RUNS = option('runs', 3)
const PLAIN: ChunkerSpec = { module: '@rag/chunker', factory: 'createNormalizedDocumentChunker' }
const LAYERS: ChunkerSpec = { module: fileURLToPath(new URL('./speed/extracting-chunker.mjs', import.meta.url)), factory: 'createExtractingChunker' }

/** CPU time of the whole process (every thread), in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

async function coldIndex(dir: string, chunker: ChunkerSpec): Promise<{ ms: number; cpu: number; chunks: number; workers: number }> {
  const limits = createLimits({ maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 })
  const knowledgeBase = new InMemoryKnowledgeBase({ analyzer: analyzerOf('code-aware') })
  const bm25 = new BM25Stream({ analyzer: analyzerOf('code-aware'), maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
  const service = new FileIngestionService({ limits, chunker })
  const indexer = new FileIndexer({ knowledgeBase, streams: [bm25], service })
  const started = performance.now()
  const cpu = cpuMs()
  const report = await indexer.index(dir)
  return { ms: performance.now() - started, cpu: cpuMs() - cpu, chunks: report.stats.chunks, workers: report.stats.workerThreads }
}

async function measure(name: string, sources: RealCodeSource[]): Promise<string> {
  const files = readRealCode(realCodeFiles({ sources, maxBytes: MEGABYTES * 1e6, order: 'hashed', skipDirs: ['test', 'tests'] }))
  const dir = mkdtempSync(join(tmpdir(), 'rag-layers-cost-'))
  let bytes = 0
  const past = new Date(Date.now() - 60_000)
  for (const file of files) {
    const path = join(dir, file.label)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, file.content)
    utimesSync(path, past, past)
    bytes += Buffer.byteLength(file.content)
  }
  try {
    await coldIndex(dir, PLAIN) // warm the file cache and the grammars' compilation
    const plain: number[] = []
    const layered: number[] = []
    const plainCpu: number[] = []
    const layeredCpu: number[] = []
    let chunks = 0
    let workers = 0
    for (let run = 0; run < RUNS; run++) {
      const a = await coldIndex(dir, PLAIN)
      const b = await coldIndex(dir, LAYERS)
      plain.push(a.ms)
      layered.push(b.ms)
      plainCpu.push(a.cpu)
      layeredCpu.push(b.cpu)
      chunks = a.chunks
      workers = a.workers
      console.log(`${name} run ${run + 1}: plain ${a.ms.toFixed(0)} ms (cpu ${a.cpu.toFixed(0)}), with layers ${b.ms.toFixed(0)} ms (cpu ${b.cpu.toFixed(0)})`)
    }
    const best = (values: number[]): number => Math.min(...values)
    const p = best(plain)
    const l = best(layered)
    const pc = best(plainCpu)
    const lc = best(layeredCpu)
    const rate = (ms: number): string => (bytes / 1e6 / (ms / 1000)).toFixed(2)
    const more = (a: number, b: number): string => `${(((b - a) / a) * 100).toFixed(1)} %`
    return `| ${name} | ${files.length} | ${(bytes / 1e6).toFixed(1)} | ${chunks} | ${workers} | ${p.toFixed(0)} | ${rate(p)} | ${l.toFixed(0)} | ${rate(l)} | ${more(p, l)} | ${pc.toFixed(0)} | ${lc.toFixed(0)} | ${more(pc, lc)} |`
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  console.log(`cold index, best of ${RUNS} alternating runs; node ${process.version}\n`)
  const rows = [await measure('Python stdlib', ['python-stdlib']), await measure('TypeScript (rxjs sources)', ['rxjs'])]
  console.log('| corpus | files | MB | chunks | workers | plain ms | plain MB/s | with layers ms | with layers MB/s | layers add (wall) | plain CPU ms | with layers CPU ms | layers add (CPU) |')
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

await main()
