/**
 * Speed and memory of `@rag/vector`:
 *
 * 1. `VectorStream` at 50,000 chunks of real code (60-line chunks of TypeScript's compiler, the
 *    Python standard library and other packages under node_modules, then C headers): static training and
 *    embedding throughput, vector memory, query p50/p95 (topK 10, query embedding included) for
 *    float32 and int8, at 128 and 256 dimensions, and for the hash tier.
 * 2. Cold indexing with the static tier: the full `FileIndexer` pipeline (`InMemoryKnowledgeBase` +
 *    `BM25Stream`, the recommended analyzer and indexed text) on 3, 12 and 24 MB of the Python
 *    standard library, then training and embedding every chunk: MB/s with and without vectors.
 *
 * Run: `pnpm build && cd bench && npx tsx src/vector-speed.ts [--chunks 50000] [--skip-pipeline]`.
 * Wall times and main-thread CPU times are both printed: on a shared machine trust CPU.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { BM25Stream, codeAwareAnalyzer } from '@rag/bm25'
import type { Document, Embedder } from '@rag/core'
import { pathAndSymbolText } from '@rag/lexical'
import { createLimits } from '@rag/ingest'
import { FileIndexer } from '@rag/session'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { createHashEmbedder, createStaticEmbedder, trainStaticModel, VectorStream, type Quantization } from '@rag/vector'
import { lineChunks, readRealCode, realCodeFiles, type LoadedFile } from './corpus/real-code.js'
import { writeTree } from './corpus/write-tree.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const args = process.argv.slice(2)
const chunksAt = args.indexOf('--chunks')
const CHUNKS = chunksAt >= 0 ? Number(args[chunksAt + 1]) : 50_000
const QUERIES = [
  'parse json response',
  'create source file',
  'type checker diagnostics',
  'read file async',
  'http server request handler',
  'regular expression match groups',
  'socket connection timeout',
  'emit declaration file',
  'resolve module name',
  'unicode string encoding',
  'thread lock acquire release',
  'json decode error',
  'symbol table lookup',
  'syntax tree visitor',
  'get auth token',
  'database connection pool',
  'compile regex pattern',
  'walk directory tree',
  'hash map insert',
  'format date time zone',
]

async function measured<T>(run: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const value = await run()
  const used = process.cpuUsage(cpu)
  return { value, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function queryTimes(stream: VectorStream): Promise<{ p50: number; p95: number }> {
  for (const q of QUERIES.slice(0, 5)) await stream.search(q, 10)
  const times: number[] = []
  for (let round = 0; round < 5; round++) {
    for (const q of QUERIES) {
      const started = performance.now()
      await stream.search(q, 10)
      times.push(performance.now() - started)
    }
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

const f1 = (x: number): string => x.toFixed(1)
const f2 = (x: number): string => x.toFixed(2)

async function streamAt50k(): Promise<void> {
  const files = readRealCode(realCodeFiles({ sources: ['typescript-lib', 'python-stdlib', 'node-modules', 'c-headers'], maxBytes: 400e6, minFileBytes: 1024 }))
  const chunks = lineChunks(files, 60, CHUNKS)
  const texts = chunks.map((c) => pathAndSymbolText.text(c))
  const chars = texts.reduce((s, t) => s + t.length, 0)
  console.log(`## VectorStream at ${chunks.length} chunks (${f1(chars / 1e6)} M chars, 60-line chunks of real code)\n`)
  console.log('| embedder | dims | storage | train ms (CPU) | embed ms (CPU) | chunks/s (CPU) | vector buffer MB | array-buffer growth MB | query p50 / p95 ms |')
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  type Made = { embedder: Embedder; train: { wallMs: number; cpuMs: number } }
  const tiers: { label: string; dims: number; make: () => Promise<Made> }[] = [128, 256].map((dims) => ({
    label: 'static',
    dims,
    make: async () => {
      const trained = await measured(() => trainStaticModel(texts, { analyzer: codeAwareAnalyzer, dimensions: dims }))
      return { embedder: createStaticEmbedder(trained.value, { analyzer: codeAwareAnalyzer }), train: trained }
    },
  }))
  tiers.push({ label: 'hash', dims: 256, make: async () => ({ embedder: createHashEmbedder({ analyzer: codeAwareAnalyzer, dimensions: 256 }), train: { wallMs: 0, cpuMs: 0 } }) })
  for (const tier of tiers) {
    const { embedder, train } = await tier.make()
    const embedded = await measured(() => embedder.embed(texts))
    for (const quantization of ['float32', 'int8'] as Quantization[]) {
      gc()
      const before = process.memoryUsage().arrayBuffers
      const stream = new VectorStream({ embedder, indexedText: pathAndSymbolText, quantization })
      await stream.replaceEmbedded([], chunks, embedded.value)
      gc()
      const growth = (process.memoryUsage().arrayBuffers - before) / 2 ** 20
      const { p50, p95 } = await queryTimes(stream)
      console.log(
        `| ${tier.label} | ${tier.dims} | ${quantization} | ${train.wallMs.toFixed(0)} (${train.cpuMs.toFixed(0)}) | ${embedded.wallMs.toFixed(0)} (${embedded.cpuMs.toFixed(0)}) | ${(chunks.length / (embedded.cpuMs / 1000)).toFixed(0)} | ${f1(stream.vectorBytes / 2 ** 20)} | ${f1(growth)} | ${f2(p50)} / ${f2(p95)} |`,
      )
      await stream.clear()
    }
  }
}


async function coldIndexing(): Promise<void> {
  console.log('\n## Cold indexing with the static tier (Python standard library, hashed order)\n')
  console.log('| MB | files | chunks | cold index ms (lexical) | train ms (CPU) | embed ms (CPU) | MB/s lexical | MB/s with static vectors (wall) | MB/s with static vectors (train + embed at CPU time) |')
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  const all = readRealCode(realCodeFiles({ sources: ['python-stdlib'], maxBytes: 30e6, order: 'hashed' }))
  const scratch = mkdtempSync(join(tmpdir(), 'rag-vector-speed-'))
  try {
    for (const mb of [3, 12, 24]) {
      const files: LoadedFile[] = []
      let size = 0
      for (const file of all) {
        if (size >= mb * 1e6) break
        files.push(file)
        size += Buffer.byteLength(file.content)
      }
      const dir = join(scratch, `tree-${mb}`)
      const bytes = writeTree(files, dir)
      const limits = createLimits({ maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 })
      const knowledgeBase = new InMemoryKnowledgeBase({ analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText })
      const bm25 = new BM25Stream({ analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
      const indexer = new FileIndexer({ knowledgeBase, streams: [bm25], limits })
      const cold = await measured(() => indexer.index(dir))
      const chunks: Document[] = await knowledgeBase.list()
      const texts = chunks.map((c) => pathAndSymbolText.text(c))
      const train = await measured(() => trainStaticModel(texts, { analyzer: codeAwareAnalyzer }))
      const stream = new VectorStream({ embedder: createStaticEmbedder(train.value, { analyzer: codeAwareAnalyzer }), indexedText: pathAndSymbolText })
      const embed = await measured(() => stream.add(chunks))
      const mbytes = bytes / 1e6
      console.log(
        `| ${f1(mbytes)} | ${files.length} | ${chunks.length} | ${cold.wallMs.toFixed(0)} | ${train.wallMs.toFixed(0)} (${train.cpuMs.toFixed(0)}) | ${embed.wallMs.toFixed(0)} (${embed.cpuMs.toFixed(0)}) | ${f2(mbytes / (cold.wallMs / 1000))} | ${f2(mbytes / ((cold.wallMs + train.wallMs + embed.wallMs) / 1000))} | ${f2(mbytes / ((cold.wallMs + train.cpuMs + embed.cpuMs) / 1000))} |`,
      )
      rmSync(dir, { recursive: true, force: true })
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  await streamAt50k()
  if (!args.includes('--skip-pipeline')) await coldIndexing()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
