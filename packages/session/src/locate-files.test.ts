import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { InvalidArgumentError } from '@rag/core'
import { createChunkSignals, createLayerSignals, rankFiles } from '@rag/rank'
import { createQueryRouter } from '@rag/router'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag, openRag, storeOptions } from './create-rag.js'
import { lineRangesOf } from './locate-files.js'
import { resolveRetrieval } from './retrieval-presets.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

/** A small project where the tests repeat the words of a change request more often than the source does. */
const FILES: Record<string, string> = {
  'src/http/retry.ts': [
    '/** Retries a request with exponential backoff until the deadline. */',
    'export function retryRequest(request: Request, attempts: number): Promise<Response> {',
    '  return fetch(request).catch(() => (attempts > 0 ? retryRequest(request, attempts - 1) : Promise.reject(new Error("gave up"))))',
    '}',
    '',
  ].join('\n'),
  'src/http/timeout.ts': [
    '/** Aborts a request after a timeout in milliseconds. */',
    'export function withTimeout(request: Request, ms: number): Request {',
    '  return new Request(request, { signal: AbortSignal.timeout(ms) })',
    '}',
    '',
  ].join('\n'),
  'src/db/pool.py': ['class ConnectionPool:', '    """Keeps open database connections for reuse."""', '', '    def acquire(self):', '        return self.connections.pop()', ''].join('\n'),
  'test/retry.test.ts': [
    'import { retryRequest } from "../src/http/retry"',
    '',
    'describe("retryRequest", () => {',
    '  it("retries a request with backoff", () => retryRequest(new Request("http://x"), 3))',
    '  it("retry request timeout backoff", () => retryRequest(new Request("http://y"), 1))',
    '  it("retryRequest retries the request", () => retryRequest(new Request("http://z"), 2))',
    '})',
    '',
  ].join('\n'),
  'docs/retry.md': ['# Retry', '', 'retryRequest retries a request with backoff; retry, retry, retry.', ''].join('\n'),
}

const QUERIES = ['Fix retryRequest giving up before the deadline', 'request timeout aborts too early', 'where are the tests for retryRequest?', 'database connection pool', 'retry backoff']

describe('RagService.locateFiles', () => {
  let repo: TempRepo
  const stores: SqliteKnowledgeBase[] = []
  const dirs: string[] = []
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
  })
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close()
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
    await repo.dispose()
  })

  it('ranks the source file a change request names above its tests and docs, with the plan and each signal', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const chunkOrder = [...new Set((await rag.search('retryRequest retries the request too often', 10, undefined, { pathPriors: false })).map((hit) => hit.document.metadata.file))]
    // The premise: the fused chunk order alone puts the test first.
    expect(chunkOrder[0]).toBe('test/retry.test.ts')

    const { plan, depth, files } = await rag.locateFiles('retryRequest retries the request too often')
    expect(plan.intent).toBe('locate')
    expect(plan.anchors.map((a) => a.text)).toContain('retryRequest')
    expect(depth).toBe(300)
    expect(files[0]).toMatchObject({ file: 'src/http/retry.ts', rank: 1, prior: 1, categories: [] })
    expect(files[0]!.contributions.map((c) => c.signal)).toEqual(expect.arrayContaining(['first-hit', 'definitions']))
    expect(files[0]!.chunks[0]).toMatchObject({ startLine: 1, endLine: 4 })
    const test = files.find((f) => f.file === 'test/retry.test.ts')!
    expect(test.categories).toContain('test')
    expect(test.prior).toBeLessThan(1)
    expect(test.score).toBeCloseTo(test.evidence * test.prior, 12)
  })

  it('boosts the tests when the query asks for them', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const { plan, files } = await rag.locateFiles('where are the tests for retryRequest?')
    expect(plan.intent).toBe('find-tests')
    expect(files[0]?.file).toBe('test/retry.test.ts')
  })

  it('gives exactly the ranking of the bench localization suite: routeQuery, search at the plan depth, rankFiles over chunk signals', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const router = createQueryRouter()
    for (const query of QUERIES) {
      const plan = router.route(query)
      const hits = await rag.search(plan.searchText, plan.limits.chunks, undefined, { pathPriors: false })
      const expected = rankFiles(hits, plan, createChunkSignals(await rag.knowledgeBase.list()), { limit: 3 })
      const located = await rag.locateFiles(query, { limit: 3 })
      expect(located.plan).toEqual(plan)
      expect(located.files).toEqual(expected)
    }
  })

  it('ranks identically in memory and over a SQLite store', async () => {
    const memory = createRag()
    const store = await openSqliteKnowledgeBase(':memory:', storeOptions(resolveRetrieval('recommended')))
    stores.push(store)
    const persistent = openRag(store)
    await memory.indexDirectory(repo.root)
    await persistent.indexDirectory(repo.root)
    for (const query of QUERIES) {
      const a = await memory.locateFiles(query)
      expect(a.files.length).toBeGreaterThan(0)
      expect(await persistent.locateFiles(query)).toEqual(a)
    }
  })

  it('sees a definition indexed after the first call, in this session and from another writer of the store', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    expect((await rag.locateFiles('Fix parseHeaders on empty input')).files.some((f) => f.file === 'src/http/headers.ts')).toBe(false)
    await repo.write('src/http/headers.ts', 'export function parseHeaders(raw: string): Map<string, string> {\n  return new Map()\n}\n')
    await rag.indexDirectory(repo.root)
    const found = (await rag.locateFiles('Fix parseHeaders on empty input')).files.find((f) => f.file === 'src/http/headers.ts')
    expect(found?.contributions.map((c) => c.signal)).toContain('definitions')

    // Two sessions over one database file, as two processes have: the reader's cached signals
    // must follow the writer's commit.
    const dir = await mkdtemp(join(tmpdir(), 'rag-locate-'))
    dirs.push(dir)
    const options = storeOptions(resolveRetrieval('recommended'))
    const writerStore = await openSqliteKnowledgeBase(join(dir, 'index.db'), options)
    const readerStore = await openSqliteKnowledgeBase(join(dir, 'index.db'), options)
    stores.push(writerStore, readerStore)
    const writer = openRag(writerStore)
    const reader = openRag(readerStore)
    await writer.indexDirectory(repo.root)
    expect((await reader.locateFiles('Fix formatCookie quoting')).files.some((f) => f.contributions.some((c) => c.signal === 'definitions'))).toBe(false)
    await repo.write('src/http/cookie.ts', 'export function formatCookie(name: string, value: string): string {\n  return `${name}=${value}`\n}\n')
    await writer.indexDirectory(repo.root)
    const cookie = (await reader.locateFiles('Fix formatCookie quoting')).files.find((f) => f.file === 'src/http/cookie.ts')
    expect(cookie?.contributions.map((c) => c.signal)).toContain('definitions')
  })

  it('with code layers, lends the importers of the top files (C2) a share, as rankFiles does over the layer records; the same over SQLite', async () => {
    await repo.write('src/http/client.ts', 'import { retryRequest } from "./retry"\n\nexport class HttpClient {\n  send(request: Request) {\n    return retryRequest(request, 3)\n  }\n}\n')
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    const query = 'retryRequest retries the request too often'
    const { files } = await rag.locateFiles(query, { limit: 10 })
    expect(files[0]!.file).toBe('src/http/retry.ts')
    const client = files.find((f) => f.file === 'src/http/client.ts')!
    expect(client.contributions.map((c) => c.signal)).toContain('neighbours')

    // Exactly the bench's layered ranking: chunk signals, plus graph and route signals from every layer record.
    const plan = createQueryRouter().route(query)
    const steps = await Promise.all(Object.keys(FILES).concat('src/http/client.ts').map((file) => rag.dependencies(file)))
    const layers = createLayerSignals({ symbols: await rag.symbols('*', { limit: 10_000 }), edges: steps.flat().map((step) => step.edge), entrypoints: await rag.entrypoints() })
    const signals = { ...createChunkSignals(await rag.knowledgeBase.list()), neighbours: layers.neighbours, entrypoints: layers.entrypoints }
    expect(files).toEqual(rankFiles(await rag.search(plan.searchText, plan.limits.chunks, undefined, { pathPriors: false }), plan, signals, { limit: 10 }))

    // Without layers the importer gets no graph evidence.
    const plain = createRag()
    await plain.indexDirectory(repo.root)
    expect((await plain.locateFiles(query, { limit: 10 })).files.flatMap((f) => f.contributions).some((c) => c.signal === 'neighbours')).toBe(false)

    // A second process over a SQLite store reads the layers back from it.
    const dir = await mkdtemp(join(tmpdir(), 'rag-locate-layers-'))
    dirs.push(dir)
    const options = storeOptions(resolveRetrieval('recommended'))
    const writerStore = await openSqliteKnowledgeBase(join(dir, 'index.db'), options)
    const readerStore = await openSqliteKnowledgeBase(join(dir, 'index.db'), options)
    stores.push(writerStore, readerStore)
    await openRag(writerStore, { layers: true }).indexDirectory(repo.root)
    // ... from its edge and entrypoint tables, never loading and re-resolving every file's layers.
    let wholeLoads = 0
    const loadLayers = readerStore.loadLayers.bind(readerStore)
    readerStore.loadLayers = async () => {
      wholeLoads++
      return loadLayers()
    }
    expect((await openRag(readerStore).locateFiles(query, { limit: 10 })).files).toEqual(files)
    expect(wholeLoads).toBe(0)
  })

  it('keeps graph evidence inside a filter', async () => {
    await repo.write('lib/uses-retry.ts', 'import { retryRequest } from "../src/http/retry"\nexport const again = (r: Request) => retryRequest(r, 1)\n')
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    const all = await rag.locateFiles('retryRequest retries the request too often', { limit: 10 })
    expect(all.files.find((f) => f.file === 'lib/uses-retry.ts')?.contributions.map((c) => c.signal)).toContain('neighbours')
    const { files } = await rag.locateFiles('retryRequest retries the request too often', { limit: 10, filter: { path: 'src/**' } })
    expect(files.length).toBeGreaterThan(0)
    expect(files.every((f) => f.file.startsWith('src/'))).toBe(true)
  })

  it('narrows the chunk search with a filter', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const { files } = await rag.locateFiles('retry request backoff timeout', { filter: { path: 'src/**' } })
    expect(files.length).toBeGreaterThan(0)
    expect(files.every((f) => f.file.startsWith('src/'))).toBe(true)
  })

  it('takes the plan of the query from the caller (the same files); a plan of another query is refused', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const queries = [QUERIES[0]!, QUERIES[2]!]
    const plans = queries.map((query) => createQueryRouter().route(query))
    for (const [i, query] of queries.entries()) expect(await rag.locateFiles(query, { plan: plans[i]! })).toEqual(await rag.locateFiles(query))
    await expect(rag.locateFiles(queries[0]!, { plan: plans[1]! })).rejects.toThrow(InvalidArgumentError)
  })

  it('returns no files for an empty session', async () => {
    const rag = createRag()
    expect((await rag.locateFiles('anything at all')).files).toEqual([])
  })

  it.each([
    ['', {}, /query must be a non-empty string; received ""/],
    ['retry', { limit: 0 }, /limit must be a positive integer; received 0/],
    ['retry', { limit: 2.5 }, /limit must be a positive integer; received 2\.5/],
    ['retry', { filter: { path: 7 } }, /path/],
  ])('refuses query %j with options %j with an InvalidArgumentError', async (query, options, message) => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    await expect(rag.locateFiles(query, options as never)).rejects.toThrow(InvalidArgumentError)
    await expect(rag.locateFiles(query, options as never)).rejects.toThrow(message)
  })
})

describe('lineRangesOf', () => {
  it('lists the line ranges of the chunks best first, leaving out chunks without lines', () => {
    const chunks = [
      { id: 'a', rank: 0, score: 1, startLine: 88, endLine: 95 },
      { id: 'b', rank: 4, score: 0.5 },
      { id: 'c', rank: 9, score: 0.2, startLine: 12, endLine: 40 },
      { id: 'd', rank: 12, score: 0.1, startLine: 7 },
    ]
    expect(lineRangesOf({ chunks })).toEqual(['L88-95', 'L12-40', 'L7-7'])
  })
})
