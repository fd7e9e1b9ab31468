/**
 * Search latency of the stores on a kept index, for profiling (`node --cpu-prof`): `--build`
 * commits N chunks (the corpus of `postgres-scale.ts`) to a SQLite file and a PostgreSQL database
 * that are kept; without it, the queries run cold and repeated against them, timed per stage.
 *
 * Run: `cd bench && npx tsx src/search-profile.ts --chunks 100000 --build`, then
 * `node --cpu-prof --import tsx src/search-profile.ts --chunks 100000 --queries 40`.
 * Options: `--dir` (default /tmp/rag-search-profile), `--store sqlite|postgres|both`, `--drop`.
 */
import { mkdirSync, existsSync, rmSync } from 'node:fs'
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
const TARGET = Number(arg('chunks') ?? 100_000)
const QUERY_COUNT = Number(arg('queries') ?? 40)
const DIR = arg('dir') ?? '/tmp/rag-search-profile'
const STORE = arg('store') ?? 'both'
const ADMIN_URL = arg('url') ?? process.env['RAG_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DB_NAME = `rag_search_profile_${TARGET}`
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

function buildDocs(target: number): Document[] {
  const loaded = readRealCode(realCodeFiles({ sources: ['python-stdlib', 'typescript-lib', 'node-modules', 'c-headers'], maxBytes: 400e6 }))
  const base = lineChunks(loaded, 60, target)
  const docs: Document[] = []
  for (let copy = 0; docs.length < target; copy++) {
    for (const doc of base) {
      if (docs.length >= target) break
      if (copy === 0) docs.push(doc)
      else docs.push({ id: `copy${copy}/${doc.id}`, content: doc.content, metadata: { ...doc.metadata, file: `copy${copy}/${String(doc.metadata.file)}` } })
    }
  }
  return docs
}

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
const quantile = (values: readonly number[], q: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!

async function time(label: string, list: readonly string[], open: () => Promise<{ rag: RagService; close(): Promise<void> }>): Promise<void> {
  const cold: number[] = []
  const warm: number[] = []
  for (const query of list) {
    const { rag, close } = await open()
    try {
      let start = process.hrtime.bigint()
      await rag.search(query, 10)
      cold.push(ms(start))
      start = process.hrtime.bigint()
      for (let i = 0; i < 3; i++) await rag.search(query, 10)
      warm.push(ms(start) / 3)
    } finally {
      await close()
    }
  }
  console.log(`${label}: cold p50 ${quantile(cold, 0.5).toFixed(1)} ms p95 ${quantile(cold, 0.95).toFixed(1)} ms; repeated p50 ${quantile(warm, 0.5).toFixed(1)} ms p95 ${quantile(warm, 0.95).toFixed(1)} ms (${list.length} queries)`)
}

async function main(): Promise<void> {
  const settings = resolveRetrieval('recommended')
  const options = storeOptions(settings)
  const sqlitePath = join(DIR, `index-${TARGET}.db`)
  const url = new URL(ADMIN_URL)
  url.pathname = `/${DB_NAME}`
  if (process.argv.includes('--drop')) {
    rmSync(sqlitePath, { force: true })
    const admin = new pg.Client({ connectionString: ADMIN_URL })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)
    await admin.end()
    return
  }
  const docs = buildDocs(TARGET)
  const list = queries(docs, QUERY_COUNT)
  if (process.argv.includes('--build')) {
    const files = new Map<string, { fingerprint: string; size: number; mtimeMs: number; chunkIds: string[] }>()
    for (const doc of docs) {
      const file = String(doc.metadata.file)
      const entry = files.get(file) ?? { fingerprint: `chunks-of:${file}`, size: 0, mtimeMs: 1_700_000_000_000, chunkIds: [] }
      entry.size += doc.content.length
      entry.chunkIds.push(doc.id)
      files.set(file, entry)
    }
    const state = { version: 1, root: '/bench', context: 'bench', fileCount: files.size, chunkCount: docs.length }
    if (STORE !== 'postgres' && !existsSync(sqlitePath)) {
      mkdirSync(DIR, { recursive: true })
      const kb = await openSqliteKnowledgeBase(sqlitePath, options)
      const start = process.hrtime.bigint()
      await kb.commitGeneration({ addDocuments: docs, fingerprints: files, state })
      console.log(`SQLite: committed ${docs.length} chunks in ${(ms(start) / 1000).toFixed(1)} s`)
      await kb.close()
    }
    if (STORE !== 'sqlite') {
      const admin = new pg.Client({ connectionString: ADMIN_URL })
      await admin.connect()
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME])
      if (exists.rowCount === 0) {
        await admin.query(`CREATE DATABASE ${DB_NAME}`)
        const database = await openPostgresDatabase(url.href, { statementTimeoutMs: 0 })
        const start = process.hrtime.bigint()
        await database.project({ repoId: 'bench' }, options).commitGeneration({ addDocuments: docs, fingerprints: files, state })
        console.log(`PostgreSQL: committed ${docs.length} chunks in ${(ms(start) / 1000).toFixed(1)} s`)
        await database.close()
      }
      await admin.end()
    }
    return
  }
  if (STORE !== 'postgres') {
    await time('SQLite', list, async () => {
      const store = await openSqliteKnowledgeBase(sqlitePath, { ...options, create: false })
      return { rag: openRag(store, { retrieval: settings }), close: () => store.close() }
    })
  }
  if (STORE !== 'sqlite') {
    const database = await openPostgresDatabase(url.href, { statementTimeoutMs: 0 })
    try {
      await time('PostgreSQL', list, async () => ({ rag: openRag(database.project({ repoId: 'bench' }, options), { retrieval: settings }), close: async () => undefined }))
    } finally {
      await database.close()
    }
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
