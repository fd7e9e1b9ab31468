/* eslint-disable @typescript-eslint/no-explicit-any -- a test helper: response bodies and events are untyped JSON */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import WebSocket from 'ws'
import { createRagServer, type RagServer, type RagServerOptions } from '../create-rag-server.js'

/** A temp directory tree: `base/root` (the allowed root) and `base/outside` (must never be read). */
export interface Sandbox {
  readonly base: string
  readonly root: string
  readonly outside: string
  write(path: string, content: string): Promise<void>
  dispose(): Promise<void>
}

/** Creates a sandbox; `files` go under the root, `outsideFiles` next to it. */
export async function createSandbox(files: Record<string, string>, outsideFiles: Record<string, string> = {}): Promise<Sandbox> {
  const base = await mkdtemp(join(tmpdir(), 'rag-server-'))
  const root = join(base, 'root')
  const outside = join(base, 'outside')
  await mkdir(root, { recursive: true })
  await mkdir(outside, { recursive: true })
  const put = async (dir: string, path: string, content: string): Promise<void> => {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
  for (const [path, content] of Object.entries(files)) await put(root, path, content)
  for (const [path, content] of Object.entries(outsideFiles)) await put(outside, path, content)
  return { base, root, outside, write: (path, content) => put(root, path, content), dispose: () => rm(base, { recursive: true, force: true }) }
}

/** A server listening on 127.0.0.1:0 and a fetch helper. */
export interface Running {
  readonly server: RagServer
  readonly url: string
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; text: string; json: any }>
  events(sessionId: string, headers?: Record<string, string>): Promise<EventSocket>
}

/** A WebSocket on a session's events. */
export interface EventSocket {
  readonly socket: WebSocket
  /** Every message the server sent, in order: session events and replies to client messages. */
  readonly received: any[]
  /** Resolves with the first event (already received or future) that matches. */
  waitFor(match: (event: any) => boolean, timeoutMs?: number): Promise<any>
  close(): void
}

/** Starts a server on loopback, port 0. */
export async function startServer(options: RagServerOptions): Promise<Running> {
  const server = createRagServer({ port: 0, ...options })
  const url = await server.listen()
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {}
  return {
    server,
    url,
    async request(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...auth, ...headers } }
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body)
        init.headers = { 'content-type': 'application/json', ...auth, ...headers }
      }
      const response = await fetch(url + path, init)
      const text = await response.text()
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      return { status: response.status, text, json }
    },
    events(sessionId, headers = auth) {
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(`${url.replace('http', 'ws')}/sessions/${sessionId}/events`, { headers })
        const received: any[] = []
        const waiters: { match: (e: any) => boolean; resolve: (e: any) => void }[] = []
        socket.on('message', (data) => {
          const event = JSON.parse(String(data))
          received.push(event)
          for (const w of [...waiters]) {
            if (w.match(event)) {
              waiters.splice(waiters.indexOf(w), 1)
              w.resolve(event)
            }
          }
        })
        socket.once('error', reject)
        socket.once('unexpected-response', (_req, res) => reject(new Error(`unexpected response ${res.statusCode}`)))
        const api: EventSocket = {
          socket,
          received,
          waitFor(match, timeoutMs = 20_000) {
            const found = received.find(match)
            if (found) return Promise.resolve(found)
            return new Promise((res, rej) => {
              const timer = setTimeout(() => rej(new Error(`timed out; received ${JSON.stringify(received.slice(-5))}`)), timeoutMs)
              waiters.push({ match, resolve: (e) => (clearTimeout(timer), res(e)) })
            })
          },
          close: () => socket.close(),
        }
        // Ready once the server's hello arrived (the subscription exists by then).
        void api.waitFor((e) => e.type === 'hello').then(() => resolve(api), reject)
      })
    },
  }
}
