/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC replies are untyped JSON */
import { spawn } from 'node:child_process'
import { symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, RAG, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

const FILES = {
  'src/auth.ts': 'export function verifyToken(token: string): boolean {\n  return token.startsWith("tok_")\n}\n',
  'src/retry.ts': 'export async function retryWithBackoff(fn: () => Promise<void>): Promise<void> {\n  await fn()\n}\n',
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('rag serve', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await createSandbox(FILES)
  })
  afterAll(() => sandbox.dispose())

  it('serves the HTTP API on loopback with a token, confined to --root, until SIGTERM', async () => {
    const token = 'cli-test-token-0123456789'
    const child = startRag(['--json', 'serve', '--port', '0', '--root', sandbox.root], { cwd: sandbox.root, env: { ...sandbox.env, RAG_TOKEN: token } })
    const finished = collect(child)
    const lines = jsonLines(child)
    const listening = await lines.waitFor((e) => e['event'] === 'listening', 20_000)
    const url = listening['url'] as string
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    expect((await fetch(`${url}/sessions/a/status`)).status).toBe(401)
    const refused = await fetch(`${url}/sessions/a/index`, { method: 'POST', headers: auth, body: JSON.stringify({ path: '..' }) })
    expect(refused.status).toBe(403)
    const started = await fetch(`${url}/sessions/a/index`, { method: 'POST', headers: auth, body: JSON.stringify({ path: '.' }) })
    expect(started.status).toBe(202)
    const status = await poll(
      async () => (await (await fetch(`${url}/sessions/a/status`, { headers: auth })).json()) as { fileCount: number; indexing: boolean },
      (s) => s.fileCount === 2 && !s.indexing,
    )
    expect(status.fileCount).toBe(2)
    const search = (await (await fetch(`${url}/sessions/a/search?q=verifyToken&k=1`, { headers: auth })).json()) as { results: { file: string }[] }
    expect(search.results[0]?.file).toBe('src/auth.ts')
    // Sessions rank with recommendedRetrieval(): code-aware terms find a word inside an identifier.
    const byPart = (await (await fetch(`${url}/sessions/a/search?q=backoff&k=3`, { headers: auth })).json()) as { results: { file: string }[] }
    expect(byPart.results.map((r) => r.file)).toEqual(['src/retry.ts'])
    // Another session has its own, empty knowledge base.
    expect((await fetch(`${url}/sessions/b`, { method: 'PUT', headers: auth, body: '{}' })).status).toBeLessThan(300)
    const other = (await (await fetch(`${url}/sessions/b/search?q=backoff&k=3`, { headers: auth })).json()) as { results: unknown[] }
    expect(other.results).toEqual([])
    child.kill('SIGTERM')
    expect((await finished).code).toBe(0)
  })

  it('passes --requests-per-minute to the server: the second request of a client in the minute gets 429', async () => {
    const child = startRag(['--json', 'serve', '--port', '0', '--requests-per-minute', '1', '--root', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
    const finished = collect(child)
    const listening = await jsonLines(child).waitFor((e) => e['event'] === 'listening', 20_000)
    const url = listening['url'] as string
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
    const limited = await fetch(`${url}/openapi.json`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    child.kill('SIGTERM')
    expect((await finished).code).toBe(0)
  })

  it('refuses a non-loopback host without a token: one line, exit code 1', async () => {
    const run = await runRag(['serve', '--host', '0.0.0.0', '--port', '0'], { cwd: sandbox.root, env: sandbox.env })
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(/^error: Host 0\.0\.0\.0 is reachable from other machines; set an auth token/)
  })
})

describe('rag mcp', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await createSandbox(FILES)
    await sandbox.write('../outside/secret.ts', 'export const secret = "OUTSIDE"\n')
    await symlink(join(sandbox.root, '../outside'), join(sandbox.root, 'escape'))
  })
  afterAll(() => sandbox.dispose())

  it('refuses a second --root with one line and exit code 2: a server keeps one project index, which the other root could never reach', async () => {
    const run = await runRag(['mcp', '--root', sandbox.root, '--root', join(sandbox.root, '../outside')], { cwd: sandbox.root, env: sandbox.env })
    expect(run.code).toBe(2)
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: rag mcp serves one project's index; --root was given 2 times \(.*\)\. Start one server per repository, each with its own --root\.$/)])
    expect(run.stdout).toBe('')
  })

  it('speaks MCP over stdio on the project index: progress, search, refusal outside the root', async () => {
    // Spawned directly: stdin stays open for the protocol.
    const child = spawn(process.execPath, [RAG, 'mcp'], { cwd: sandbox.root, env: sandbox.env, stdio: ['pipe', 'pipe', 'pipe'] })
    const finished = collect(child)
    const lines = jsonLines(child)
    let nextId = 1
    const request = async (method: string, params: Record<string, unknown>): Promise<Record<string, any>> => {
      const id = nextId++
      child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
      return (await lines.waitFor((m) => m['id'] === id, 20_000)) as Record<string, any>
    }
    const init = await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } })
    expect(init['result'].serverInfo.name).toBe('rag')
    child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
    const tools = await request('tools/list', {})
    expect(tools['result'].tools.map((t: { name: string }) => t.name).sort()).toEqual(['build_context', 'find_symbol', 'get_dependencies', 'get_status', 'index_directory', 'list_entrypoints', 'locate_files', 'search_code'])
    const indexed = await request('tools/call', { name: 'index_directory', arguments: { path: '.' }, _meta: { progressToken: 'p1' } })
    expect(indexed['result'].structuredContent.files).toBe(2)
    expect(lines.events.some((m) => m['method'] === 'notifications/progress' && (m['params'] as { progressToken: string }).progressToken === 'p1')).toBe(true)
    const search = await request('tools/call', { name: 'search_code', arguments: { query: 'verifyToken', k: 2 } })
    expect(search['result'].content[0].text).toMatch(/1\. src\/auth\.ts:1-3/)
    const located = await request('tools/call', { name: 'locate_files', arguments: { query: 'Fix verifyToken accepting expired tokens', k: 2 } })
    expect(located['result'].structuredContent.files[0]).toMatchObject({ file: 'src/auth.ts', rank: 1 })
    const refused = await request('tools/call', { name: 'index_directory', arguments: { path: 'escape' } })
    expect(refused['result'].isError).toBe(true)
    expect(refused['result'].content[0].text).toMatch(/not allowed/)
    child.stdin?.end()
    const run = await finished
    expect(run.code).toBe(0)
    // The index persisted in the project: a plain `rag search` finds it.
    const cli = await runRag(['search', 'verifyToken', '-k', '1'], { cwd: sandbox.root, env: sandbox.env })
    expect(cli.stdout).toContain('src/auth.ts')
  })
})
