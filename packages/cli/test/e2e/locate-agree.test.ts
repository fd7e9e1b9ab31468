/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC replies are untyped JSON */
import { spawn } from 'node:child_process'
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, lastJson, RAG, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

// Real code to locate in: three of this repository's own packages, tests included, copied as they are.
const PACKAGES = join(import.meta.dirname, '..', '..', '..')
const SOURCES = ['prompt/src', 'hybrid/src', 'core/src']

/** A located file as every surface can state it. */
interface Located {
  readonly file: string
  readonly score: number
  readonly ranges: string[]
  readonly contributions: { signal: string; value: number }[]
}

/**
 * 16 requests as a user or an agent writes them, from the corpus's exported names: a fix, a
 * question about tests, a plain name, words of two names.
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
  for (let i = 0; queries.length < 16 && i < sorted.length; i++) {
    const name = sorted[(i * 11) % sorted.length]!
    const other = sorted[(i * 17 + 3) % sorted.length]!
    queries.push([`Fix ${name} when ${words(other)} is empty`, `where are the tests for ${name}?`, name, `${words(name)} ${words(other)}`][i % 4]!)
  }
  return [...new Set(queries)]
}

const ranges = (chunks: { startLine?: number; endLine?: number }[]): string[] => chunks.filter((c) => c.startLine !== undefined).map((c) => `L${c.startLine}-${c.endLine ?? c.startLine}`)

describe('rag search --files, GET /sessions/:id/files and MCP locate_files over one configuration', () => {
  let sandbox: Sandbox
  let queries: string[]
  beforeAll(async () => {
    sandbox = await createSandbox()
    // Not the defaults: every surface must follow the configuration.
    sandbox.env['RAG_SEARCH_WEIGHTS_BM25'] = '0.45'
    sandbox.env['RAG_SEARCH_WEIGHTS_TFIDF'] = '0.55'
    sandbox.env['RAG_SEARCH_MAX_PER_FILE'] = '2'
    for (const source of SOURCES) cpSync(join(PACKAGES, source), join(sandbox.root, source), { recursive: true })
    queries = queriesFrom(sandbox.root)
    expect((await runRag(['index', '.'], { cwd: sandbox.root, env: sandbox.env, timeoutMs: 120_000 })).code).toBe(0)
  }, 180_000)
  afterAll(() => sandbox.dispose())

  it('return identical files, scores, line ranges and contributions', async () => {
    expect(queries.length).toBeGreaterThanOrEqual(15)
    const k = 8

    // rag search --files, one process per query, as a user runs it.
    const byCli: Located[][] = []
    const intents = new Set<string>()
    for (const query of queries) {
      const run = await runRag(['--json', 'search', '--files', '-k', String(k), '--', query], { cwd: sandbox.root, env: sandbox.env })
      expect(run.code).toBe(0)
      const json = lastJson<{ plan: { intent: string }; files: (Omit<Located, 'ranges'> & { chunks: { startLine?: number; endLine?: number }[] })[] }>(run)
      intents.add(json.plan.intent)
      byCli.push(json.files.map(({ file, score, chunks, contributions }) => ({ file, score, ranges: ranges(chunks), contributions })))
    }
    expect(byCli.filter((files) => files.length > 0).length).toBe(queries.length)
    expect([...intents].sort()).toEqual(expect.arrayContaining(['find-tests', 'locate']))

    // rag serve: a session indexes the same tree over HTTP and answers the same queries.
    const server = startRag(['--json', 'serve', '--port', '0', '--root', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
    const served = collect(server, 300_000)
    const url = (await jsonLines(server).waitFor((e) => e['event'] === 'listening', 20_000))['url'] as string
    expect((await fetch(`${url}/sessions/agree/index`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '.' }) })).status).toBe(202)
    for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const status = (await (await fetch(`${url}/sessions/agree/status`)).json()) as { chunkCount: number; indexing: boolean }
      if (!status.indexing && status.chunkCount > 0) break
    }
    const byServe: Located[][] = []
    for (const query of queries) {
      const reply = (await (await fetch(`${url}/sessions/agree/files?q=${encodeURIComponent(query)}&k=${k}`)).json()) as { files: any[] }
      byServe.push(reply.files.map(({ file, score, chunks, contributions }) => ({ file, score, ranges: ranges(chunks), contributions })))
    }
    server.kill('SIGTERM')
    expect((await served).code).toBe(0)

    // rag mcp: locate_files over the project's index, with room for every file.
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
    const byMcp: Located[][] = []
    for (const query of queries) {
      const reply = await request('tools/call', { name: 'locate_files', arguments: { query, k, max_tokens: 100_000 } })
      expect(reply['result'].structuredContent.omitted).toBe(0)
      byMcp.push((reply['result'].structuredContent.files as Located[]).map(({ file, score, ranges, contributions }) => ({ file, score, ranges, contributions })))
    }
    mcp.stdin?.end()
    expect((await mcpDone).code).toBe(0)

    for (const [i, query] of queries.entries()) {
      expect({ query, files: byServe[i] }).toEqual({ query, files: byCli[i] })
      expect({ query, files: byMcp[i] }).toEqual({ query, files: byCli[i] })
    }
  }, 600_000)
})
