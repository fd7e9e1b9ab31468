/**
 * What the code layers and vectors cost in @rag/store-postgres (issue 14: "layers and vectors, when
 * present, in the same transaction as the chunks"), next to @rag/store-sqlite on the same files:
 * the full pipeline of `rag index` (`openRag` of @rag/session, worker threads, the recommended
 * settings) indexes the same real code cold, three ways: chunks only; with `layers: true`; with
 * layers and the `hash` embedder (256 dimensions, a vector per chunk). For each it reports the
 * time spent inside the store's `commitGeneration` (the one transaction that writes chunks,
 * postings, file records, layers and vectors), the whole run's wall and CPU time, and the store's
 * size split by what it holds; then what a fresh connection pays to read the layers and vectors
 * back (`loadLayers`, `loadVectors`; best of three), as a new `rag symbols` or `rag search` process does.
 *
 * Run: `pnpm build && cd bench && npx tsx src/postgres-layers-cost.ts [--mb 8] [--runs 2] [--url postgres://...]`.
 * Needs PostgreSQL (127.0.0.1:5432, trust auth, as on every machine of this project); each run
 * indexes into a database of its own, dropped after it is measured. Runs alternate (plain, layers,
 * layers + vectors, per store) so machine load hits all alike; the best run of each is reported.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { GenerationCommit } from '@rag/core'
import { openRag, resolveRetrieval, storeOptions, type EmbedderSpec } from '@rag/session'
import { openPostgresDatabase } from '@rag/store-postgres'
import { openSqliteKnowledgeBase } from '@rag/store-sqlite'
import { readRealCode, realCodeFiles, type RealCodeSource } from './corpus/real-code.js'
import { writeTree } from './corpus/write-tree.js'
import { processCpuMs } from './speed/process-cpu.js'

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}
const MEGABYTES = Number(arg('mb') ?? 8)
const RUNS = Number(arg('runs') ?? 2)
const ADMIN_URL = arg('url') ?? process.env['RAG_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SETTINGS = resolveRetrieval('recommended')
const LIMITS = { limits: { maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 } }

type Variant = 'plain' | 'layers' | 'layers+vectors'
const VARIANTS: readonly Variant[] = ['plain', 'layers', 'layers+vectors']
type StoreKind = 'sqlite' | 'postgres'

interface Run {
  readonly wallMs: number
  readonly cpuMs: number
  readonly commitMs: number
  readonly chunks: number
  /** Bytes by part: chunks (with postings and file records), layers, vectors; SQLite: the whole file under `chunks`. */
  readonly bytes: { readonly chunks: number; readonly layers: number; readonly vectors: number }
  readonly loadLayersMs: number
  readonly loadVectorsMs: number
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

async function admin(sql: string, url = ADMIN_URL): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

/** What each part of the schema takes on disk (tables, their indexes and TOAST). */
async function postgresBytes(url: string): Promise<Run['bytes']> {
  await admin('VACUUM', url)
  const { rows } = await admin("SELECT relname AS name, pg_total_relation_size(oid) AS bytes FROM pg_class WHERE relkind = 'r' AND relname LIKE 'rag\\_%'", url)
  const bytes = { chunks: 0, layers: 0, vectors: 0 }
  for (const row of rows as { name: string; bytes: string }[]) {
    const part = row.name.startsWith('rag_layer_') ? 'layers' : row.name.startsWith('rag_vector') ? 'vectors' : 'chunks'
    bytes[part] += Number(row.bytes)
  }
  return bytes
}

/** Wraps the store's `commitGeneration` to add up the time spent in it. */
function timeCommits(store: { commitGeneration(commit: GenerationCommit): Promise<void> }): { readonly ms: () => number } {
  const commit = store.commitGeneration.bind(store)
  let total = 0
  store.commitGeneration = async (generation) => {
    const started = performance.now()
    try {
      await commit(generation)
    } finally {
      total += performance.now() - started
    }
  }
  return { ms: () => total }
}

async function coldIndex(dir: string, kind: StoreKind, variant: Variant, label: string): Promise<Run> {
  const layers = variant !== 'plain'
  const embedder: EmbedderSpec | undefined = variant === 'layers+vectors' ? { kind: 'hash' } : undefined
  const name = `rag_bench_layers_${process.pid}_${label}`
  const storeDir = mkdtempSync(join(tmpdir(), 'rag-pg-layers-'))
  const path = join(storeDir, 'index.db')
  let url = ''
  if (kind === 'postgres') {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin(`CREATE DATABASE ${name}`)
    const parsed = new URL(ADMIN_URL)
    parsed.pathname = `/${name}`
    url = parsed.href
  }
  try {
    const database = kind === 'postgres' ? await openPostgresDatabase(url) : undefined
    const store = database ? database.project({ repoId: 'bench' }, storeOptions(SETTINGS)) : await openSqliteKnowledgeBase(path, storeOptions(SETTINGS))
    const commits = timeCommits(store)
    const rag = openRag(store, { layers, ingest: LIMITS, ...(embedder ? { embedder } : {}) })
    const started = performance.now()
    const cpu = processCpuMs()
    const report = await rag.indexDirectory(dir)
    const wallMs = performance.now() - started
    const cpuSpent = processCpuMs() - cpu
    await (database ? database.close() : store.close())

    // A fresh connection reads the layers and vectors back, as a new process does.
    const reader = kind === 'postgres' ? await openPostgresDatabase(url) : undefined
    const again = reader ? reader.project({ repoId: 'bench' }, storeOptions(SETTINGS)) : await openSqliteKnowledgeBase(path, storeOptions(SETTINGS))
    // Best of three reads: each is what one fresh process pays.
    const best = async (read: () => Promise<number>): Promise<number> => {
      let fastest = Number.POSITIVE_INFINITY
      for (let i = 0; i < 3; i++) {
        const t = performance.now()
        if ((await read()) === 0) throw new Error('nothing was stored')
        fastest = Math.min(fastest, performance.now() - t)
      }
      return fastest
    }
    const loadLayersMs = layers ? await best(async () => (await again.loadLayers()).length) : 0
    let loadVectorsMs = 0
    if (embedder) {
      const stored = await again.loadVectorEmbedder()
      if (stored?.vectorCount !== report.stats.chunks) throw new Error(`${String(stored?.vectorCount)} vectors for ${report.stats.chunks} chunks`)
      loadVectorsMs = await best(async () => (await again.loadVectors(stored.name)).ids.length)
    }
    await (reader ? reader.close() : again.close())
    const bytes = kind === 'postgres' ? await postgresBytes(url) : { chunks: sizeOf(path) + sizeOf(`${path}-wal`), layers: 0, vectors: 0 }
    return { wallMs, cpuMs: cpuSpent, commitMs: commits.ms(), chunks: report.stats.chunks, bytes, loadLayersMs, loadVectorsMs }
  } finally {
    rmSync(storeDir, { recursive: true, force: true })
    if (kind === 'postgres') await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

function materialize(sources: RealCodeSource[]): { dir: string; files: number; bytes: number } {
  const files = readRealCode(realCodeFiles({ sources, maxBytes: MEGABYTES * 1e6, order: 'hashed', skipDirs: ['test', 'tests'] }))
  const dir = mkdtempSync(join(tmpdir(), 'rag-pg-layers-corpus-'))
  const bytes = writeTree(files, dir)
  return { dir, files: files.length, bytes }
}

const mb = (n: number): string => (n / 1e6).toFixed(1)
const pct = (base: number, value: number): string => `${value >= base ? '+' : ''}${(((value - base) / base) * 100).toFixed(0)} %`

async function measure(name: string, sources: RealCodeSource[]): Promise<string[]> {
  const corpus = materialize(sources)
  try {
    const best = new Map<string, Run>()
    const keep = (key: string, run: Run): void => {
      const old = best.get(key)
      best.set(key, old === undefined ? run : { ...run, wallMs: Math.min(old.wallMs, run.wallMs), cpuMs: Math.min(old.cpuMs, run.cpuMs), commitMs: Math.min(old.commitMs, run.commitMs), loadLayersMs: Math.min(old.loadLayersMs, run.loadLayersMs), loadVectorsMs: Math.min(old.loadVectorsMs, run.loadVectorsMs) })
    }
    await coldIndex(corpus.dir, 'sqlite', 'plain', 'warm') // the file cache and the grammars' compilation
    for (let round = 0; round < RUNS; round++) {
      for (const kind of ['postgres', 'sqlite'] as const) {
        for (const variant of VARIANTS) {
          const run = await coldIndex(corpus.dir, kind, variant, `${kind}_${variant.replace('+', '_')}_${round}`)
          console.log(`${name} round ${round + 1} ${kind} ${variant}: commit ${run.commitMs.toFixed(0)} ms, run ${run.wallMs.toFixed(0)} ms (cpu ${run.cpuMs.toFixed(0)}), ${mb(run.bytes.chunks + run.bytes.layers + run.bytes.vectors)} MB`)
          keep(`${kind} ${variant}`, run)
        }
      }
    }
    const rows: string[] = []
    for (const kind of ['postgres', 'sqlite'] as const) {
      const plain = best.get(`${kind} plain`)!
      for (const variant of VARIANTS) {
        const run = best.get(`${kind} ${variant}`)!
        const total = run.bytes.chunks + run.bytes.layers + run.bytes.vectors
        const plainTotal = plain.bytes.chunks + plain.bytes.layers + plain.bytes.vectors
        const split = kind === 'postgres' ? `${mb(run.bytes.chunks)} / ${mb(run.bytes.layers)} / ${mb(run.bytes.vectors)}` : 'one file'
        rows.push(
          `| ${name} (${corpus.files} files, ${mb(corpus.bytes)} MB, ${run.chunks} chunks) | ${kind} | ${variant} | ${run.commitMs.toFixed(0)} (${variant === 'plain' ? '-' : pct(plain.commitMs, run.commitMs)}) | ${run.wallMs.toFixed(0)} (${variant === 'plain' ? '-' : pct(plain.wallMs, run.wallMs)}) | ${run.cpuMs.toFixed(0)} | ${mb(total)} (${variant === 'plain' ? '-' : pct(plainTotal, total)}) | ${split} | ${variant === 'plain' ? '' : run.loadLayersMs.toFixed(0)} | ${variant === 'layers+vectors' ? run.loadVectorsMs.toFixed(0) : ''} |`,
        )
      }
    }
    return rows
  } finally {
    rmSync(corpus.dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  console.log(`cold index, best of ${RUNS} alternating runs; node ${process.version}\n`)
  const rows = [...(await measure('Python stdlib', ['python-stdlib'])), ...(await measure('TypeScript (rxjs sources)', ['rxjs']))]
  console.log('\n| corpus | store | variant | commitGeneration ms (vs plain) | run ms (vs plain) | run CPU ms | store MB (vs plain) | chunks / layers / vectors MB | loadLayers ms (fresh connection) | loadVectors ms |')
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

await main()
