/**
 * How fast a fresh `rag search` process can use a persisted @rag/store-sqlite index of a
 * 5,000-file-sized repository (~50,000 chunks of real code), and what restoring the in-memory
 * streams from it costs.
 *
 * Run: `cd bench && npx tsx src/sqlite-load.ts` (options: `--chunks N`, default 50000).
 * Builds `packages/store-sqlite` first if its dist is missing (the fresh-process step imports it).
 *
 * Measures: commit of all chunks (default analyzer and the seed-compatible analyzer), open,
 * `list()` of every chunk, BM25 and TF-IDF searches, a one-file generation swap, fingerprint/state loads,
 * a fresh Node process that opens and searches, and rebuilding BM25Stream / InMemoryKnowledgeBase
 * from the listed documents (when those packages are built).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BM25Stream, compatibleAnalyzer } from '@rag/bm25'
import type { Analyzer, Document } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { openSqliteKnowledgeBase, type FileFingerprint } from '@rag/store-sqlite'
import { lineChunks, readRealCode, realCodeFiles } from './corpus/real-code.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const STORE_PACKAGE = join(ROOT, 'packages/store-sqlite')
const CHUNK_LINES = 60
const argIndex = process.argv.indexOf('--chunks')
const TARGET_CHUNKS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 50_000
const QUERIES = [
  'parse json configuration file',
  'createSourceFile syntax tree',
  'socket connection timeout retry',
  'resolve module name',
  'http request headers',
  'unicode decode error',
]

/**
 * Real code in 60-line windows (`corpus/real-code.ts`: the Python standard library, TypeScript's
 * lib, other JavaScript and TypeScript under node_modules/.pnpm, C headers), until `target`
 * chunks, with one fingerprint per file listing its chunk ids.
 */
function buildCorpus(target: number): { docs: Document[]; files: Map<string, FileFingerprint>; bytes: number } {
  const loaded = readRealCode(realCodeFiles({ sources: ['python-stdlib', 'typescript-lib', 'node-modules', 'c-headers'], maxBytes: 400e6 }))
  const docs = lineChunks(loaded, CHUNK_LINES, target)
  const byFile = new Map<string, { size: number; chunkIds: string[] }>()
  let bytes = 0
  for (const doc of docs) {
    const size = Buffer.byteLength(doc.content)
    bytes += size
    const file = String(doc.metadata.file)
    const entry = byFile.get(file) ?? { size: 0, chunkIds: [] }
    entry.size += size
    entry.chunkIds.push(doc.id)
    byFile.set(file, entry)
  }
  const files = new Map<string, FileFingerprint>()
  for (const [file, { size, chunkIds }] of byFile) files.set(file, { fingerprint: `chunks-of:${file}`, size, mtimeMs: 1_700_000_000_000, chunkIds })
  return { docs, files, bytes }
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6
}

async function time<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const start = process.hrtime.bigint()
  const result = await work()
  return [result, ms(start)]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const rows: Array<[string, string]> = []
function report(label: string, value: string): void {
  rows.push([label, value])
  console.log(`${label.padEnd(58)} ${value}`)
}
const fmt = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`

async function commitAll(path: string, analyzer: Analyzer, docs: Document[], files: Map<string, FileFingerprint>): Promise<number> {
  const kb = await openSqliteKnowledgeBase(path, { analyzer })
  const [, took] = await time(() =>
    kb.commitGeneration({
      addDocuments: docs,
      fingerprints: files,
      state: { root: '/bench', indexedAt: new Date().toISOString(), fileCount: files.size, chunkCount: docs.length, analyzer: analyzer.name },
    }),
  )
  await kb.close()
  return took
}

/** A fresh `node` process: import the built store, open, search (and list), as `rag search` would. */
function freshProcess(path: string, analyzerModule: string | undefined, list: boolean): Record<string, number> {
  const dist = pathToFileURL(join(STORE_PACKAGE, 'dist/index.js')).href
  const analyzerImport = analyzerModule
    ? `const { compatibleAnalyzer } = await import(${JSON.stringify(analyzerModule)}); const options = { analyzer: compatibleAnalyzer, create: false }`
    : 'const options = { create: false }'
  const script = `
    const t0 = performance.now()
    const { openSqliteKnowledgeBase } = await import(${JSON.stringify(dist)})
    ${analyzerImport}
    const t1 = performance.now()
    const kb = await openSqliteKnowledgeBase(${JSON.stringify(path)}, options)
    const t2 = performance.now()
    const hits = await kb.search(${JSON.stringify(QUERIES[0])}, 10)
    const t3 = performance.now()
    let listed = 0
    if (${list}) listed = (await kb.list()).length
    const t4 = performance.now()
    await kb.close()
    console.log(JSON.stringify({ importMs: t1 - t0, openMs: t2 - t1, searchMs: t3 - t2, listMs: t4 - t3, hits: hits.length, listed, uptimeMs: performance.now() }))
  `
  const start = process.hrtime.bigint()
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: STORE_PACKAGE })
  const wall = ms(start)
  if (run.status !== 0) throw new Error(`fresh process failed: ${run.stderr}`)
  return { ...(JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, number>), wallMs: wall }
}

async function main(): Promise<void> {
  if (!existsSync(join(STORE_PACKAGE, 'dist/index.js'))) {
    execFileSync('pnpm', ['--filter', '@rag/store-sqlite', 'build'], { cwd: ROOT, stdio: 'inherit' })
  }
  const dir = mkdtempSync(join(tmpdir(), 'rag-sqlite-load-'))
  try {
    const [{ docs, files, bytes }, corpusMs] = await time(() => buildCorpus(TARGET_CHUNKS))
    console.log(`corpus: ${docs.length} chunks of ${CHUNK_LINES} lines from ${files.size} files, ${(bytes / 1e6).toFixed(1)} MB (read in ${fmt(corpusMs)})`)
    console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`)

    const basicPath = join(dir, 'basic.db')
    const seedPath = join(dir, 'seed.db')
    report(`commit ${docs.length} chunks + ${files.size} fingerprints (basic analyzer)`, fmt(await commitAll(basicPath, (await import('@rag/lexical')).basicAnalyzer, docs, files)))
    report(`commit ${docs.length} chunks + ${files.size} fingerprints (compatible analyzer)`, fmt(await commitAll(seedPath, compatibleAnalyzer, docs, files)))
    report('database file size (compatible analyzer)', `${(statSync(seedPath).size / 1e6).toFixed(1)} MB`)

    const [kb, openMs] = await time(() => openSqliteKnowledgeBase(seedPath, { analyzer: compatibleAnalyzer, create: false }))
    report('open (in process, warm module)', fmt(openMs))
    const [listed, listMs] = await time(() => kb.list())
    report(`list() all ${listed.length} chunks`, fmt(listMs))
    report('size()', fmt((await time(() => kb.size()))[1]))
    report(`loadFingerprints() (${files.size} files)`, fmt((await time(() => kb.loadFingerprints()))[1]))
    report('loadState()', fmt((await time(() => kb.loadState()))[1]))

    // Each round on a fresh connection: the store keeps the postings of recent terms (per
    // connection and generation), so a repeated query on one connection would time the cache.
    const searchTimes: number[] = []
    const tfidfTimes: number[] = []
    const cachedTimes: number[] = []
    for (let round = 0; round < 5; round++) {
      const fresh = await openSqliteKnowledgeBase(seedPath, { analyzer: compatibleAnalyzer, create: false })
      for (const q of QUERIES) {
        searchTimes.push((await time(() => fresh.search(q, 10)))[1])
        cachedTimes.push((await time(() => fresh.searchTfidf(q, 20)))[1])
      }
      await fresh.close()
      const other = await openSqliteKnowledgeBase(seedPath, { analyzer: compatibleAnalyzer, create: false })
      for (const q of QUERIES) tfidfTimes.push((await time(() => other.searchTfidf(q, 20)))[1])
      await other.close()
    }
    report(`search (BM25) top 10 (median of ${searchTimes.length}, ${QUERIES.length} queries)`, fmt(median(searchTimes)))
    report('search (BM25) top 10 (slowest)', fmt(Math.max(...searchTimes)))
    report(`searchTfidf top 20, as the CLI's hybrid asks (median of ${tfidfTimes.length})`, fmt(median(tfidfTimes)))
    report('searchTfidf top 20 (slowest)', fmt(Math.max(...tfidfTimes)))
    report('searchTfidf top 20 right after search of the same query (median)', fmt(median(cachedTimes)))

    // One-file generation swap, as `rag watch` does: the file's chunks out, new ones in, the full
    // fingerprint map (one entry changed) and a new state.
    const candidates = [...files.entries()].filter(([, e]) => (e.chunkIds?.length ?? 0) >= 8)
    const [file, entry] = candidates[Math.floor(candidates.length / 2)]!
    let previous = entry.chunkIds ?? []
    const swap = async (round: number, withIndexState: boolean): Promise<number> => {
      const fresh = previous.map((_, i) => ({ id: `${file}#r${round}-${i}`, content: `edited ${round} chunk ${i} of ${file}`, metadata: { file } }))
      const fingerprints = new Map(files)
      fingerprints.set(file, { ...entry, fingerprint: `edit-${round}`, chunkIds: fresh.map((d) => d.id) })
      const commit = withIndexState
        ? { removeIds: previous, addDocuments: fresh, fingerprints, state: { root: '/bench', indexedAt: new Date().toISOString() } }
        : { removeIds: previous, addDocuments: fresh }
      const [, took] = await time(() => kb.commitGeneration(commit))
      previous = fresh.map((d) => d.id)
      return took
    }
    const swapTimes: number[] = []
    const chunksOnly: number[] = []
    for (let round = 0; round < 20; round++) swapTimes.push(await swap(round, true))
    for (let round = 20; round < 40; round++) chunksOnly.push(await swap(round, false))
    report(`one-file generation swap: ${previous.length} chunks + ${files.size} fingerprints + state (median of 20)`, fmt(median(swapTimes)))
    report(`one-file generation swap: ${previous.length} chunks only (median of 20)`, fmt(median(chunksOnly)))

    // Restoring the in-memory streams from the loaded documents.
    const [bm25, bm25Ms] = await time(async () => {
      const stream = new BM25Stream({ analyzer: compatibleAnalyzer, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
      await stream.replaceDocuments([], listed)
      return stream
    })
    report(`rebuild BM25Stream (compatible analyzer) from ${listed.length} chunks`, fmt(bm25Ms))
    const bm25Times: number[] = []
    for (const q of QUERIES) bm25Times.push((await time(() => bm25.search(q, 10)))[1])
    report('BM25Stream search top 10 (median)', fmt(median(bm25Times)))
    const [, tfidfMs] = await time(async () => {
      const mem = new InMemoryKnowledgeBase()
      await mem.add(listed)
      return mem
    })
    report(`rebuild InMemoryKnowledgeBase (TF-IDF) from ${listed.length} chunks`, fmt(tfidfMs))

    // The store's search computes BM25Stream's score from its index: the top 10 must agree.
    const overlaps: number[] = []
    for (const q of QUERIES) {
      const a = new Set((await kb.search(q, 10)).map((h) => h.document.id))
      const b = (await bm25.search(q, 10)).map((h) => h.document.id)
      overlaps.push(b.filter((id) => a.has(id)).length / Math.max(1, Math.min(10, b.length)))
    }
    report('top-10 overlap of search (BM25) and BM25Stream (mean)', `${((overlaps.reduce((s, x) => s + x, 0) / overlaps.length) * 100).toFixed(0)} %`)
    await kb.close()

    const bm25Module = pathToFileURL(join(ROOT, 'packages/bm25/dist/index.js')).href
    const searchOnly = freshProcess(seedPath, bm25Module, false)
    report('fresh node process: import + open + search (wall)', fmt(searchOnly['wallMs']!))
    report('  of which import / open / search', `${fmt(searchOnly['importMs']!)} / ${fmt(searchOnly['openMs']!)} / ${fmt(searchOnly['searchMs']!)}`)
    const withList = freshProcess(seedPath, bm25Module, true)
    report('fresh node process: open + search + list() all (wall)', fmt(withList['wallMs']!))
    report('  of which list()', fmt(withList['listMs']!))
    const bare = spawnSync(process.execPath, ['-e', ''], { encoding: 'utf8' })
    if (bare.status === 0) {
      const [, nodeMs] = await time(() => spawnSync(process.execPath, ['-e', '']))
      report('  (bare `node -e ""` for reference)', fmt(nodeMs))
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
