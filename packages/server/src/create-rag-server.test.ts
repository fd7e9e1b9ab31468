import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, startServer, type Running, type Sandbox } from './testing/harness.js'

const FILES = {
  'src/auth.ts': 'export function verifyToken(token: string): boolean {\n  return token.startsWith("tok_")\n}\n',
  'src/retry.ts': 'export async function retryWithBackoff(fn: () => Promise<void>): Promise<void> {\n  await fn()\n}\n',
  'docs/guide.md': '# Guide\n\nDeploy with the release pipeline.\n',
}

describe('createRagServer over HTTP and WebSocket', () => {
  let sandbox: Sandbox
  let running: Running

  beforeAll(async () => {
    sandbox = await createSandbox(FILES)
    running = await startServer({ roots: [sandbox.root] })
  })
  afterAll(async () => {
    await running.server.close()
    await sandbox.dispose()
  })

  it('binds 127.0.0.1 by default', () => {
    expect(running.server.address()?.address).toBe('127.0.0.1')
  })

  it('indexes in the background with progress and completion on the WebSocket', async () => {
    const events = await running.events('alpha')
    const started = await running.request('POST', '/sessions/alpha/index', { path: '.' })
    expect(started.status).toBe(202)
    expect(started.json.runId).toMatch(/^[0-9a-f-]{36}$/)
    const done = await events.waitFor((e) => e.type === 'done' && e.runId === started.json.runId)
    expect(done.summary.files).toBe(3)
    expect(events.received.some((e) => e.type === 'progress' && e.runId === started.json.runId)).toBe(true)
    events.close()
  })

  it('searches with k, path and language filters', async () => {
    const all = await running.request('GET', '/sessions/alpha/search?q=verifyToken&k=2')
    expect(all.status).toBe(200)
    expect(all.json.results[0]).toMatchObject({ file: 'src/auth.ts', startLine: 1, language: 'typescript' })
    expect(all.json.results.length).toBeLessThanOrEqual(2)
    const docsOnly = await running.request('GET', '/sessions/alpha/search?q=deploy%20pipeline&path=docs')
    expect(docsOnly.json.results.map((r: { file: string }) => r.file)).toEqual(['docs/guide.md'])
    const ts = await running.request('GET', '/sessions/alpha/search?q=deploy%20retry%20token&lang=typescript')
    expect(ts.json.results.every((r: { language: string }) => r.language === 'typescript')).toBe(true)
  })

  it('streams search results over the WebSocket, one message per hit, as the HTTP route ranks them', async () => {
    const events = await running.events('alpha')
    events.socket.send(JSON.stringify({ type: 'search', id: 'q1', q: 'deploy retry token', k: 3 }))
    const done = await events.waitFor((e) => e.type === 'results-done' && e.id === 'q1')
    const streamed = events.received.filter((e) => e.type === 'result' && e.id === 'q1')
    expect(streamed.map((e) => e.rank)).toEqual([...streamed.keys()].map((index) => index + 1))
    expect(done.count).toBe(streamed.length)
    const http = await running.request('GET', '/sessions/alpha/search?q=deploy%20retry%20token&k=3')
    expect(streamed.map((e) => e.result)).toEqual(http.json.results)
    expect(streamed.length).toBeGreaterThan(0)

    // Filters and the default k apply as in the HTTP route.
    events.socket.send(JSON.stringify({ type: 'search', id: 'docs', q: 'deploy pipeline', path: 'docs' }))
    await events.waitFor((e) => e.type === 'results-done' && e.id === 'docs')
    expect(events.received.filter((e) => e.type === 'result' && e.id === 'docs').map((e) => e.result.file)).toEqual(['docs/guide.md'])

    // Bad messages get an error naming the problem, with the id when there is one.
    events.socket.send(JSON.stringify({ type: 'search', id: 'bad', q: '', k: 3 }))
    const bad = await events.waitFor((e) => e.type === 'error' && e.id === 'bad')
    expect(bad.error.code).toBe('INVALID_ARGUMENT')
    expect(bad.error.message).toMatch(/\/q must NOT have fewer than 1 characters/)
    events.socket.send(JSON.stringify({ type: 'search', id: 'big', q: 'token', k: 51 }))
    expect((await events.waitFor((e) => e.type === 'error' && e.id === 'big')).error.message).toMatch(/\/k must be <= 50/)
    events.socket.send('not json')
    expect((await events.waitFor((e) => e.type === 'error' && e.id === null)).error.code).toBe('INVALID_ARGUMENT')
    events.close()

    // A session that does not exist: NOT_FOUND, as over HTTP.
    const nobody = await running.events('nobody')
    nobody.socket.send(JSON.stringify({ type: 'search', id: 'x', q: 'token' }))
    expect((await nobody.waitFor((e) => e.type === 'error' && e.id === 'x')).error.code).toBe('NOT_FOUND')
    nobody.close()
  })

  it('builds a context prompt and reports status', async () => {
    const prompt = await running.request('POST', '/sessions/alpha/prompt', { question: 'How is a token verified?', k: 3, maxTokens: 2000 })
    expect(prompt.status).toBe(200)
    expect(prompt.json.prompt).toContain('verifyToken')
    expect(prompt.json).toMatchObject({ status: 'complete', omitted: 0 })
    expect(prompt.json.included).toBeGreaterThan(0)
    // The prompt is the question alone: the response says why.
    const tight = await running.request('POST', '/sessions/alpha/prompt', { question: 'How is a token verified?', k: 3, maxTokens: 1 })
    expect(tight.json).toMatchObject({ prompt: 'How is a token verified?', status: 'over-budget', included: 0 })
    expect(tight.json.omitted).toBeGreaterThan(0)
    const none = await running.request('POST', '/sessions/alpha/prompt', { question: 'zzqqxx', k: 3 })
    expect(none.json).toEqual({ prompt: 'zzqqxx', status: 'no-results', included: 0, omitted: 0, truncated: null })
    // `null` is no budget (it was read as 0 and refused); a cut hit is reported with the lines kept.
    const unbounded = await running.request('POST', '/sessions/alpha/prompt', { question: 'How is a token verified?', k: 3, maxTokens: null })
    expect(unbounded.json).toMatchObject({ status: 'complete', omitted: 0, truncated: null })
    // A long hit cut short is reported with the lines kept (session gamma: alpha's documents are another test's).
    const long = Array.from({ length: 40 }, (_, i) => `line ${i}: the quokka ledger reconciles entry ${i}`).join('\n')
    expect((await running.request('POST', '/sessions/gamma/documents', { content: long, metadata: { title: 'ledger' } })).status).toBe(201)
    const cut = await running.request('POST', '/sessions/gamma/prompt', { question: 'quokka ledger', k: 1, maxTokens: 200 })
    expect(cut.json).toMatchObject({ status: 'truncated', included: 0, omitted: 0 })
    expect(cut.json.truncated.keptLines).toBeGreaterThan(0)
    expect(cut.json.truncated.keptLines).toBeLessThan(cut.json.truncated.totalLines)
    const status = await running.request('GET', '/sessions/alpha/status')
    expect(status.json).toMatchObject({ id: 'alpha', fileCount: 3, indexing: false, run: null })
    expect(status.json.indexedPath).toContain('root')
  })

  it('adds, lists, gets and removes documents; isolated per session', async () => {
    const added = await running.request('POST', '/sessions/beta/documents', { content: 'Rollback by redeploying the previous tag.', metadata: { source: 'user' } })
    expect(added.status).toBe(201)
    const list = await running.request('GET', '/sessions/beta/documents')
    expect(list.json.documents).toEqual([expect.objectContaining({ id: added.json.id, metadata: { source: 'user' } })])
    const got = await running.request('GET', `/sessions/beta/documents/${added.json.id}`)
    expect(got.json.content).toBe('Rollback by redeploying the previous tag.')
    // Session alpha sees neither the document nor beta's corpus; beta sees none of alpha's files.
    expect((await running.request('GET', `/sessions/alpha/documents/${added.json.id}`)).status).toBe(404)
    expect((await running.request('GET', '/sessions/beta/search?q=verifyToken')).json.results).toEqual([])
    expect((await running.request('DELETE', `/sessions/beta/documents/${added.json.id}`)).json).toEqual({ removed: true })
    expect((await running.request('DELETE', `/sessions/beta/documents/${added.json.id}`)).status).toBe(404)
  })

  it('cancels a run with DELETE /index and over the WebSocket', async () => {
    for (let i = 0; i < 150; i++) await sandbox.write(`bulk/f${i}.ts`, `export const value${i} = ${i}\n`.repeat(40))
    const events = await running.events('gamma')
    const first = await running.request('POST', '/sessions/gamma/index', { path: '.' })
    const conflict = await running.request('POST', '/sessions/gamma/index', { path: '.' })
    expect(conflict.status).toBe(409)
    expect((await running.request('DELETE', '/sessions/gamma/index')).json).toEqual({ runId: first.json.runId, cancelled: true })
    await events.waitFor((e) => e.type === 'cancelled' && e.runId === first.json.runId)
    const second = await running.request('POST', '/sessions/gamma/index', { path: '.', force: true })
    events.socket.send(JSON.stringify({ type: 'cancel' }))
    const ack = await events.waitFor((e) => e.type === 'cancel-ack')
    expect(ack.runId === second.json.runId || ack.runId === null).toBe(true)
    await events.waitFor((e) => (e.type === 'cancelled' || e.type === 'done') && e.runId === second.json.runId)
    expect((await running.request('GET', '/sessions/gamma/status')).json.fileCount).toBe(0)
    events.close()
  })

  it('clears and deletes a session', async () => {
    await running.request('PUT', '/sessions/delta')
    await running.request('POST', '/sessions/delta/documents', { content: 'temporary note' })
    expect((await running.request('POST', '/sessions/delta/clear')).json).toEqual({ cleared: true })
    expect((await running.request('GET', '/sessions/delta/status')).json.documentCount).toBe(0)
    expect((await running.request('DELETE', '/sessions/delta')).json).toEqual({ deleted: true })
    expect((await running.request('GET', '/sessions/delta/status')).status).toBe(404)
  })

  it('serves an OpenAPI description built from the route schemas', async () => {
    const spec = await running.request('GET', '/openapi.json')
    expect(spec.json.openapi).toBe('3.1.0')
    expect(Object.keys(spec.json.paths)).toContain('/sessions/{id}/search')
    const k = spec.json.paths['/sessions/{id}/search'].get.parameters.find((p: { name: string }) => p.name === 'k')
    expect(k.schema.maximum).toBe(50)
  })
})
