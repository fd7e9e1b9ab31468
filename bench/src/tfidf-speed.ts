/**
 * Speed and memory of @rag/kb-tfidf (and the fusion overhead of @rag/hybrid) at 50,000 chunks of
 * real code. A throwaway-style measurement, not a test: run it and read the figures.
 *
 *   cd bench && npx tsx src/tfidf-speed.ts [chunks=50000] [queries=2000]
 *
 * Corpus (`corpus/real-code.ts`): the TypeScript compiler's lib/*.js, the Python standard library
 * of the machine's python3, other JavaScript and TypeScript sources under node_modules/.pnpm
 * (minified files skipped) and C headers from /usr/include, split into 60-line chunks, in a fixed
 * order, until the chunk count is reached. Needs `pnpm build` in
 * packages/kb-tfidf, packages/hybrid and packages/core first (imports their dist).
 */
import { performance } from 'node:perf_hooks'
import v8 from 'node:v8'
import vm from 'node:vm'
import type { Document } from '@rag/core'
import { HybridRetriever } from '@rag/hybrid'
import { InMemoryKnowledgeBase, KnowledgeBaseStream } from '@rag/kb-tfidf'
import { lineChunks, readRealCode, realCodeFiles } from './corpus/real-code.js'

const CHUNKS = Number(process.argv[2] ?? 50_000)
const QUERIES = Number(process.argv[3] ?? 2_000)
const LINES_PER_CHUNK = 60

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

/** 60-line windows of real code, from the shared corpus loader (sources in a fixed order). */
function corpus(limit: number): Document[] {
  const files = readRealCode(realCodeFiles({ sources: ['typescript-lib', 'python-stdlib', 'node-modules', 'c-headers'], maxBytes: 400e6 }))
  return lineChunks(files, LINES_PER_CHUNK, limit)
}

/** A deterministic PRNG (mulberry32), so every run asks the same queries. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const HAND_WRITTEN = [
  'parse config file',
  'create source file',
  'type checker diagnostics',
  'http request headers',
  'read json from disk',
  'async function await promise',
  'resolve module path',
  'socket connection timeout',
  'format error message',
  'encode decode unicode string',
  'emit declaration files',
  'walk directory tree',
  'compile regular expression',
  'thread lock acquire release',
  'getSourceFileOfNode',
]

/** Hand-written queries plus 2-3 words drawn from random chunks: realistic mixes of rare and common terms. */
function queries(docs: readonly Document[], count: number): string[] {
  const next = random(42)
  const out = [...HAND_WRITTEN]
  while (out.length < count) {
    const words = docs[Math.floor(next() * docs.length)]!.content.split(/[^A-Za-z0-9_]+/).filter((w) => w.length > 2)
    if (words.length === 0) continue
    const n = 2 + Math.floor(next() * 2)
    out.push(Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(' '))
  }
  return out.slice(0, count)
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function timeQueries(label: string, qs: readonly string[], run: (q: string) => Promise<unknown>): Promise<void> {
  for (const q of qs.slice(0, 200)) await run(q) // warm up the JIT
  const times: number[] = []
  for (const q of qs) {
    const t0 = performance.now()
    await run(q)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const fmt = (ms: number) => `${ms.toFixed(3)} ms`
  console.log(
    `${label.padEnd(34)} p50 ${fmt(percentile(times, 50))}  p90 ${fmt(percentile(times, 90))}  p99 ${fmt(percentile(times, 99))}  max ${fmt(times.at(-1)!)}`,
  )
}

function heapBytes(): number {
  gc()
  gc()
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

/** CPU time of this process (user + system) in ms; close to main-thread time for synchronous work. */
function threadCpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function main(): Promise<void> {
  const t0 = performance.now()
  const docs = corpus(CHUNKS)
  const textChars = docs.reduce((n, d) => n + d.content.length, 0)
  const files = new Set(docs.map((d) => d.metadata.file)).size
  console.log(`corpus: ${docs.length} chunks from ${files} files, ${mb(textChars)} of text (${(performance.now() - t0).toFixed(0)} ms to load)`)
  console.log(`node ${process.version}, ${process.arch}`)

  // Indexing: a fresh knowledge base per run, one batch, as an index run's replaceDocuments does.
  // Wall time suffers when other processes share the CPU; main-thread CPU time is reported too.
  const indexTimes: number[] = []
  const cpuTimes: number[] = []
  for (let run = 0; run < 5; run++) {
    const kb = new InMemoryKnowledgeBase()
    gc()
    const start = performance.now()
    const cpu = threadCpuMs()
    await kb.replaceDocuments([], docs)
    cpuTimes.push(threadCpuMs() - cpu)
    indexTimes.push(performance.now() - start)
  }
  const ms = (times: number[]) => times.map((t) => t.toFixed(0)).join(', ')
  const median = (times: number[]) => percentile([...times].sort((a, b) => a - b), 50).toFixed(0)
  console.log(`index ${docs.length} chunks (one batch)      wall ${ms(indexTimes)} ms, median ${median(indexTimes)} ms`)
  console.log(`                                   cpu  ${ms(cpuTimes)} ms, median ${median(cpuTimes)} ms`)

  // Memory: live heap + array buffers after indexing, minus before; documents are shared, not copied.
  const before = heapBytes()
  const kb = new InMemoryKnowledgeBase()
  await kb.add(docs)
  const after = heapBytes()
  const overhead = after - before
  console.log(`index memory: ${mb(overhead)} = ${(overhead / textChars).toFixed(2)}x the chunk text (${mb(textChars)})`)

  const small = new InMemoryKnowledgeBase()
  const incStart = performance.now()
  for (const d of docs.slice(0, 5_000)) await small.add([d])
  console.log(`add 5,000 chunks one at a time    ${(performance.now() - incStart).toFixed(0)} ms`)

  const qs = queries(docs, QUERIES)
  await timeQueries('tf-idf search, topK 10', qs, (q) => kb.search(q, 10))
  await timeQueries('tf-idf search, topK 100', qs, (q) => kb.search(q, 100))
  // The hand-written queries alone: common words ('function', 'file', 'error') with long postings.
  const common = Array.from({ length: 40 }, () => HAND_WRITTEN).flat()
  await timeQueries('tf-idf, hand-written only, topK 10', common, (q) => kb.search(q, 10))
  const hybrid = HybridRetriever.builder()
    .stream(new KnowledgeBaseStream(kb, { name: 'tfidf-a' }), 0.6)
    .stream(new KnowledgeBaseStream(kb, { name: 'tfidf-b' }), 0.4)
    .build()
  await timeQueries('hybrid of 2 tf-idf streams, topK 10', qs, (q) => hybrid.retrieve(q, 10))

  // Churn: replace 10% of the chunks (re-add them), as an incremental index run does.
  const churn = docs.filter((_, i) => i % 10 === 0)
  const churnStart = performance.now()
  await kb.replaceDocuments(
    churn.map((d) => d.id),
    churn,
  )
  console.log(`replace 10% of the chunks         ${(performance.now() - churnStart).toFixed(0)} ms`)
  await timeQueries('tf-idf search after churn, topK 10', qs, (q) => kb.search(q, 10))
}

await main()
