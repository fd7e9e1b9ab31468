import type { ChildProcess } from 'node:child_process'
import pg from 'pg'
import { openPostgresDatabase, type PostgresDatabase } from '@rag/store-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

// Issue 14's multi-server check: 4 `rag serve` processes share one PostgreSQL database; 50
// clients search them while a fifth process (`rag index`) re-indexes. The full-length run (30 s)
// is `RAG_MULTI_SERVER_SECONDS=30 npx vitest run test/e2e/multi-server-postgres.test.ts`; CI runs
// the same test for 8 s of searching per phase so the whole suite stays within its time.
const SECONDS = Number(process.env['RAG_MULTI_SERVER_SECONDS'] ?? 8)
const SERVERS = 4
const CLIENTS = 50
const FILES = 120
const PROJECT = 'team'
const ADMIN_URL = process.env['RAG_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'

let sandbox: Sandbox
let url: string
let name: string
let database: PostgresDatabase
const servers: { child: ChildProcess; url: string }[] = []

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(`This test needs PostgreSQL at ${ADMIN_URL} (RAG_TEST_POSTGRES_URL); connecting failed: ${(error as Error).message}. It never skips.`, { cause: error })
  }
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Every file of the tree carries the generation's marker word, so every hit tells its generation. */
async function writeGeneration(marker: string): Promise<void> {
  for (let i = 0; i < FILES; i++) {
    await sandbox.write(`src/module${i}.ts`, `// ${marker}\nexport function handler${i}(pool: Pool) {\n  // shared connection pool ${marker} number ${i}\n  return pool.connect('${marker}-${i}')\n}\n`)
  }
}

interface Answer {
  readonly server: number
  readonly startedAt: number
  readonly status: number
  readonly markers: readonly string[]
  readonly hits: number
}

const MARKERS = ['genalpha', 'genbravo', 'gencharlie']

async function ask(server: number): Promise<Answer> {
  const startedAt = Date.now()
  try {
    const response = await fetch(`${servers[server]!.url}/sessions/${PROJECT}/search?q=shared%20connection%20pool&k=10`)
    const body = (await response.json()) as { results?: { content: string }[] }
    const results = body.results ?? []
    const markers = [...new Set(results.map((hit) => MARKERS.find((m) => hit.content.includes(m)) ?? 'none'))]
    return { server, startedAt, status: response.status, markers, hits: results.length }
  } catch {
    return { server, startedAt, status: 0, markers: [], hits: 0 }
  }
}

/** When the clients stop: not before `at`, and not before `settled` (the commit was seen). */
interface Deadline {
  at: number
  settled: boolean
}

/** 50 clients searching the servers in turn until the deadline. */
async function searchUntil(deadline: Deadline, answers: Answer[]): Promise<void> {
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = client; !deadline.settled || Date.now() < deadline.at; n++) answers.push(await ask(n % SERVERS))
    }),
  )
}

function generationOf(answer: Answer): string | undefined {
  return answer.markers.length === 1 ? answer.markers[0] : undefined
}

/** Polls the project's generation until it passes `after`; resolves with the time it was seen. */
async function committedAfter(after: number, timeoutMs: number): Promise<number> {
  const store = database.project({ repoId: PROJECT })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await store.loadState()).generation > after) return Date.now()
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`no commit within ${timeoutMs} ms`)
}

function checkPhase(answers: readonly Answer[], before: string, after: string, commitAt: number): void {
  const failed = answers.filter((a) => a.status !== 200 || a.hits === 0)
  expect({ errors: failed.length, sample: failed.slice(0, 3) }).toEqual({ errors: 0, sample: [] })
  const mixed = answers.filter((a) => generationOf(a) === undefined)
  expect({ mixed: mixed.length, sample: mixed.slice(0, 3) }).toEqual({ mixed: 0, sample: [] })
  for (let server = 0; server < SERVERS; server++) {
    const late = answers.filter((a) => a.server === server && a.startedAt >= commitAt + 1000)
    expect(late.length).toBeGreaterThan(0)
    expect({ server, stale: late.filter((a) => generationOf(a) !== after).length }).toEqual({ server, stale: 0 })
    expect(answers.some((a) => a.server === server && generationOf(a) === before)).toBe(true)
  }
}

beforeAll(async () => {
  name = `rag_test_multi_server_${process.pid}`
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${name}`)
  const parsed = new URL(ADMIN_URL)
  parsed.pathname = `/${name}`
  url = parsed.href
  database = await openPostgresDatabase(url)
  sandbox = await createSandbox()
  sandbox.env['RAG_STORE_URL'] = url
  sandbox.env['RAG_STORE_PROJECT'] = PROJECT
  sandbox.env['RAG_INDEX_WORKERS'] = '0'
}, 60_000)

afterAll(async () => {
  for (const { child } of servers) child.kill('SIGKILL')
  await database?.close()
  await sandbox?.dispose()
  if (name) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
})

describe('4 rag serve processes sharing one PostgreSQL database', () => {
  it('answer 50 clients with one whole generation while a fifth process re-indexes, switch within 1 s of the commit, and survive a SIGKILLed index run', async () => {
    await writeGeneration('genalpha')
    const first = await runRag(['--json', 'index', sandbox.root], { cwd: sandbox.root, env: sandbox.env, timeoutMs: 120_000 })
    expect([first.code, first.stderr]).toEqual([0, ''])

    for (let i = 0; i < SERVERS; i++) {
      const child = startRag(['--json', 'serve', '--port', '0', '--requests-per-minute', '10000000', '--root', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
      const listening = await jsonLines(child).waitFor((e) => e['event'] === 'listening', 60_000)
      servers.push({ child, url: String(listening['url']) })
    }

    // Phase 1: re-index (alpha -> bravo) while the clients search.
    const phase1: Answer[] = []
    const start = (await database.project({ repoId: PROJECT }).loadState()).generation
    const deadline1: Deadline = { at: Date.now() + SECONDS * 1000, settled: false }
    const searching = searchUntil(deadline1, phase1)
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 4))
    await writeGeneration('genbravo')
    const indexer = startRag(['--json', 'index', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
    // Collect at once: a run that ends while the commit is being polled for must not lose its exit.
    const indexing = collect(indexer, 120_000)
    const commitAt = await committedAfter(start, 120_000)
    // Search on for at least 4 s after the commit, however long the run took.
    deadline1.at = Math.max(deadline1.at, commitAt + 4000)
    deadline1.settled = true
    const indexed = await indexing
    expect([indexed.code, indexed.stderr]).toEqual([0, ''])
    await searching
    checkPhase(phase1, 'genalpha', 'genbravo', commitAt)

    // Phase 2: an index run (bravo -> charlie) killed with SIGKILL while it holds the write lock.
    await writeGeneration('gencharlie')
    const store = database.project({ repoId: PROJECT })
    const killed = startRag(['--json', 'index', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
    const exited = collect(killed, 120_000)
    for (let i = 0; i < 2000 && (await store.writeLockHolder()) === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await store.writeLockHolder()).toMatchObject({ command: 'rag index' })
    killed.kill('SIGKILL')
    expect((await exited).signal).toBe('SIGKILL')
    const afterKill: Answer[] = []
    await searchUntil({ at: Date.now() + 1500, settled: true }, afterKill)
    expect(afterKill.filter((a) => a.status !== 200 || generationOf(a) !== 'genbravo')).toEqual([])
    for (let i = 0; i < 100 && (await store.writeLockHolder()) !== undefined; i++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await store.writeLockHolder()).toBeUndefined()

    // A later run succeeds, and the servers switch to it.
    const phase2: Answer[] = []
    const before = (await store.loadState()).generation
    const deadline2: Deadline = { at: Date.now() + SECONDS * 1000, settled: false }
    const searching2 = searchUntil(deadline2, phase2)
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 4))
    const retry = startRag(['--json', 'index', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
    const retrying = collect(retry, 120_000)
    const commit2 = await committedAfter(before, 120_000)
    deadline2.at = Math.max(deadline2.at, commit2 + 4000)
    deadline2.settled = true
    expect((await retrying).code).toBe(0)
    await searching2
    checkPhase(phase2, 'genbravo', 'gencharlie', commit2)
    console.log(`multi-server: ${phase1.length + afterKill.length + phase2.length} searches over ${SERVERS} servers, 0 errors, 0 mixed generations`)
  }, 300_000)
})
