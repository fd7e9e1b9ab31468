import { cpSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, lastJson, runRag, startRag, type RagRun, type Sandbox } from '../../src/testing/cli-process.js'
import { POLYGLOT } from './fixtures/polyglot.js'

// `rag index --layers --embedder hash` into PostgreSQL (store.url), then every query in a new
// process: the layers and vectors come from the database, and every answer is the one the
// embedded SQLite index gives for the same files.
const ADMIN_URL = process.env['RAG_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PROJECT = 'acme/shop'

let postgres: Sandbox
let sqlite: Sandbox
let url: string
let name: string

async function admin<T>(work: (client: pg.Client) => Promise<T>, at = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: at, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(`This test needs PostgreSQL at ${at} (RAG_TEST_POSTGRES_URL); connecting failed: ${(error as Error).message}. It never skips.`, { cause: error })
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** What a run printed, with its sandbox's root as `<root>` and the time it took left out. */
function printed(run: RagRun, box: Sandbox): string {
  return run.stdout
    .replaceAll(box.root, '<root>')
    .replace(/\(\d+ ms\)/g, '(? ms)')
    .replace(/"tookMs":[\d.]+/g, '"tookMs":0')
}

/** Proves both runs printed the same, roots aside, and something. */
function expectSame(run: { postgres: RagRun; sqlite: RagRun }): void {
  expect(run.postgres.stdout).not.toBe('')
  expect(printed(run.postgres, postgres)).toBe(printed(run.sqlite, sqlite))
}

/** The same command in both sandboxes; both must succeed. */
async function both(args: string[]): Promise<{ postgres: RagRun; sqlite: RagRun }> {
  const [p, s] = await Promise.all([runRag(args, { cwd: postgres.root, env: postgres.env }), runRag(args, { cwd: sqlite.root, env: sqlite.env })])
  expect([p.code, p.stderr]).toEqual([0, ''])
  expect([s.code, s.stderr]).toEqual([0, ''])
  return { postgres: p, sqlite: s }
}

/** A hit as `rag search --json` and the server's search route both give it. */
interface Hit {
  readonly id: string
  readonly score: number
  readonly explain: { readonly stream: string; readonly rank: number; readonly score: number }[]
}

/** What must agree between two surfaces: the ids in order, their scores and every stream's rank and score. */
function ranked(hit: Hit): unknown[] {
  return [hit.id, hit.score, hit.explain.map((e) => [e.stream, e.rank, e.score])]
}

/** Runs `work` against a `rag serve` started in the PostgreSQL sandbox with `env`, then stops it (exit 0). */
async function serve(env: NodeJS.ProcessEnv, work: (url: string) => Promise<void>): Promise<void> {
  const child = startRag(['--json', 'serve', '--port', '0', '--root', postgres.root], { cwd: postgres.root, env })
  const finished = collect(child, 60_000)
  try {
    const { url } = (await jsonLines(child).waitFor((e) => e['event'] === 'listening', 30_000)) as { url: string }
    await work(url)
  } finally {
    child.kill('SIGTERM')
  }
  expect((await finished).code).toBe(0)
}

beforeAll(async () => {
  name = `rag_test_layers_vectors_${process.pid}`
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  await admin((client) => client.query(`CREATE DATABASE ${name}`))
  const parsed = new URL(ADMIN_URL)
  parsed.pathname = `/${name}`
  url = parsed.href
  postgres = await createSandbox(POLYGLOT)
  postgres.env['RAG_STORE_URL'] = url
  postgres.env['RAG_STORE_PROJECT'] = PROJECT
  sqlite = await createSandbox(POLYGLOT)
}, 60_000)

afterAll(async () => {
  await postgres?.dispose()
  await sqlite?.dispose()
  if (name) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
})

describe('a copy of a checkout indexed into PostgreSQL (real binary)', () => {
  it('is its own project: indexing the copy leaves the original\'s index as it was', async () => {
    const app = await createSandbox({ 'src/app.ts': 'export const original = "mango"\n', 'src/shared.ts': 'export const shared = 1\n' })
    // Each root its own project by default (no store.project): the marker in .rag/ names it.
    const env: NodeJS.ProcessEnv = { ...app.env, RAG_STORE_URL: url }
    delete env['RAG_STORE_PROJECT']
    try {
      expect((await runRag(['index'], { cwd: app.root, env })).code).toBe(0)
      const copy = `${app.root}-copy`
      cpSync(app.root, copy, { recursive: true })
      rmSync(join(copy, 'src', 'app.ts'))
      writeFileSync(join(copy, 'src', 'experiment.ts'), 'export const experiment = "papaya"\n')
      expect((await runRag(['index'], { cwd: copy, env })).code).toBe(0)
      const original = lastJson<{ files: number; database: string }>(await runRag(['--json', 'status'], { cwd: app.root, env }))
      const copied = lastJson<{ files: number; database: string }>(await runRag(['--json', 'status'], { cwd: copy, env }))
      expect(original.files).toBe(2)
      expect(copied.files).toBe(2)
      expect(original.database).not.toBe(copied.database)
      const search = (cwd: string, query: string) => runRag(['--json', 'search', query], { cwd, env }).then((run) => lastJson<{ results: { file: string }[] }>(run).results.map((r) => r.file))
      expect(await search(app.root, 'mango')).toEqual(['src/app.ts'])
      expect(await search(app.root, 'papaya')).toEqual([])
      expect(await search(copy, 'papaya')).toEqual(['src/experiment.ts'])
      rmSync(copy, { recursive: true, force: true })
    } finally {
      await app.dispose()
    }
  })
})

describe('rag index --layers --embedder hash into PostgreSQL (real binary, fresh processes)', () => {
  it('keeps the code layers and vectors in the database, and symbols, deps, routes and search --explain answer from it as from SQLite', async () => {
    const indexed = await both(['--json', 'index', '--layers', '--embedder', 'hash', '.'])
    const done = lastJson<{ added: number; vectors: { embedder: string; dimensions: number; embedded: number } }>(indexed.postgres)
    expect(done.vectors).toMatchObject({ dimensions: 256, embedded: done.added })
    expect(lastJson(indexed.sqlite)).toMatchObject({ added: done.added, vectors: done.vectors })

    // The rows are in PostgreSQL, under the project; the PostgreSQL root has no SQLite file.
    const counts = await admin(
      async (client) =>
        (
          await client.query<{ files: string; symbols: string; edges: string; entrypoints: string; vectors: string; embedder: string }>(
            `SELECT (SELECT count(*) FROM rag_layer_files f WHERE f.project_id = p.id) AS files,
                    (SELECT count(*) FROM rag_layer_symbols s WHERE s.project_id = p.id) AS symbols,
                    (SELECT count(*) FROM rag_layer_edges e WHERE e.project_id = p.id) AS edges,
                    (SELECT count(*) FROM rag_layer_entrypoints e WHERE e.project_id = p.id) AS entrypoints,
                    (SELECT count(*) FROM rag_vectors v WHERE v.project_id = p.id) AS vectors,
                    (SELECT name FROM rag_vector_embedders e WHERE e.project_id = p.id) AS embedder
             FROM rag_projects p WHERE p.repo_id = $1`,
            [PROJECT],
          )
        ).rows[0]!,
      url,
    )
    expect(Number(counts.files)).toBeGreaterThan(5)
    expect(Number(counts.symbols)).toBeGreaterThan(10)
    expect(Number(counts.edges)).toBeGreaterThan(5)
    expect(Number(counts.entrypoints)).toBeGreaterThan(5)
    expect([Number(counts.vectors), counts.embedder]).toEqual([done.added, done.vectors.embedder])
    expect((await runRag(['--json', 'status'], { cwd: postgres.root, env: postgres.env })).stdout).not.toContain('index.db')

    const symbols = await both(['--json', 'symbols', 'export_orders'])
    expect(lastJson<{ symbols: { path: string; kind: string; startLine: number }[] }>(symbols.postgres).symbols.map((s) => [s.path, s.kind, s.startLine])).toEqual([
      ['tools/shopctl/exporter.py', 'function', 4],
    ])
    expectSame(symbols)
    for (const args of [['symbols', 'Order*'], ['symbols', 'OrderExporter.*'], ['symbols', 'Check']]) {
      expectSame(await both(args))
    }

    const deps = await both(['--json', 'deps', 'web/src/app.js', '--kind', 'imports'])
    expect(lastJson<{ dependencies: { target: string; resolution: string; targetPath: string }[] }>(deps.postgres).dependencies.map((d) => [d.target, d.resolution, d.targetPath])).toEqual([
      ['express', 'external', ''],
      ['./orders', 'resolved', 'web/src/orders.js'],
      ['./auth/index.js', 'resolved', 'web/src/auth/index.js'],
    ])
    expectSame(deps)
    for (const args of [['deps', '--reverse', '--depth', '2', '--kind', 'imports', 'web/src/store.js'], ['deps', 'export_orders', '--reverse', '--kind', 'calls']]) {
      expectSame(await both(args))
    }

    const routes = await both(['routes', '--method', 'GET', '/orders'])
    expect(routes.postgres.stdout).toBe('GET     /orders  listOrders (web/src/orders.js)  web/src/app.js:7  (express)\nGET     /orders  web/test/orders.test.js:6  (express)  [test]\n')
    expectSame(routes)

    const explained = await both(['search', '--explain', 'export orders to csv'])
    expect(explained.postgres.stdout).toMatch(/vector: rank \d+, score \d\.\d+/)
    expectSame(explained)
    const json = await both(['--json', 'search', 'list the orders'])
    const results = lastJson<{ results: { file: string; explain: { stream: string; rank: number; score: number }[] }[] }>(json.postgres).results
    expect(results.some((r) => r.explain.some((e) => e.stream === 'vector' && e.score > 0))).toBe(true)
    expectSame(json)

    const status = lastJson<{ vectors: { kind: string; embedder: string; dimensions: number; embedded: number } }>(await runRag(['--json', 'status'], { cwd: postgres.root, env: postgres.env }))
    expect(status.vectors).toEqual({ kind: 'hash', embedder: done.vectors.embedder, dimensions: 256, embedded: done.added })
  }, 240_000)

  it('re-indexes a changed file in a new process: its layers and only its vectors change, in the database', async () => {
    await Promise.all([postgres, sqlite].map((box) => box.write('tools/shopctl/config.py', 'def load_settings():\n    return {}\n\n\ndef reset_settings():\n    return None\n')))
    const run = await both(['--json', 'index', '.'])
    const summary = lastJson<{ stats: { chunked: number }; vectors: { embedded: number; reused: number } }>(run.postgres)
    expect(summary.stats.chunked).toBe(1)
    expect(summary.vectors.embedded).toBeGreaterThan(0)
    expect(lastJson(run.sqlite)).toMatchObject({ stats: { chunked: 1 }, vectors: summary.vectors })
    const found = await both(['--json', 'symbols', 'reset_settings'])
    expect(lastJson<{ symbols: { path: string }[] }>(found.postgres).symbols.map((s) => s.path)).toEqual(['tools/shopctl/config.py'])
    expectSame(found)

    // `--embedder none` drops the vectors from the database; the layers stay.
    const dropped = await runRag(['--json', 'index', '--embedder', 'none', '.'], { cwd: postgres.root, env: postgres.env })
    expect(lastJson(dropped)).toMatchObject({ vectorsDropped: true })
    const left = await admin(async (client) => (await client.query<{ n: string }>('SELECT count(*) AS n FROM rag_vectors')).rows[0]!.n, url)
    expect(left).toBe('0')
    expect((await runRag(['symbols', 'reset_settings'], { cwd: postgres.root, env: postgres.env })).code).toBe(0)
  }, 240_000)

  it('rag serve answers a session with its project\'s stored embedder, as rag search does; in memory, with the configured one', async () => {
    // A project a session id can name (no "/"), indexed with hash vectors and no embedder configured anywhere.
    const env = { ...postgres.env, RAG_STORE_PROJECT: 'shop' }
    const indexed = await runRag(['--json', 'index', '--embedder', 'hash', '.'], { cwd: postgres.root, env })
    expect([indexed.code, indexed.stderr]).toEqual([0, ''])
    const query = 'list the orders'
    const cli = lastJson<{ results: Hit[] }>(await runRag(['--json', 'search', query], { cwd: postgres.root, env })).results
    expect(cli.some((hit) => hit.explain.some((e) => e.stream === 'vector'))).toBe(true)
    await serve(env, async (url) => {
      const served = (await (await fetch(`${url}/sessions/shop/search?q=${encodeURIComponent(query)}&k=10`)).json()) as { results: Hit[] }
      expect(served.results.map(ranked)).toEqual(cli.map(ranked))
      const status = (await (await fetch(`${url}/sessions/shop/status`)).json()) as { vectors?: { kind: string; embedded: number } }
      expect(status.vectors).toMatchObject({ kind: 'hash', embedded: lastJson<{ added: number }>(indexed).added })
    })

    // In memory (no store.url), a session's own index run embeds with embedder.kind and its searches fuse the vectors.
    const memory: NodeJS.ProcessEnv = { ...postgres.env, RAG_EMBEDDER_KIND: 'hash' }
    delete memory['RAG_STORE_URL']
    delete memory['RAG_STORE_PROJECT']
    await serve(memory, async (url) => {
      const post = await fetch(`${url}/sessions/mem/index`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: postgres.root }) })
      expect(post.status).toBe(202)
      let status: { chunkCount: number; run: unknown; vectors?: { kind: string; embedded: number } } = { chunkCount: 0, run: {} }
      for (let i = 0; i < 300 && (status.run !== null || status.chunkCount === 0); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        status = (await (await fetch(`${url}/sessions/mem/status`)).json()) as typeof status
      }
      expect(status.vectors).toMatchObject({ kind: 'hash', embedded: status.chunkCount })
      const served = (await (await fetch(`${url}/sessions/mem/search?q=${encodeURIComponent(query)}&k=10`)).json()) as { results: Hit[] }
      expect(served.results.some((hit) => hit.explain.some((e) => e.stream === 'vector'))).toBe(true)
    })
  }, 120_000)
})
