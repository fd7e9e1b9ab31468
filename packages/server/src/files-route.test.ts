import { RagService } from '@rag/session'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, startServer, type Running, type Sandbox } from './testing/harness.js'

// The test repeats the request's words more often than the source: the file ranking must still
// put the source first.
const FILES = {
  'src/auth.ts': '/** Checks a bearer token. */\nexport function verifyToken(token: string): boolean {\n  return token.startsWith("tok_")\n}\n',
  'src/retry.ts': 'export async function retryWithBackoff(fn: () => Promise<void>): Promise<void> {\n  await fn()\n}\n',
  'test/auth.test.ts': 'import { verifyToken } from "../src/auth"\n\nit("verifyToken accepts a token", () => verifyToken("tok_1"))\nit("verifyToken rejects a token", () => verifyToken("x"))\n',
  'docs/guide.md': '# Guide\n\nverifyToken checks the token. Deploy with the release pipeline.\n',
}

const QUERIES = ['verifyToken accepts a token it should reject', 'where are the tests for verifyToken?', 'retry with backoff', 'deploy pipeline guide']

describe('GET /sessions/:id/files', () => {
  let sandbox: Sandbox
  let running: Running

  beforeAll(async () => {
    sandbox = await createSandbox(FILES)
    running = await startServer({ roots: [sandbox.root] })
    const events = await running.events('files')
    const started = await running.request('POST', '/sessions/files/index', { path: '.' })
    await events.waitFor((e) => e.type === 'done' && e.runId === started.json.runId)
    events.close()
  })
  afterAll(async () => {
    await running.server.close()
    await sandbox.dispose()
  })

  it('returns the files a change touches, best first, with the plan, contributions and line ranges', async () => {
    const reply = await running.request('GET', `/sessions/files/files?q=${encodeURIComponent(QUERIES[0]!)}&k=3`)
    expect(reply.status).toBe(200)
    expect(reply.json).toMatchObject({ query: QUERIES[0], depth: 300, plan: { intent: 'locate', anchors: [expect.objectContaining({ kind: 'identifier', text: 'verifyToken' })] } })
    expect(reply.json.plan.reasons.length).toBeGreaterThan(0)
    expect(reply.json.files.length).toBeLessThanOrEqual(3)
    expect(reply.json.files[0]).toMatchObject({ file: 'src/auth.ts', rank: 1, prior: 1, categories: [], chunks: [expect.objectContaining({ startLine: 1, endLine: 4 })] })
    expect(reply.json.files[0].contributions.map((c: { signal: string }) => c.signal)).toContain('definitions')
    const test = reply.json.files.find((f: { file: string }) => f.file === 'test/auth.test.ts')
    expect(test.categories).toEqual(['test'])
    expect(test.prior).toBeLessThan(1)
  })

  it('ranks exactly as RagService.locateFiles over the same tree', async () => {
    // The server's default sessions are `new RagService()` (the CLI's `rag serve` passes its configured ones).
    const rag = new RagService()
    await rag.indexDirectory(sandbox.root)
    for (const query of QUERIES) {
      const reply = await running.request('GET', `/sessions/files/files?q=${encodeURIComponent(query)}`)
      expect(reply.json).toEqual(JSON.parse(JSON.stringify(await rag.locateFiles(query))))
    }
  })

  it('applies path and language filters', async () => {
    const reply = await running.request('GET', `/sessions/files/files?q=${encodeURIComponent('verifyToken token')}&path=test`)
    expect(reply.json.files.map((f: { file: string }) => f.file)).toEqual(['test/auth.test.ts'])
    const markdown = await running.request('GET', `/sessions/files/files?q=${encodeURIComponent('verifyToken token')}&lang=markdown`)
    expect(markdown.json.files.map((f: { file: string }) => f.file)).toEqual(['docs/guide.md'])
  })

  it.each([
    ['/sessions/files/files', 400, /querystring must have required property 'q'/],
    ['/sessions/files/files?q=', 400, /q must NOT have fewer than 1 characters/],
    ['/sessions/files/files?q=token&k=0', 400, /k must be >= 1/],
    ['/sessions/files/files?q=token&k=51', 400, /k must be <= 50/],
    ['/sessions/files/files?q=token&limit=3', 400, /must NOT have additional properties/],
    ['/sessions/nobody/files?q=token', 404, /Session "nobody" does not exist/],
  ])('refuses %s with %i and a message naming the problem', async (path, status, message) => {
    const reply = await running.request('GET', path)
    expect(reply.status).toBe(status)
    expect(reply.json.error.message).toMatch(message)
  })

  it('is described in the OpenAPI document', async () => {
    const spec = await running.request('GET', '/openapi.json')
    const route = spec.json.paths['/sessions/{id}/files'].get
    expect(route.parameters.map((p: { name: string }) => p.name)).toEqual(['id', 'q', 'k', 'path', 'lang'])
    expect(Object.keys(route.responses['200'].content['application/json'].schema.properties)).toEqual(['query', 'depth', 'plan', 'files'])
  })
})
