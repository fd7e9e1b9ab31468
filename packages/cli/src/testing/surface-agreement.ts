/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC replies are untyped JSON */
import { spawn } from 'node:child_process'
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { collect, createSandbox, jsonLines, RAG, runRag, startRag, type RagRun, type Sandbox } from './cli-process.js'

// Real code: three of this repository's own packages, tests included, copied as they are.
const PACKAGES = join(import.meta.dirname, '..', '..', '..')
const SOURCES = ['prompt/src', 'hybrid/src', 'core/src']

/**
 * Test helper: a sandbox holding real code (three of this repository's packages), indexed by
 * `rag index` under a configuration that is not the default (BM25 0.45, TF-IDF 0.55, at most 2
 * chunks per file), so every surface compared must follow the configuration, not a preset of its own.
 */
export async function indexedRealCodeSandbox(): Promise<Sandbox> {
  const sandbox = await createSandbox()
  sandbox.env['RAG_SEARCH_WEIGHTS_BM25'] = '0.45'
  sandbox.env['RAG_SEARCH_WEIGHTS_TFIDF'] = '0.55'
  sandbox.env['RAG_SEARCH_MAX_PER_FILE'] = '2'
  for (const source of SOURCES) cpSync(join(PACKAGES, source), join(sandbox.root, source), { recursive: true })
  const indexed = await runRag(['index', '.'], { cwd: sandbox.root, env: sandbox.env, timeoutMs: 120_000 })
  if (indexed.code !== 0) throw new Error(`rag index failed (${indexed.code}): ${indexed.stderr}`)
  return sandbox
}

/** Every name the files below `root` export (function, class, interface, const, type), sorted. */
export function exportedNames(root: string): string[] {
  const names = new Set<string>()
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else for (const match of readFileSync(full, 'utf8').matchAll(/export (?:async )?(?:function|class|interface|const|type) ([A-Za-z]\w+)/g)) names.add(match[1]!)
    }
  }
  walk(root)
  return [...names].sort()
}

/** `createFileLocator` -> `create file locator`: a name as the words a user types. */
export function wordsOf(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
}

/** A running `rag serve` whose session has indexed the sandbox's root. */
export interface ServedSession {
  /** The session's URL (`http://127.0.0.1:<port>/sessions/<id>`). */
  readonly url: string
  /** SIGTERM, and the run once it ended. */
  stop(): Promise<RagRun>
}

/** Starts `rag serve` on a free loopback port and indexes the sandbox's root in session `id`, waiting until it is done. */
export async function servedSession(sandbox: Sandbox, id: string): Promise<ServedSession> {
  const server = startRag(['--json', 'serve', '--port', '0', '--root', sandbox.root], { cwd: sandbox.root, env: sandbox.env })
  const served = collect(server, 300_000)
  const base = (await jsonLines(server).waitFor((e) => e['event'] === 'listening', 20_000))['url'] as string
  const url = `${base}/sessions/${id}`
  const started = await fetch(`${url}/index`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '.' }) })
  if (started.status !== 202) throw new Error(`POST ${url}/index answered ${started.status}`)
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const status = (await (await fetch(`${url}/status`)).json()) as { chunkCount: number; indexing: boolean }
    if (!status.indexing && status.chunkCount > 0) break
  }
  return {
    url,
    stop: () => {
      server.kill('SIGTERM')
      return served
    },
  }
}

/** A `rag mcp` over stdio, initialised, that answers JSON-RPC requests. */
export interface McpSession {
  request(method: string, params: Record<string, unknown>): Promise<Record<string, any>>
  /** Ends its input, and the run once it ended. */
  close(): Promise<RagRun>
}

/** Starts `rag mcp` in the sandbox's root and runs the MCP handshake. */
export async function mcpSession(sandbox: Sandbox): Promise<McpSession> {
  const mcp = spawn(process.execPath, [RAG, 'mcp'], { cwd: sandbox.root, env: sandbox.env, stdio: ['pipe', 'pipe', 'pipe'] })
  const done = collect(mcp, 300_000)
  const lines = jsonLines(mcp)
  let nextId = 1
  const request = async (method: string, params: Record<string, unknown>): Promise<Record<string, any>> => {
    const id = nextId++
    mcp.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
    return (await lines.waitFor((m) => m['id'] === id, 20_000)) as Record<string, any>
  }
  await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agree', version: '1' } })
  mcp.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
  return {
    request,
    close: () => {
      mcp.stdin?.end()
      return done
    },
  }
}
