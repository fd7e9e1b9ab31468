/**
 * Cost of persisted vectors (`@rag/store-sqlite` schema 5 and `@rag/session`'s vectors) at 50,000
 * chunks of real code, 256-dimension hash vectors (float32):
 *
 * 1. Committing every chunk with its vector in one transaction, against the chunks alone.
 * 2. What a fresh process pays before its first vector search: reading ids and vectors back
 *    (`loadVectors`) and filling a `VectorStream` (`replaceEmbedded`); the memory the stream then
 *    holds (vector buffer, and the process's array-buffer growth).
 * 3. The re-index of a one-file edit: looking up its 40 chunk hashes (`findVectors`) against
 *    embedding them, and the commit of the changed vectors.
 * 4. Query p50 / p95 over the loaded stream (topK 10, query embedding included).
 *
 * Run: `pnpm build && cd bench && npx tsx src/vector-persist.ts [--chunks 50000]`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { codeAwareAnalyzer } from '@rag/bm25'
import { pathAndSymbolText } from '@rag/lexical'
import { contentHash } from '@rag/session'
import { openSqliteKnowledgeBase } from '@rag/store-sqlite'
import { createHashEmbedder, VectorStream } from '@rag/vector'
import { lineChunks, readRealCode, realCodeFiles } from './corpus/real-code.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const args = process.argv.slice(2)
const chunksAt = args.indexOf('--chunks')
const CHUNKS = chunksAt >= 0 ? Number(args[chunksAt + 1]) : 50_000
const QUERIES = ['parse json response', 'create source file', 'read file async', 'socket connection timeout', 'resolve module name', 'thread lock acquire release', 'walk directory tree', 'format date time zone']

function ms(started: number): number {
  return performance.now() - started
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function main(): Promise<void> {
  const files = readRealCode(realCodeFiles({ sources: ['typescript-lib', 'python-stdlib', 'node-modules', 'c-headers'], maxBytes: 400e6, minFileBytes: 1024 }))
  const chunks = lineChunks(files, 60, CHUNKS)
  const embedder = createHashEmbedder({ analyzer: codeAwareAnalyzer, dimensions: 256 })
  const texts = chunks.map((doc) => pathAndSymbolText.text(doc))
  let started = performance.now()
  const vectors = await embedder.embed(texts)
  const embedMs = ms(started)
  const hashes = texts.map(contentHash)
  const record = { name: embedder.name, dimensions: 256, spec: { kind: 'hash' } }
  const dir = mkdtempSync(join(tmpdir(), 'rag-vector-persist-'))
  try {
    const options = { analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText }
    const plainPath = join(dir, 'plain.db')
    const plain = await openSqliteKnowledgeBase(plainPath, options)
    started = performance.now()
    await plain.commitGeneration({ addDocuments: chunks })
    const plainMs = ms(started)
    await plain.close()

    const path = join(dir, 'vectors.db')
    const writer = await openSqliteKnowledgeBase(path, options)
    started = performance.now()
    await writer.commitGeneration({ addDocuments: chunks, vectors: { embedder: record, vectors: chunks.map((doc, i) => ({ id: doc.id, contentHash: hashes[i]!, vector: vectors[i]! })) } })
    const withVectorsMs = ms(started)
    await writer.close()
    const size = (file: string) => statSync(file).size / 1e6

    for (let i = 0; i < 3; i++) {
      gc()
      await new Promise((resolve) => setImmediate(resolve))
    }
    const arrayBuffersBefore = process.memoryUsage().arrayBuffers
    const reader = await openSqliteKnowledgeBase(path, options)
    started = performance.now()
    // What a session does at start: ids and vectors only, no content (hits are read by id).
    const loaded = await reader.loadVectors(embedder.name)
    const readMs = ms(started)
    started = performance.now()
    const stream = new VectorStream({ embedder, indexedText: pathAndSymbolText })
    await stream.replaceEmbedded([], loaded.ids.map((id) => ({ id, content: '', metadata: {} })), loaded.vectors)
    const fillMs = ms(started)
    loaded.vectors.length = 0
    // Let finalizers of the driver's blob buffers run between collections.
    for (let i = 0; i < 3; i++) {
      gc()
      await new Promise((resolve) => setImmediate(resolve))
    }
    const arrayBuffersMb = (process.memoryUsage().arrayBuffers - arrayBuffersBefore) / 1e6

    const times: number[] = []
    for (let round = 0; round < 5; round++) {
      for (const query of QUERIES) {
        const t = performance.now()
        await stream.search(query, 10)
        times.push(ms(t))
      }
    }

    // A one-file edit: the file's chunks are looked up by hash, one of them changed.
    const perFile = new Map<unknown, number>()
    for (const doc of chunks) perFile.set(doc.metadata['file'], (perFile.get(doc.metadata['file']) ?? 0) + 1)
    const file = [...perFile].sort((a, b) => b[1] - a[1])[0]![0]
    const own = chunks.map((doc, i) => ({ doc, i })).filter(({ doc }) => doc.metadata['file'] === file)
    const ownHashes = own.map(({ i }) => hashes[i]!)
    ownHashes[0] = contentHash(`${texts[own[0]!.i]!}\n// edited`)
    started = performance.now()
    const found = await reader.findVectors(embedder.name, ownHashes)
    const lookupMs = ms(started)
    started = performance.now()
    await embedder.embed(own.map(({ i }) => texts[i]!))
    const reembedMs = ms(started)
    await reader.close()

    const n = chunks.length
    const lines = [
      `## Persisted vectors (\`cd bench && npx tsx src/vector-persist.ts\`): ${n} chunks of real code, hash embedder, 256 dimensions, float32`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| embed every chunk (hash tier) | ${embedMs.toFixed(0)} ms (${((n / embedMs) * 1000).toFixed(0)} chunks/s) |`,
      `| commit the chunks alone / with their vectors (one transaction) | ${plainMs.toFixed(0)} ms / ${withVectorsMs.toFixed(0)} ms |`,
      `| store file without / with vectors | ${size(plainPath).toFixed(1)} MB / ${size(path).toFixed(1)} MB |`,
      `| fresh process: read every id and vector (\`loadVectors\`) + fill the stream | ${readMs.toFixed(0)} ms + ${fillMs.toFixed(0)} ms |`,
      `| vector buffer / array-buffer growth of the loaded stream | ${(stream.vectorBytes / 1e6).toFixed(1)} MB / ${arrayBuffersMb.toFixed(1)} MB |`,
      `| query p50 / p95 over the loaded stream (topK 10, query embedded) | ${percentile(times, 50).toFixed(2)} / ${percentile(times, 95).toFixed(2)} ms |`,
      `| one-file edit (${own.length} chunks, 1 changed): hash lookup of stored vectors / embedding them all again | ${lookupMs.toFixed(1)} ms (found ${found.size}) / ${reembedMs.toFixed(1)} ms |`,
    ]
    console.log(lines.join('\n'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
