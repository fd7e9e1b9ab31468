import { createRag, SessionManager } from '@rag/session'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, startServer, type Running, type Sandbox } from './testing/harness.js'

const FILES = {
  'app/server.py': [
    'from flask import Flask',
    '',
    'from .orders import list_orders',
    '',
    'app = Flask(__name__)',
    '',
    '',
    "@app.route('/orders', methods=['GET', 'POST'])",
    'def orders():',
    '    return list_orders()',
    '',
  ].join('\n'),
  'app/orders.py': 'def list_orders():\n    return []\n',
  'app/__init__.py': '',
  // Test code: a server of its own, with a route and a function of the queried names.
  'tests/test_orders.py': "from flask import Flask\n\napp = Flask(__name__)\n\n\n@app.route('/orders', methods=['POST'])\ndef list_orders_stub():\n    return []\n\n\ndef test_orders():\n    assert app\n",
}

describe('code layer routes', () => {
  let sandbox: Sandbox
  let running: Running
  let plain: Running

  beforeAll(async () => {
    sandbox = await createSandbox(FILES)
    running = await startServer({ roots: [sandbox.root], sessions: new SessionManager({ createService: () => createRag({ layers: true }) }) })
    plain = await startServer({ roots: [sandbox.root] })
    for (const server of [running, plain]) {
      await server.request('POST', '/sessions/s/index', { path: '.' })
      for (let i = 0; i < 200; i++) {
        const status = await server.request('GET', '/sessions/s/status')
        if (status.json.fileCount === 4 && !status.json.indexing) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  })
  afterAll(async () => {
    await running.server.close()
    await plain.server.close()
    await sandbox.dispose()
  })

  it('answers symbols, deps and routes from the session', async () => {
    const symbols = await running.request('GET', '/sessions/s/symbols?q=list_*&kind=function')
    expect(symbols.status).toBe(200)
    expect(symbols.json.symbols.map((s: { path: string; name: string }) => `${s.path} ${s.name}`)).toEqual(['app/orders.py list_orders', 'tests/test_orders.py list_orders_stub'])
    const application = await running.request('GET', '/sessions/s/symbols?q=list_*&kind=function&excludeTests=true')
    expect(application.json.symbols.map((s: { path: string; name: string }) => `${s.path} ${s.name}`)).toEqual(['app/orders.py list_orders'])
    const deps = await running.request('GET', '/sessions/s/deps?target=app/orders.py&reverse=true&kind=imports')
    expect(deps.status).toBe(200)
    expect(deps.json.dependencies.map((d: { depth: number; path: string; target: string }) => `${d.depth} ${d.path} ${d.target}`)).toEqual(['1 app/server.py .orders'])
    const routes = await running.request('GET', '/sessions/s/routes?method=POST')
    const line = (e: { method: string; route: string; handler: string; isTest: boolean }): string => `${e.method} ${e.route} ${e.handler}${e.isTest ? ' (test)' : ''}`
    expect(routes.json.entrypoints.map(line)).toEqual(['POST /orders orders', 'POST /orders list_orders_stub (test)'])
    const served = await running.request('GET', '/sessions/s/routes?method=POST&excludeTests=true')
    expect(served.json.entrypoints.map(line)).toEqual(['POST /orders orders'])
  })

  it('refuses bad queries, unknown targets and sessions without layers with one-line errors', async () => {
    const missing = await running.request('GET', '/sessions/s/symbols')
    expect(missing.status).toBe(400)
    const depth = await running.request('GET', '/sessions/s/deps?target=app/orders.py&depth=0')
    expect(depth.status).toBe(400)
    const kind = await running.request('GET', '/sessions/s/deps?target=app/orders.py&kind=uses')
    expect(kind.status).toBe(400)
    const symbolKind = await running.request('GET', '/sessions/s/symbols?q=list_*&kind=functions')
    expect(symbolKind.status).toBe(400)
    expect(symbolKind.json.error.message).toMatch(/kind "functions" is not a symbol kind; expected one of function,/)
    const unknown = await running.request('GET', '/sessions/s/deps?target=nothing_here')
    expect(unknown.status).toBe(404)
    expect(unknown.json.error.message).toBe('"nothing_here" is not an indexed file or directory, nor a known symbol.')
    const outside = await running.request('GET', '/sessions/s/deps?target=%2Fetc%2Fpasswd')
    expect(outside.status).toBe(400)
    expect(outside.json.error.message).toMatch(/outside the indexed root/)
    const noSession = await running.request('GET', '/sessions/none/routes')
    expect(noSession.status).toBe(404)
    const off = await plain.request('GET', '/sessions/s/routes')
    expect(off.status).toBe(400)
    expect(off.json.error).toMatchObject({ code: 'CONFIG' })
  })

  it('lists the routes in /openapi.json', async () => {
    const spec = await running.request('GET', '/openapi.json')
    expect(Object.keys(spec.json.paths)).toEqual(expect.arrayContaining(['/sessions/{id}/symbols', '/sessions/{id}/deps', '/sessions/{id}/routes']))
  })
})
