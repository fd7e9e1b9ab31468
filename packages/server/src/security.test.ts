import { symlink } from 'node:fs/promises'
import { join } from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRagServer } from './create-rag-server.js'
import { createSandbox, startServer, type Running, type Sandbox } from './testing/harness.js'

const TOKEN = 'test-token-0123456789abcdef'
const SECRET = 'TOPSECRET_OUTSIDE_MARKER'

function expectOneLineError(response: Awaited<ReturnType<Running["request"]>>, status: number): void {
  expect(response.status).toBe(status)
  expect(response.text.includes('\n')).toBe(false)
  expect(Object.keys(response.json)).toEqual(['error'])
  expect(typeof response.json.error.code).toBe('string')
  expect(typeof response.json.error.message).toBe('string')
  expect(response.text).not.toMatch(/\bat .*\(.*:\d+:\d+\)|node_modules/)
  expect(response.text).not.toContain(SECRET)
}

describe('createRagServer security', () => {
  let sandbox: Sandbox
  let running: Running

  beforeAll(async () => {
    sandbox = await createSandbox(
      { 'app/main.ts': 'export const insideMarker = "INSIDE_MARKER"\n' },
      { 'secret.ts': `export const secret = "${SECRET}"\n`, 'nested/more.ts': `export const more = "${SECRET}"\n` },
    )
    // A symlinked directory and a symlinked file inside the root, both pointing outside.
    await symlink(sandbox.outside, join(sandbox.root, 'escape'))
    await symlink(join(sandbox.outside, 'secret.ts'), join(sandbox.root, 'app', 'linked-secret.ts'))
    running = await startServer({ roots: [sandbox.root], token: TOKEN, limits: { bodyBytes: 4096, topK: 20, queryLength: 100, sessions: 2 } })
    const events = await running.events('s')
    const started = await running.request('POST', '/sessions/s/index', { path: 'app' })
    expect(started.status).toBe(202)
    await events.waitFor((e) => e.type === 'done')
    events.close()
  })
  afterAll(async () => {
    await running.server.close()
    await sandbox.dispose()
  })

  const snapshot = async (): Promise<{ files: string[]; status: unknown }> => {
    const status = (await running.request('GET', '/sessions/s/status')).json
    const hits = (await running.request('GET', `/sessions/s/search?q=${encodeURIComponent(`${SECRET} secret more insideMarker`)}&k=20`)).json
    return { files: hits.results.map((r: { file: string }) => r.file).sort(), status: { ...status, lastIndexedAt: undefined } }
  }

  it('never indexes a symlinked file that points outside the root', async () => {
    const { files } = await snapshot()
    expect(files).toEqual(['main.ts'])
  })

  it.each([
    ['..', '../outside'],
    ['.. in the middle', 'app/../../outside'],
    ['an absolute path outside', '/etc'],
    ['an absolute path to the sibling', 'OUTSIDE'],
    ['a symlinked directory leading out', 'escape'],
    ['a symlink below the root leading out', 'escape/nested'],
    ['URL-encoded ../', '%2e%2e%2foutside'],
    ['URL-encoded dots only', '%2E%2E/outside'],
    ['an encoded backslash', '..%5coutside'],
    ['a NUL byte', 'app\u0000/../..'],
  ])('refuses %s with 403 and leaves the index unchanged', async (_name, raw) => {
    const path = raw === 'OUTSIDE' ? sandbox.outside : raw
    const before = await snapshot()
    const response = await running.request('POST', '/sessions/s/index', { path })
    expectOneLineError(response, 403)
    expect(response.json.error.code).toBe('FORBIDDEN')
    // Give a (wrongly) started run time to commit before comparing.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await snapshot()).toEqual(before)
    expect(before.files).not.toContain(expect.stringContaining('secret'))
  })

  it('refuses a traversal in the URL path itself', async () => {
    const response = await running.request('POST', '/sessions/%2e%2e%2fs/index', { path: 'app' })
    expectOneLineError(response, 400)
    expect((await running.request('GET', '/sessions/..%2F..%2Fetc/status')).status).toBe(400)
  })

  it('answers 401 without a token or with a wrong one, also on the WebSocket', async () => {
    expectOneLineError(await running.request('GET', '/sessions/s/status', undefined, { authorization: '' }), 401)
    expectOneLineError(await running.request('GET', '/sessions/s/status', undefined, { authorization: `Bearer ${TOKEN}x` }), 401)
    expectOneLineError(await running.request('GET', '/sessions/s/status', undefined, { authorization: `Basic ${TOKEN}` }), 401)
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${running.url.replace('http', 'ws')}/sessions/s/events`)
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      socket.on('open', () => resolve(101))
    })
    expect(status).toBe(401)
  })

  it('answers 404 for an unknown session, document or route', async () => {
    expectOneLineError(await running.request('GET', '/sessions/nobody/search?q=x'), 404)
    expectOneLineError(await running.request('GET', '/sessions/nobody/status'), 404)
    expectOneLineError(await running.request('DELETE', '/sessions/nobody'), 404)
    expectOneLineError(await running.request('GET', '/sessions/s/documents/doc:none'), 404)
    expectOneLineError(await running.request('GET', '/nowhere'), 404)
  })

  it('answers 400 for bad JSON and schema violations', async () => {
    const bad = await running.request('POST', '/sessions/s/prompt', '{"question": "x",', {})
    expectOneLineError(bad, 400)
    expect(bad.json.error.code).toBe('INVALID_JSON')
    expectOneLineError(await running.request('POST', '/sessions/s/prompt', { question: 'x', extra: 1 }), 400)
    expectOneLineError(await running.request('POST', '/sessions/s/index', {}), 400)
    expectOneLineError(await running.request('GET', '/sessions/s/search?q=x&k=21'), 400)
    expectOneLineError(await running.request('GET', '/sessions/s/search?q=x&k=abc'), 400)
    expectOneLineError(await running.request('GET', '/sessions/s/search'), 400)
    expectOneLineError(await running.request('GET', `/sessions/s/search?q=${'a'.repeat(101)}`), 400)
    expectOneLineError(await running.request('POST', '/sessions/s/documents', { content: 'x', metadata: { nested: { a: 1 } } }), 400)
  })

  it('answers 413 for an oversized body and 414 for an oversized URL', async () => {
    const big = await running.request('POST', '/sessions/s/documents', { content: 'x'.repeat(10_000) })
    expectOneLineError(big, 413)
    expectOneLineError(await running.request('GET', `/sessions/s/search?q=${'a'.repeat(9000)}`), 414)
  })

  it('bounds the number of sessions: at capacity a new session is refused with 429, and no live session is evicted', async () => {
    const before = await snapshot()
    expect((await running.request('PUT', '/sessions/two')).status).toBe(201)
    // Anyone creating more sessions cannot push out the live ones (the defect: `s` and its index went).
    for (const id of ['three', 'm1', 'm2']) {
      const refused = await running.request('PUT', `/sessions/${id}`)
      expectOneLineError(refused, 429)
      expect(refused.json.error.code).toBe('LIMIT_EXCEEDED')
      expect(refused.json.error.message).toMatch(
        new RegExp(`^Session "${id}" cannot start: all 2 sessions \\(maxSessions\\) are live; a session is evicted only after 30 min idle \\(idleTimeoutMs\\), and none is\\. Retry later, or remove a session you own\\.$`),
      )
    }
    expect(running.server.sessions.sessionIds.sort()).toEqual(['s', 'two'])
    expect(await snapshot()).toEqual(before)
    expect((await running.request('DELETE', '/sessions/two')).status).toBe(200)
  })
})

describe('createRagServer bind safety', () => {
  it('refuses a non-loopback host without a token, with a ConfigError', async () => {
    const sandbox = await createSandbox({})
    try {
      expect(() => createRagServer({ roots: [sandbox.root], host: '0.0.0.0' })).toThrow(expect.objectContaining({ code: 'CONFIG' }))
      expect(() => createRagServer({ roots: [sandbox.root], host: '192.168.1.5' })).toThrow(/token/)
      expect(() => createRagServer({ roots: [sandbox.root], host: '0.0.0.0', token: 'short' })).toThrow(/16 characters/)
      expect(() => createRagServer({ roots: [join(sandbox.base, 'missing')] })).toThrow(expect.objectContaining({ code: 'CONFIG' }))
      expect(() => createRagServer({ roots: [sandbox.root], host: '0.0.0.0', token: TOKEN })).not.toThrow()
      expect(() => createRagServer({ roots: [sandbox.root], host: '::1' })).not.toThrow()
    } finally {
      await sandbox.dispose()
    }
  })

  it.each([
    ['a space', `${TOKEN} with spaces`, /^The auth token \(token option, --token or RAG_TOKEN\) contains whitespace \(" " at position 28\); a bearer token is one word of visible ASCII characters, so clients could never send it\.$/],
    ['a trailing newline', `${TOKEN}\n`, /contains whitespace \("\\n" at position 28\)/],
    ['a tab', `\t${TOKEN}`, /contains whitespace \("\\t" at position 1\)/],
    ['a control character', `${TOKEN}\u0007`, /contains a control character/],
    ['a non-ASCII character', `${TOKEN}é`, /contains a non-ASCII character/],
    ['nothing', '', /^The auth token \(token option, --token or RAG_TOKEN\) is empty;/],
  ])('refuses a token with %s at start-up, on loopback too', async (_name, token, message) => {
    const sandbox = await createSandbox({})
    try {
      expect(() => createRagServer({ roots: [sandbox.root], token })).toThrow(expect.objectContaining({ code: 'CONFIG' }))
      expect(() => createRagServer({ roots: [sandbox.root], token })).toThrow(message)
      expect(() => createRagServer({ roots: [sandbox.root], host: '0.0.0.0', token })).toThrow(message)
    } finally {
      await sandbox.dispose()
    }
  })

  it('limits requests per client and minute, counting refused tokens and unknown routes, with Retry-After', async () => {
    const sandbox = await createSandbox({ 'a.ts': 'export const a = 1\n' })
    const running = await startServer({ roots: [sandbox.root], token: TOKEN, limits: { requestsPerMinute: 4 } })
    try {
      expect((await running.request('GET', '/openapi.json')).status).toBe(200)
      expect((await running.request('GET', '/sessions/s/status', undefined, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401)
      expect((await running.request('GET', '/no/such/route')).status).toBe(404)
      expect((await running.request('GET', '/openapi.json')).status).toBe(200)
      // The fifth request of this client within the minute, whatever it is:
      const limited = await running.request('GET', '/openapi.json')
      expectOneLineError(limited, 429)
      expect(limited.json.error.code).toBe('RATE_LIMITED')
      expect(limited.json.error.message).toMatch(/at most 4 per minute; retry in \d+ s\./)
      const retryAfter = await fetch(`${running.url}/openapi.json`, { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(Number(retryAfter.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(retryAfter.status).toBe(429)
      const upgrade = await new Promise<number>((resolve) => {
        const socket = new WebSocket(`${running.url.replace('http', 'ws')}/sessions/s/events`, { headers: { authorization: `Bearer ${TOKEN}` } })
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        socket.on('open', () => resolve(101))
      })
      expect(upgrade).toBe(429)
      // Another client (remote address) has its own count.
      const other = await running.server.app.inject({ method: 'GET', url: '/openapi.json', remoteAddress: '127.0.0.9', headers: { authorization: `Bearer ${TOKEN}` } })
      expect(other.statusCode).toBe(200)
    } finally {
      await running.server.close()
      await sandbox.dispose()
    }
  })

  it('counts WebSocket searches against the same per-client limit', async () => {
    const sandbox = await createSandbox({})
    const running = await startServer({ roots: [sandbox.root], limits: { requestsPerMinute: 3 } })
    try {
      const events = await running.events('s') // the upgrade: request 1
      for (const id of ['a', 'b', 'c']) events.socket.send(JSON.stringify({ type: 'search', id, q: 'token' }))
      const replies = await Promise.all(['a', 'b', 'c'].map((id) => events.waitFor((e) => e.type === 'error' && e.id === id)))
      expect(replies.map((r) => r.error.code)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'RATE_LIMITED'])
      expect(replies[2].error.message).toMatch(/at most 3 per minute/)
      events.close()
    } finally {
      await running.server.close()
      await sandbox.dispose()
    }
  })

  it('rejects a rate limit that is not a positive integer or Infinity', async () => {
    const sandbox = await createSandbox({})
    try {
      expect(() => createRagServer({ roots: [sandbox.root], limits: { requestsPerMinute: 0 } })).toThrow(/limits\.requestsPerMinute must be a positive integer/)
      expect(() => createRagServer({ roots: [sandbox.root], limits: { requestsPerMinute: 1.5 } })).toThrow(expect.objectContaining({ code: 'CONFIG' }))
      expect(() => createRagServer({ roots: [sandbox.root], limits: { requestsPerMinute: Number.POSITIVE_INFINITY } })).not.toThrow()
    } finally {
      await sandbox.dispose()
    }
  })

  it('evicts a session only once it has been idle for limits.sessionIdleMs, making room for a new one', async () => {
    const sandbox = await createSandbox({ 'a.ts': 'export const alpha = 1\n' })
    const running = await startServer({ roots: [sandbox.root], limits: { sessions: 1, sessionIdleMs: 300 } })
    try {
      expect((await running.request('PUT', '/sessions/alice')).status).toBe(201)
      expect((await running.request('POST', '/sessions/alice/documents', { content: 'alice notes' })).status).toBe(201)
      expect((await running.request('PUT', '/sessions/bob')).status).toBe(429)
      expect((await running.request('GET', '/sessions/alice/status')).json.documentCount).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect((await running.request('PUT', '/sessions/bob')).status).toBe(201)
      expect((await running.request('GET', '/sessions/alice/status')).status).toBe(404)
    } finally {
      await running.server.close()
      await sandbox.dispose()
    }
  })

  it('rejects a session idle timeout that is not a positive integer or Infinity', async () => {
    const sandbox = await createSandbox({})
    try {
      expect(() => createRagServer({ roots: [sandbox.root], limits: { sessionIdleMs: 0 } })).toThrow(/limits\.sessionIdleMs must be a positive integer/)
      expect(() => createRagServer({ roots: [sandbox.root], limits: { sessionIdleMs: Number.POSITIVE_INFINITY } })).not.toThrow()
    } finally {
      await sandbox.dispose()
    }
  })

  it('answers 429 when every session is indexing and the manager is full', async () => {
    const sandbox = await createSandbox(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}.ts`, `export const v${i} = ${i}\n`.repeat(50)])))
    const running = await startServer({ roots: [sandbox.root], limits: { sessions: 1 } })
    try {
      expect((await running.request('POST', '/sessions/one/index', { path: '.' })).status).toBe(202)
      const refused = await running.request('POST', '/sessions/other/index', { path: '.' })
      expectOneLineError(refused, 429)
    } finally {
      await running.server.close()
      await sandbox.dispose()
    }
  })
})
