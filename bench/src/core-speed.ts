/**
 * The retrieval core's speed targets (issue 2) at 50,000 chunks of real code: indexing into BM25
 * and TF-IDF, BM25 query p50, hybrid (BM25 + TF-IDF, RRF) query p50, and heap against the chunk
 * text. A measurement, not a test.
 *
 *   cd bench && npx tsx src/core-speed.ts [chunks=50000] [queries=1000] [analyzer=compatible|code-aware]
 *
 * Corpus: the shared real-code loader (Python stdlib, TypeScript's lib, other node_modules code,
 * C headers; fixed order), cut into 60-line chunks until the chunk count is reached.
 */
import { performance } from 'node:perf_hooks'
import v8 from 'node:v8'
import vm from 'node:vm'
import { BM25Stream, codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'
import type { Document } from '@rag/core'
import { HybridRetriever } from '@rag/hybrid'
import { InMemoryKnowledgeBase, KnowledgeBaseStream } from '@rag/kb-tfidf'
import { readRealCode, realCodeFiles } from './corpus/real-code.js'

const CHUNKS = Number(process.argv[2] ?? 50_000)
const QUERIES = Number(process.argv[3] ?? 1_000)
const ANALYZER = process.argv[4] === 'code-aware' ? codeAwareAnalyzer : compatibleAnalyzer
const LINES = 60

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

function chunks(target: number): { docs: Document[]; bytes: number } {
  const files = readRealCode(realCodeFiles({ sources: ['python-stdlib', 'typescript-lib', 'node-modules', 'c-headers'], maxBytes: 400e6 }))
  const docs: Document[] = []
  let bytes = 0
  for (const file of files) {
    const lines = file.content.split('\n')
    for (let start = 0; start < lines.length && docs.length < target; start += LINES) {
      const content = lines.slice(start, start + LINES).join('\n')
      bytes += Buffer.byteLength(content)
      docs.push({ id: `${file.label}#${start + 1}`, content, metadata: { file: file.label, startLine: start + 1 } })
    }
    if (docs.length >= target) break
  }
  return { docs, bytes }
}

function queriesFrom(docs: readonly Document[], count: number): string[] {
  // Two to four identifier-like words taken from chunks spread over the corpus: queries that hit.
  const out: string[] = []
  for (let i = 0; out.length < count; i++) {
    const words = docs[(i * 7919) % docs.length]!.content.match(/[A-Za-z_][A-Za-z0-9_]{3,}/g) ?? []
    if (words.length < 4) continue
    const n = 2 + (i % 3)
    const at = (i * 31) % (words.length - n + 1)
    out.push(words.slice(at, at + n).join(' '))
  }
  return out
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function timeQueries(queries: readonly string[], run: (q: string) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (const q of queries.slice(0, 50)) await run(q) // warm-up
  const times: number[] = []
  for (const q of queries) {
    const t = performance.now()
    await run(q)
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

const { docs, bytes } = chunks(CHUNKS)
const queries = queriesFrom(docs, QUERIES)
gc()
// Typed-array backing stores live outside the V8 heap: count them too.
const memory = (): number => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers
const heapBefore = memory()

const bm25 = new BM25Stream({ analyzer: ANALYZER, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
const kb = new InMemoryKnowledgeBase()
let t = performance.now()
const cpuBefore = process.cpuUsage()
await bm25.replaceDocuments([], docs)
const bm25Ms = performance.now() - t
t = performance.now()
await kb.replaceDocuments([], docs)
const kbMs = performance.now() - t
const cpu = process.cpuUsage(cpuBefore)
const cpuMs = (cpu.user + cpu.system) / 1000
gc()
const heapGrowth = memory() - heapBefore

const hybrid = HybridRetriever.builder().stream(bm25, 0.6).stream(new KnowledgeBaseStream(kb), 0.4).build()
const bm25Query = await timeQueries(queries, (q) => bm25.search(q, 10))
const hybridQuery = await timeQueries(queries, (q) => hybrid.retrieve(q, 10))

const mb = (n: number): string => (n / 1024 / 1024).toFixed(1)
const ms = (n: number): string => n.toFixed(2)
console.log(`corpus: ${docs.length} chunks, ${mb(bytes)} MiB of text; analyzer ${ANALYZER.name}; ${queries.length} queries; load ${(await import('node:os')).loadavg()[0]!.toFixed(2)}`)
console.log(`index into both streams: ${ms(bm25Ms + kbMs)} ms wall, ${ms(cpuMs)} ms CPU (BM25 ${ms(bm25Ms)} ms, TF-IDF ${ms(kbMs)} ms)   target <= 2000 ms`)
console.log(`BM25 query:   p50 ${ms(bm25Query.p50)} ms, p95 ${ms(bm25Query.p95)} ms   target p50 <= 1 ms`)
console.log(`hybrid query: p50 ${ms(hybridQuery.p50)} ms, p95 ${ms(hybridQuery.p95)} ms   target p50 <= 3 ms`)
console.log(`heap + array-buffer growth of both indexes (documents shared): ${mb(heapGrowth)} MiB = ${(heapGrowth / bytes).toFixed(2)}x the chunk text   target <= 3x`)
