/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC replies are untyped JSON */
import { spawn } from 'node:child_process'
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, lastJson, RAG, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

// Real code to search: three of this repository's own packages, copied as they are.
const PACKAGES = join(import.meta.dirname, '..', '..', '..')
const SOURCES = ['prompt/src', 'hybrid/src', 'core/src']

/** A hit as every surface can state it: where, and with which score. */
interface Where {
  readonly file: string
  readonly startLine: number | null
  readonly endLine: number | null
  readonly score: number
}

/**
 * 50 queries from the corpus itself, the same on every run: exported names (whole, and split into
 * words) and pairs of them, so hits span identifiers, words and several files.
 */
function queriesFrom(root: string): string[] {
  const names = new Set<string>()
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else for (const match of readFileSync(full, 'utf8').matchAll(/export (?:async )?(?:function|class|interface|const|type) ([A-Za-z]\w+)/g)) names.add(match[1]!)
    }
  }
  walk(root)
  const sorted = [...names].sort()
  const words = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  const queries: string[] = []
  for (let i = 0; queries.length < 50 && i < sorted.length; i++) {
    const name = sorted[(i * 7) % sorted.length]!
    const other = sorted[(i * 13 + 5) % sorted.length]!
    queries.push([name, words(name), `${words(name)} ${words(other)}`][i % 3]!)
  }
  return [...new Set(queries)].slice(0, 50)
}

describe('rag search, rag serve and rag mcp over one configuration', () => {
  let sandbox: Sandbox
  let queries: string[]
  beforeAll(async () => {
    sandbox = await createSandbox()
    // Not the defaults: every surface must follow the configuration, not a preset of its own.
    sandbox.env['RAG_SEARCH_WEIGHTS_BM25'] = '0.45'
    sandbox.env['RAG_SEARCH_WEIGHTS_TFIDF'] = '0.55'
    sandbox.env['RAG_SEARCH_MAX_PER_FILE'] = '2'
    for (const source of SOURCES) cpSync(join(PACKAGES, source), join(sandbox.root, source), { recursive: true })
    queries = queriesFrom(sandbox.root)
    const indexed = await runRag(['index', '.'], { cwd: sandbox.root, env: sandbox.env, timeoutMs: 120_000 })
    expect(indexed.code).toBe(0)
  }, 180_000)
  afterAll(() => sandbox.dispose())

  it('return identical ids and scores for 50 queries', async () => {
    expect(queries).toHaveLength(50)
    const k = 10

    // rag search, one process per query, as a user runs it.
    const bySearch: { id: string; score: number; where: Where }[][] = []
    for (const query of queries) {
      const run = await runRag(['--json', 'search', '-k', String(k), '--', query], { cwd: sandbox.root, env: sandbox.env })
      expect(run.code).toBe(0)
      const results = lastJson<{ results: { id: string; file: string; startLine: number | null; endLine: number | null; score: number }[] }>(run).results
      bySearch.push(results.map(({ id, file, startLine, endLine, score }) => ({ id, score, where: { file, startLine, endLine, score } })))
    }
    expect(bySearch.filter((hits) => hits.length > 0).length).toBeGreaterThanOrEqual(45)

    // rag serve: a session indexes the same tree over HTTP and answers the same queries.
    const server = startRag(['--json', 'serve', '--port', '0', '--root', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
    const served = collect(server, 300_000)
    const url = (await jsonLines(server).waitFor((e) => e['event'] === 'listening', 20_000))['url'] as string
    const json = { 'content-type': 'application/json' }
    expect((await fetch(`${url}/sessions/agree/index`, { method: 'POST', headers: json, body: JSON.stringify({ path: '.' }) })).status).toBe(202)
    for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const status = (await (await fetch(`${url}/sessions/agree/status`)).json()) as { chunkCount: number; indexing: boolean }
      if (!status.indexing && status.chunkCount > 0) break
    }
    const byServe: { id: string; score: number }[][] = []
    for (const query of queries) {
      const reply = (await (await fetch(`${url}/sessions/agree/search?q=${encodeURIComponent(query)}&k=${k}`)).json()) as { results: { id: string; score: number }[] }
      byServe.push(reply.results.map(({ id, score }) => ({ id, score })))
    }
    server.kill('SIGTERM')
    expect((await served).code).toBe(0)

    // rag mcp: search_code over the project's index, with room for every hit.
    const mcp = spawn(process.execPath, [RAG, 'mcp'], { cwd: sandbox.root, env: sandbox.env, stdio: ['pipe', 'pipe', 'pipe'] })
    const mcpDone = collect(mcp, 300_000)
    const lines = jsonLines(mcp)
    let nextId = 1
    const request = async (method: string, params: Record<string, unknown>): Promise<Record<string, any>> => {
      const id = nextId++
      mcp.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
      return (await lines.waitFor((m) => m['id'] === id, 20_000)) as Record<string, any>
    }
    await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agree', version: '1' } })
    mcp.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
    const byMcp: Where[][] = []
    for (const query of queries) {
      const reply = await request('tools/call', { name: 'search_code', arguments: { query, k, max_tokens: 100_000 } })
      byMcp.push((reply['result'].structuredContent.results as Where[]).map(({ file, startLine, endLine, score }) => ({ file, startLine, endLine, score })))
    }
    mcp.stdin?.end()
    expect((await mcpDone).code).toBe(0)

    for (const [i, query] of queries.entries()) {
      const search = bySearch[i]!
      expect({ query, hits: byServe[i] }).toEqual({ query, hits: search.map(({ id, score }) => ({ id, score })) })
      expect({ query, hits: byMcp[i] }).toEqual({ query, hits: search.map(({ where }) => where) })
    }
  }, 600_000)
})
