/**
 * What a one-shot `rag search --files` pays on a layered PostgreSQL index (issue 14): a new
 * process opens the project, as the CLI does (`openRag(store, { layers: true })`), and asks
 * `locateFiles` for a few queries. A store with `loadResolvedFileEdges` hands the file ranking the
 * resolved (file, target file) pairs from its edge table; one without it makes the session load
 * every file's layer records and resolve the whole graph first. Each child counts the store's
 * `loadLayers` and `loadResolvedFileEdges` calls and prints a digest of the ranked files, so a
 * side-by-side run shows the rankings are identical. Each run alternates this checkout's store as
 * built (`edges`) and the same store with `loadResolvedFileEdges` hidden (`no-edges`: the store as
 * it was before the method existed), over the same database.
 *
 * Run: `cd bench && npx tsx src/postgres-files-load.ts [--mb 4] [--runs 3] [--checkout /work/main]
 * [--url postgres://...]` (build the packages first). `--checkout` adds the built packages of
 * another checkout, in a database of its own. Every database is dropped after the run.
 * Reported: wall and CPU time (user + system) of the child's `locateFiles` calls, best of `--runs`.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type * as Session from '@rag/session'
import type * as StorePostgres from '@rag/store-postgres'
import { readRealCode, realCodeFiles, WORKSPACE_ROOT } from './corpus/real-code.js'
import { writeTree } from './corpus/write-tree.js'
import { runChildStep, type StepResult } from './speed/child-step.js'

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : undefined
}

const MEGABYTES = Number(option('mb') ?? 4)
const RUNS = Number(option('runs') ?? 3)
const ADMIN_URL = option('url') ?? process.env['RAG_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const QUERIES = ['json decoder fails on an invalid escape in a string', 'http client header parsing', 'thread pool executor shutdown waits for pending work']
const LIMITS = { limits: { maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 } }

/** The child's step, in a fresh process: `index` the root into the database, or `files` (the queries). */
async function child(checkout: string, step: string, root: string, url: string, edges: boolean): Promise<void> {
  const session = (await import(join(checkout, 'packages/session/dist/index.js'))) as typeof Session
  const postgres = (await import(join(checkout, 'packages/store-postgres/dist/index.js'))) as typeof StorePostgres
  const settings = session.resolveRetrieval('recommended')
  const database = await postgres.openPostgresDatabase(url)
  const store = database.project({ repoId: 'bench' }, session.storeOptions(settings))
  // The store as it was before it had the method: the session then loads and resolves the graph.
  if (!edges) Object.defineProperty(store, 'loadResolvedFileEdges', { value: undefined })
  const calls = { loadLayers: 0, loadResolvedFileEdges: 0 }
  for (const name of ['loadLayers', 'loadResolvedFileEdges'] as const) {
    const method = (store as unknown as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>)[name]
    if (method === undefined) continue
    ;(store as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls[name]++
      return method.apply(store, args)
    }
  }
  const rag = session.openRag(store, { layers: true, ingest: LIMITS })
  const cpu = (): number => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  const started = performance.now()
  const before = cpu()
  let answer = ''
  if (step === 'index') answer = `${(await rag.indexDirectory(root)).stats.chunks} chunks`
  if (step === 'files') {
    const ranked: string[] = []
    for (const query of QUERIES) ranked.push(...(await rag.locateFiles(query, { limit: 10 })).files.map((file) => `${file.file} ${file.score}`))
    answer = `ranking ${createHash('sha256').update(ranked.join('\n')).digest('hex').slice(0, 12)}, loadLayers ${calls.loadLayers}, loadResolvedFileEdges ${calls.loadResolvedFileEdges}`
  }
  const result = { ms: performance.now() - started, cpu: cpu() - before, answer }
  await database.close()
  console.log(JSON.stringify(result))
}

function runChild(checkout: string, step: string, root: string, url: string, edges = true): StepResult {
  return runChildStep(import.meta.url, [checkout, step, root, url, edges ? 'edges' : 'no-edges'])
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function main(): Promise<void> {
  const checkouts = [WORKSPACE_ROOT, ...(option('checkout') ? [option('checkout') as string] : [])]
  const files = readRealCode(realCodeFiles({ sources: ['python-stdlib'], maxBytes: MEGABYTES * 1e6, order: 'hashed', skipDirs: ['test', 'tests'] }))
  const work = mkdtempSync(join(tmpdir(), 'rag-pg-files-load-'))
  const names = checkouts.map((_, i) => `rag_bench_files_${process.pid}_${i}`)
  try {
    const root = join(work, 'root')
    writeTree(files, root)
    const urls: string[] = []
    for (const name of names) {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin(`CREATE DATABASE ${name}`)
      const parsed = new URL(ADMIN_URL)
      parsed.pathname = `/${name}`
      urls.push(parsed.href)
    }
    checkouts.forEach((checkout, i) => console.log(`${checkout}: indexed ${runChild(checkout, 'index', root, urls[i] as string).answer}`))
    const variants = [
      { label: `${WORKSPACE_ROOT} edges`, checkout: WORKSPACE_ROOT, url: urls[0] as string, edges: true },
      { label: `${WORKSPACE_ROOT} no-edges`, checkout: WORKSPACE_ROOT, url: urls[0] as string, edges: false },
      ...checkouts.slice(1).map((checkout, i) => ({ label: checkout, checkout, url: urls[i + 1] as string, edges: true })),
    ]
    const best = new Map<string, StepResult>()
    for (let run = 0; run < RUNS; run++) {
      for (const { label, checkout, url, edges } of variants) {
        const result = runChild(checkout, 'files', root, url, edges)
        console.log(`run ${run + 1} ${label}: ${result.ms.toFixed(0)} ms (cpu ${result.cpu.toFixed(0)}), ${result.answer}`)
        const old = best.get(label)
        if (!old || result.cpu < old.cpu) best.set(label, result)
      }
    }
    console.log(`\n${QUERIES.length} locateFiles calls in a fresh process, best of ${RUNS}\n| variant | wall ms | CPU ms | answer |\n|---|---|---|---|`)
    for (const [label, result] of best) console.log(`| ${label} | ${result.ms.toFixed(0)} | ${result.cpu.toFixed(0)} | ${result.answer} |`)
  } finally {
    rmSync(work, { recursive: true, force: true })
    for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

const at = process.argv.indexOf('--child')
if (at >= 0) {
  const [checkout, step, root, url, edges] = process.argv.slice(at + 1) as [string, string, string, string, string]
  await child(checkout, step, root, url, edges === 'edges')
} else {
  await main()
}
