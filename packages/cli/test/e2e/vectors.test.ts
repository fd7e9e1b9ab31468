import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { startEmbeddingServer, type EmbeddingServer } from '@rag/test-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, runRag, type Sandbox } from '../../src/testing/cli-process.js'

/** A function long enough to be a chunk of its own. */
function fn(name: string, words: string): string {
  return [`/** ${name}: ${words}. */`, `export function ${name}(input: string): string {`, `  const text = input.trim() // ${words}`, `  return text + ${JSON.stringify(words)}`, '}', ''].join('\n')
}

const BILLING = ['computeInvoiceTotal', 'applyDiscountCode', 'refundPayment', 'chargeCreditCard'].map((name, i) => fn(name, `billing step ${i} ledger money`)).join('\n')

const FILES: Record<string, string> = {
  'src/billing.ts': BILLING,
  'src/auth/token.ts': fn('verifyToken', 'checks the signature and expiry of a bearer token'),
  'src/db/pool.py': 'class ConnectionPool:\n    """Keeps open database connections for reuse."""\n\n    def acquire(self):\n        return self.connections.pop()\n',
  'docs/deploy.md': '# Deploy\n\n## Rollback\n\nRedeploy the previous release tag to roll back a broken deployment.\n',
}

interface VectorReport {
  embedder: string
  dimensions: number
  embedded: number
  reused: number
  rebuilt?: string
}
interface IndexDone {
  event: string
  added: number
  vectors: VectorReport | null
}
interface StatusJson {
  chunks: number
  documents: number
  vectors: { kind: string; embedder: string | null; dimensions: number | null; embedded: number } | null
}
interface SearchJson {
  results: { file: string; explain: { stream: string; rank: number; score: number }[] }[]
}

const EDITED = BILLING.replace('billing step 2 ledger money', 'billing step 2 escrow money')

describe('rag index --embedder (end to end, on a real temporary repository)', () => {
  let box: Sandbox
  const rag = (args: string[], env: NodeJS.ProcessEnv = box.env) => runRag(args, { cwd: box.root, env })

  afterEach(async () => {
    await box.dispose()
  })

  it('--embedder static: trains a model, keeps it with the index, searches with it, and re-embeds only the edited chunk', async () => {
    box = await createSandbox(FILES)
    const first = lastJson<IndexDone>(await rag(['--json', 'index', '--embedder', 'static', box.root]))
    expect(first.vectors).toMatchObject({ dimensions: 128, embedded: first.added, reused: 0, rebuilt: 'trained a static model on the indexed corpus' })
    expect(first.vectors?.embedder).toMatch(/^static@1:[0-9a-f]{16}$/)

    const status = lastJson<StatusJson>(await rag(['--json', 'status']))
    expect(status.vectors).toEqual({ kind: 'static', embedder: first.vectors!.embedder, dimensions: 128, embedded: status.documents })
    const human = await rag(['status'])
    expect(human.stdout).toMatch(new RegExp(`Vectors +${first.vectors!.embedder} \\(static, 128 dimensions\\): ${status.documents} of ${status.documents} chunks and documents embedded`))

    const search = lastJson<SearchJson>(await rag(['--json', 'search', 'refund', 'the', 'ledger', 'money']))
    expect(search.results.some((r) => r.explain.some((e) => e.stream === 'vector' && e.score > 0))).toBe(true)
    const explained = await rag(['search', '--explain', 'refund the ledger money'])
    expect(explained.stdout).toMatch(/vector: rank \d+, score \d\.\d+/)

    // Another embedder configured for a search finds none of the stored vectors: said in one line, not silently.
    const other = await rag(['--json', 'search', 'refund'], { ...box.env, RAG_EMBEDDER_KIND: 'hash' })
    expect(other.code).toBe(0)
    expect(other.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^warning: the configured embedder \(hash\) is not the one the index was built with \(static, static@1:[0-9a-f]{16}\); vector search is off until `rag index`/)])
    expect(lastJson<SearchJson>(other).results.some((r) => r.explain.some((e) => e.stream === 'vector'))).toBe(false)
    expect((await rag(['search', 'refund'], { ...box.env, RAG_EMBEDDER_KIND: 'none' })).stderr).toBe('')

    await box.write('src/billing.ts', EDITED)
    const second = lastJson<IndexDone>(await rag(['--json', 'index']))
    expect(second.vectors).toEqual({ embedder: first.vectors!.embedder, dimensions: 128, embedded: 1, reused: 3 })
  })

  it('--embedder hash, then another dimension: every chunk embedded again and the run says so', async () => {
    box = await createSandbox(FILES)
    const first = await rag(['index', '--embedder', 'hash', box.root])
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/Vectors \(hash@1:code-aware@\d+:256:0, 256 dimensions\): \d+ chunks embedded\./)
    const chunks = lastJson<StatusJson>(await rag(['--json', 'status'])).documents

    const changed = await rag(['index'], { ...box.env, RAG_EMBEDDER_DIMENSIONS: '64' })
    expect(changed.code).toBe(0)
    expect(changed.stdout).toMatch(
      new RegExp(`Vectors \\(hash@1:code-aware@\\d+:64:0, 64 dimensions\\): ${chunks} chunks embedded \\(the embedder changed from hash@1:code-aware@\\d+:256:0 to hash@1:code-aware@\\d+:64:0\\)\\.`),
    )
    // The index keeps the embedder it was built with: a later search needs no flag.
    expect(lastJson<StatusJson>(await rag(['--json', 'status'])).vectors).toMatchObject({ kind: 'hash', dimensions: 64, embedded: chunks })

    // --embedder none removes the vectors, and later commands search without them.
    const none = await rag(['index', '--embedder', 'none'])
    expect(none.stdout).toContain('Vectors: removed (embedder none)')
    expect(lastJson<StatusJson>(await rag(['--json', 'status'])).vectors).toBeNull()
    const search = lastJson<SearchJson>(await rag(['--json', 'search', 'refund', 'the', 'ledger']))
    expect(search.results.length).toBeGreaterThan(0)
    expect(search.results.some((r) => r.explain.some((e) => e.stream === 'vector'))).toBe(false)
  })
})

describe('rag index --embedder openai (against a real embedding server on loopback)', () => {
  let box: Sandbox
  let server: EmbeddingServer
  const KEY = 'sk-e2e-0123456789abcdef'

  beforeAll(async () => {
    server = await startEmbeddingServer({ dimensions: 16, apiKey: KEY })
    box = await createSandbox(FILES)
    // The user's own config names the server; the key is in the variable embedder.apiKeyEnv names.
    const userConfig = join(box.env['XDG_CONFIG_HOME']!, 'rag', 'config.json')
    await mkdir(dirname(userConfig), { recursive: true })
    await writeFile(userConfig, JSON.stringify({ embedder: { baseUrl: `${server.url}/v1`, model: 'text-embed-test', dimensions: 16 } }))
  })
  afterAll(async () => {
    await server.close()
    await box.dispose()
  })

  const env = (key = KEY): NodeJS.ProcessEnv => ({ ...box.env, RAG_EMBEDDER_API_KEY: key })
  const rag = (args: string[], key?: string) => runRag(args, { cwd: box.root, env: env(key) })

  it('embeds every chunk through /v1/embeddings with the key, then only the changed chunk, and embeds queries', async () => {
    const run = await rag(['--json', 'index', '--embedder', 'openai', box.root])
    const first = lastJson<IndexDone>(run)
    const embedding = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { event: string }).filter((e) => e.event === 'embedding')
    expect(embedding.at(-1)).toEqual({ event: 'embedding', embedded: first.added, total: first.added })
    expect(first.vectors).toEqual({ embedder: 'openai:text-embed-test:16', dimensions: 16, embedded: first.added, reused: 0 })
    const inputs = server.requests.flatMap((r) => r.inputs)
    expect(inputs).toHaveLength(first.added)
    expect(server.requests.every((r) => r.path === '/v1/embeddings' && r.authorization === `Bearer ${KEY}`)).toBe(true)

    server.requests.length = 0
    await box.write('src/billing.ts', EDITED)
    const second = lastJson<IndexDone>(await rag(['--json', 'index']))
    expect(second.vectors).toMatchObject({ embedded: 1, reused: 3 })
    expect(server.requests.flatMap((r) => r.inputs)).toEqual([expect.stringContaining('escrow')])

    server.requests.length = 0
    const search = lastJson<SearchJson>(await rag(['--json', 'search', 'escrow', 'refund']))
    expect(server.requests.flatMap((r) => r.inputs)).toEqual(['escrow refund'])
    expect(search.results.some((r) => r.explain.some((e) => e.stream === 'vector'))).toBe(true)
  })

  it("ignores embedder.baseUrl from the repository's own rag.config.json, with a warning", async () => {
    await box.write('rag.config.json', JSON.stringify({ embedder: { baseUrl: 'http://127.0.0.1:9/v1' } }))
    try {
      server.requests.length = 0
      const run = await rag(['search', 'escrow', 'refund'])
      expect(run.code).toBe(0)
      expect(run.stderr).toMatch(/embedder\.baseUrl in .*rag\.config\.json is ignored/)
      expect(server.requests).toHaveLength(1)
    } finally {
      await box.remove('rag.config.json')
    }
  })

  it('fails in one line on a bad key, and leaves the index as it was', async () => {
    const before = lastJson<StatusJson>(await rag(['--json', 'status']))
    await box.write('src/extra.ts', fn('settleEscrow', 'moves escrow money to the seller'))
    const run = await rag(['index'], 'sk-wrong-key-000000000')
    expect(run.code).toBe(1)
    const errorLines = run.stderr.trim().split('\n').filter((l) => l.includes('401'))
    expect(errorLines).toHaveLength(1)
    expect(run.stderr).not.toContain('sk-wrong')
    await box.remove('src/extra.ts')
    expect(lastJson<StatusJson>(await rag(['--json', 'status']))).toMatchObject({ chunks: before.chunks, vectors: before.vectors })
  })
})
