import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRagServer } from './create-rag-server.js'
import { createSandbox, startServer, type Running, type Sandbox } from './testing/harness.js'

/** What a raw client got back, and how long until the server closed the connection. */
interface Cut {
  readonly response: string
  readonly closedAfterMs: number
}

/** Opens a raw TCP connection, writes `parts` (then stalls, never finishing the request) and waits for the server to close it. */
function stallingClient(url: string, parts: readonly string[], giveUpMs: number): Promise<Cut> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let response = ''
    const socket: Socket = connect({ host: hostname, port: Number(port) }, () => {
      for (const part of parts) socket.write(part)
    })
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server kept a stalled request open for ${giveUpMs} ms; received: ${JSON.stringify(response)}`))
    }, giveUpMs)
    socket.setEncoding('utf8')
    socket.on('data', (data: string) => (response += data))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ response, closedAfterMs: performance.now() - started })
    })
  })
}

describe('createRagServer slow clients', () => {
  let sandbox: Sandbox
  let running: Running
  beforeAll(async () => {
    sandbox = await createSandbox({})
    running = await startServer({ roots: [sandbox.root], limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } })
  })
  afterAll(async () => {
    await running.server.close()
    await sandbox.dispose()
  })

  it('answers 408 and closes a connection whose headers never finish (slow-loris)', async () => {
    const cut = await stallingClient(running.url, ['PUT /sessions/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '], 5000)
    expect(cut.response).toMatch(/^HTTP\/1\.1 408 /)
    expect(cut.closedAfterMs).toBeGreaterThanOrEqual(250)
    expect(cut.closedAfterMs).toBeLessThan(2000)
  })

  it('answers 408 and closes a connection whose body never finishes', async () => {
    const headers = 'POST /sessions/slow/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n'
    const cut = await stallingClient(running.url, [headers, '{"content":"only the start of'], 5000)
    expect(cut.response).toMatch(/^HTTP\/1\.1 408 /)
    expect(cut.closedAfterMs).toBeGreaterThanOrEqual(500)
    expect(cut.closedAfterMs).toBeLessThan(2500)
    // Nothing of the cut request happened.
    expect((await running.request('GET', '/sessions/slow/status')).status).toBe(404)
  })

  it('still serves a client that sends its request in time', async () => {
    expect((await running.request('PUT', '/sessions/quick')).status).toBe(201)
    expect((await running.request('POST', '/sessions/quick/documents', { content: 'in time' })).status).toBe(201)
  })

  it('rejects timeouts that are not positive integers, or headers allowed longer than the request', async () => {
    expect(() => createRagServer({ roots: [sandbox.root], limits: { requestTimeoutMs: 0 } })).toThrow(/limits\.requestTimeoutMs must be a positive integer/)
    expect(() => createRagServer({ roots: [sandbox.root], limits: { headersTimeoutMs: 2000, requestTimeoutMs: 1000 } })).toThrow(
      'limits.headersTimeoutMs must be at most limits.requestTimeoutMs (1000); received 2000.',
    )
  })
})
