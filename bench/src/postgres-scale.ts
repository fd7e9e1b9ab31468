/**
 * Scale of @rag/store-postgres against @rag/store-sqlite on the same chunks (issue 14): index
 * throughput (one generation of N chunks with their file records, as one `rag index` run commits
 * it) and hybrid search latency (BM25 + TF-IDF from the store, fused as `rag search` does, through
 * `openRag` of @rag/session with the recommended preset) at that size.
 *
 * Run: `cd bench && npx tsx src/postgres-scale.ts` (options: `--chunks N`, default 200000;
 * `--queries N`, default 60; `--url postgres://...`, default the local server; `--skip-sqlite`).
 * Needs PostgreSQL (127.0.0.1:5432, trust auth, as on every machine of this project); creates a
 * database of its own and drops it at the end. Builds nothing: run `pnpm build` first.
 *
 * The corpus is real code (`corpus/real-code.ts`: Python standard library, TypeScript's lib, other
 * JavaScript and TypeScript under node_modules/.pnpm, C headers) in 60-line windows, replicated
 * (each copy under its own path prefix) until N chunks when the machine holds less.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Document } from '@rag/core'
import { openRag, resolveRetrieval, storeOptions, type RagService } from '@rag/session'
import { openPostgresDatabase } from '@rag/store-postgres'
import { openSqliteKnowledgeBase } from '@rag/store-sqlite'
import { lineChunks, readRealCode, realCodeFiles } from './corpus/real-code.js'

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}
const TARGET = Number(arg('chunks') ?? 200_000)
const QUERY_COUNT = Number(arg('queries') ?? 60)
const ADMIN_URL = arg('url') ?? process.env['RAG_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SKIP_SQLITE = process.argv.includes('--skip-sqlite')
const CHUNK_LINES = 60

/** Real queries a developer types, and identifiers and words taken from the corpus itself. */
const FIXED_QUERIES = [
  'parse json configuration file',
  'createSourceFile syntax tree',
  'socket connection timeout retry',
  'resolve module name',
  'http request headers',
  'unicode decode error',
  'read file line by line',
  'thread pool executor shutdown',
  'compare two strings ignoring case',
  'format date time zone',
]

interface Corpus {
  readonly docs: Document[]
  readonly files: Map<string, { fingerprint: string; size: number; mtimeMs: number; chunkIds: string[] }>
  readonly bytes: number
  readonly distinct: number
}

function buildCorpus(target: number): Corpus {
  const loaded = readRealCode(realCodeFiles({ sources: ['python-stdlib', 'typescript-lib', 'node-modules', 'c-headers'], maxBytes: 400e6 }))
  const base = lineChunks(loaded, CHUNK_LINES, target)
  const docs: Document[] = []
  for (let copy = 0; docs.length < target; copy++) {
    for (const doc of base) {
      if (docs.length >= target) break
      if (copy === 0) docs.push(doc)
      else {
        const file = `copy${copy}/${String(doc.metadata.file)}`
        docs.push({ id: `copy${copy}/${doc.id}`, content: doc.content, metadata: { ...doc.metadata, file } })
      }
    }
  }
  const files = new Map<string, { fingerprint: string; size: number; mtimeMs: number; chunkIds: string[] }>()
  let bytes = 0
  for (const doc of docs) {
    const size = Buffer.byteLength(doc.content)
    bytes += size
    const file = String(doc.metadata.file)
    const entry = files.get(file) ?? { fingerprint: `chunks-of:${file}`, size: 0, mtimeMs: 1_700_000_000_000, chunkIds: [] }
    entry.size += size
    entry.chunkIds.push(doc.id)
    files.set(file, entry)
  }
  return { docs, files, bytes, distinct: base.length }
}

/** The fixed queries, then identifiers and word pairs drawn (deterministically) from the chunks. */
function queries(docs: readonly Document[], count: number): string[] {
  const out = [...FIXED_QUERIES]
  let seed = 7
  const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648)
  while (out.length < count) {
    const doc = docs[next() % docs.length]!
    const words = doc.content.match(/[A-Za-z_][A-Za-z0-9_]{3,}/g) ?? []
    if (words.length < 2) continue
    const a = words[next() % words.length]!
    const b = words[next() % words.length]!
    out.push(out.length % 2 === 0 ? a : `${a} ${b}`)
  }
  return out.slice(0, count)
}

const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6
/** CPU time (user + system) of this Node process since `start`, in ms. */
const cpuMs = (start: NodeJS.CpuUsage): number => {
  const { user, system } = process.cpuUsage(start)
  return (user + system) / 1000
}
/** CPU time (user + system, ms) of the PostgreSQL backends serving database `name` (read from /proc: the server runs on this machine). */
async function backendCpuMs(admin: pg.Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])
  const tick = 1000 / 100 // USER_HZ is 100 on Linux
  let total = 0
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      total += (Number(fields[11]) + Number(fields[12])) * tick
    } catch {
      // The backend ended meanwhile (or another machine runs the server): counted as nothing.
    }
  }
  return total
}
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const fmt = (n: number): string => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`

function report(label: string, value: string): void {
  console.log(`${label.padEnd(72)} ${value}`)
}

interface SearchTimes {
  readonly cold: number[]
  readonly warm: number[]
}

/** Each query once on a fresh session (cold: nothing cached), then again on the same one (warm). */
async function timeSearches(open: () => Promise<{ rag: RagService; close(): Promise<void> }>, list: readonly string[]): Promise<SearchTimes> {
  const cold: number[] = []
  const warm: number[] = []
  for (const query of list) {
    const { rag, close } = await open()
    try {
      let start = process.hrtime.bigint()
      await rag.search(query, 10)
      cold.push(ms(start))
      start = process.hrtime.bigint()
      await rag.search(query, 10)
      warm.push(ms(start))
    } finally {
      await close()
    }
  }
  return { cold, warm }
}

function reportSearch(label: string, { cold, warm }: SearchTimes): void {
  report(`${label}: hybrid search top 10, cold, p50 / p95 (${cold.length} queries)`, `${fmt(quantile(cold, 0.5))} / ${fmt(quantile(cold, 0.95))}`)
  report(`${label}: hybrid search top 10, repeated, p50 / p95`, `${fmt(quantile(warm, 0.5))} / ${fmt(quantile(warm, 0.95))}`)
}

async function main(): Promise<void> {
  const settings = resolveRetrieval('recommended')
  const options = storeOptions(settings)
  let start = process.hrtime.bigint()
  const corpus = buildCorpus(TARGET)
  console.log(
    `corpus: ${corpus.docs.length} chunks of ${CHUNK_LINES} lines (${corpus.distinct} distinct, replicated), ${corpus.files.size} files, ${(corpus.bytes / 1e6).toFixed(0)} MB (built in ${fmt(ms(start))})`,
  )
  console.log(`analyzer ${options.analyzer.name}, indexed text ${options.indexedText.name}; node ${process.version}\n`)
  const list = queries(corpus.docs, QUERY_COUNT)
  const state = { version: 1, root: '/bench', context: 'bench', fileCount: corpus.files.size, chunkCount: corpus.docs.length }

  let sqliteRate: number | undefined
  if (!SKIP_SQLITE) {
    const dir = mkdtempSync(join(tmpdir(), 'rag-postgres-scale-'))
    try {
      const path = join(dir, 'index.db')
      const kb = await openSqliteKnowledgeBase(path, options)
      const cpu = process.cpuUsage()
      start = process.hrtime.bigint()
      await kb.commitGeneration({ addDocuments: corpus.docs, fingerprints: corpus.files, state })
      const took = ms(start)
      sqliteRate = corpus.docs.length / (took / 1000)
      report(`SQLite: commit ${corpus.docs.length} chunks + ${corpus.files.size} file records (one generation)`, `${(took / 1000).toFixed(1)} s (${sqliteRate.toFixed(0)} chunks/s)`)
      report('SQLite: commit CPU time (this process)', `${(cpuMs(cpu) / 1000).toFixed(1)} s (load ${load()})`)
      await kb.close()
      reportSearch('SQLite', await timeSearches(async () => {
        const store = await openSqliteKnowledgeBase(path, { ...options, create: false })
        return { rag: openRag(store, { retrieval: settings }), close: () => store.close() }
      }, list))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  const name = `rag_bench_${process.pid}`
  const adminClient = new pg.Client({ connectionString: ADMIN_URL })
  await adminClient.connect()
  await adminClient.query(`CREATE DATABASE ${name}`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  try {
    const database = await openPostgresDatabase(url.href, { statementTimeoutMs: 0 })
    try {
      const kb = database.project({ repoId: 'bench' }, options)
      const serverCpu = await backendCpuMs(adminClient, name)
      const cpu = process.cpuUsage()
      start = process.hrtime.bigint()
      await kb.commitGeneration({ addDocuments: corpus.docs, fingerprints: corpus.files, state })
      const took = ms(start)
      const nodeCpu = cpuMs(cpu)
      const rate = corpus.docs.length / (took / 1000)
      report(`PostgreSQL: commit ${corpus.docs.length} chunks + ${corpus.files.size} file records (one generation)`, `${(took / 1000).toFixed(1)} s (${rate.toFixed(0)} chunks/s)`)
      report('PostgreSQL: commit CPU time (this process / the database\'s server backends)', `${(nodeCpu / 1000).toFixed(1)} s / ${(((await backendCpuMs(adminClient, name)) - serverCpu) / 1000).toFixed(1)} s (load ${load()})`)
      if (sqliteRate !== undefined) report('PostgreSQL index throughput / SQLite index throughput', `${((rate / sqliteRate) * 100).toFixed(0)} %`)
      const sizes = await adminClient.query<{ bytes: string }>(`SELECT pg_database_size('${name}') AS bytes`)
      report('PostgreSQL database size', `${(Number(sizes.rows[0]!.bytes) / 1e6).toFixed(0)} MB`)
      reportSearch('PostgreSQL', await timeSearches(async () => ({ rag: openRag(database.project({ repoId: 'bench' }, options), { retrieval: settings }), close: async () => undefined }), list))
      // A one-file re-index as `rag watch` commits it: the file's chunks out, new ones in, its record.
      const [file, entry] = [...corpus.files].find(([, e]) => e.chunkIds.length >= 8)!
      const swaps: number[] = []
      let previous = entry.chunkIds
      for (let round = 0; round < 10; round++) {
        const fresh = previous.map((_, i) => ({ id: `${file}#edit${round}-${i}`, content: `edited ${round} chunk ${i} of ${file}`, metadata: { file } }))
        start = process.hrtime.bigint()
        await kb.commitGeneration({ removeIds: previous, addDocuments: fresh, fingerprints: new Map([...corpus.files, [file, { ...entry, fingerprint: `edit${round}`, chunkIds: fresh.map((d) => d.id) }]]) })
        swaps.push(ms(start))
        previous = fresh.map((d) => d.id)
      }
      report(`PostgreSQL: one-file re-index (${previous.length} chunks + the file records), median of 10`, fmt(quantile(swaps, 0.5)))
    } finally {
      await database.close()
    }
  } finally {
    await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await adminClient.end()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
