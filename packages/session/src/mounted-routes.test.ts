import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { openRag, storeOptions } from './create-rag.js'
import { resolveRetrieval } from './retrieval-presets.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

/** An Express app whose routers live in other files, mounted two files deep (as the RealWorld example app does). */
const FILES: Record<string, string> = {
  'src/routes/orders.ts': [
    "import { Router } from 'express'",
    'const router = Router()',
    "router.get('/orders/:id', (req, res) => res.send('one'))",
    "router.post('/orders', (req, res) => res.send('new'))",
    'export default router',
    '',
  ].join('\n'),
  'src/routes/index.ts': ["import { Router } from 'express'", "import orders from './orders'", 'export const api = Router().use(orders)', ''].join('\n'),
  'src/app.ts': [
    "import express from 'express'",
    "import cors from 'cors'",
    "import { api } from './routes'",
    'const app = express()',
    'app.use(cors())',
    "app.use('/api/v1', api)",
    "app.get('/health', (req, res) => res.send('ok'))",
    '',
  ].join('\n'),
}

let repo: TempRepo | undefined
const opened: SqliteKnowledgeBase[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
  await repo?.dispose()
  repo = undefined
})

describe('routes of routers mounted in other files', () => {
  it('stores their full paths, which a fresh session reads, and follows a changed or removed mount incrementally', async () => {
    repo = await createTempRepo(FILES)
    const path = join(repo.root, '.index.db')
    const open = async (): Promise<SqliteKnowledgeBase> => {
      const store = await openSqliteKnowledgeBase(path, storeOptions(resolveRetrieval()))
      opened.push(store)
      return store
    }
    const index = async (): Promise<void> => {
      await writer.indexDirectory(repo!.root, undefined, { source: { exclude: ['.index.db*'] } })
    }
    const writer = openRag(await open(), { layers: true })
    const query = (sql: string): unknown[] => {
      const raw = new Database(path, { readonly: true })
      try {
        return raw.prepare(sql).raw().all()
      } finally {
        raw.close()
      }
    }
    const rows = (): unknown[] => query('SELECT f.path, e.method, e.route FROM layer_entrypoints AS e JOIN layer_files AS f ON f.id = e.file ORDER BY f.path, e.start_line')
    const routes = async (rag: ReturnType<typeof openRag>): Promise<string[]> => (await rag.entrypoints({ kind: 'http-route' })).map((r) => `${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

    await index()
    const full = ['GET /health', 'GET /api/v1/orders/:id (/orders/:id)', 'POST /api/v1/orders (/orders)']
    expect(await routes(writer)).toEqual(full)
    // A one-shot lookup reads the stored records of the files with entrypoints only: they hold the full paths.
    expect(await routes(openRag(await open()))).toEqual(full)
    expect(rows()).toEqual([
      ['src/app.ts', 'GET', '/health'],
      ['src/routes/orders.ts', 'GET', '/api/v1/orders/:id'],
      ['src/routes/orders.ts', 'POST', '/api/v1/orders'],
    ])
    expect((await writer.entrypoints({ route: '/api/v1/orders/*' })).map((r) => r.handler)).toEqual([''])
    // The mount is an edge; the middleware package is not.
    expect((await writer.dependencies('src/app.ts', { kinds: ['mounts'] })).map((s) => `${s.edge.target} -> ${s.edge.targetPath}`)).toEqual(['api -> src/routes/index.ts'])

    // The mount's path changes in app.ts only: orders.ts is not re-chunked, its routes follow,
    // and its stored edges stay as they were.
    const edgeRows = (): unknown[] =>
      query("SELECT e.kind, e.target, e.resolution FROM layer_edges AS e JOIN layer_files AS f ON f.id = e.file WHERE f.path = 'src/routes/orders.ts' ORDER BY e.start_line, e.target")
    const ordersEdges = edgeRows()
    expect(ordersEdges.length).toBeGreaterThan(0)
    await repo.write('src/app.ts', FILES['src/app.ts']!.replace("'/api/v1'", "'/api/v2'"))
    await index()
    expect(await routes(openRag(await open()))).toEqual(['GET /health', 'GET /api/v2/orders/:id (/orders/:id)', 'POST /api/v2/orders (/orders)'])
    expect(edgeRows()).toEqual(ordersEdges)

    // The router is no longer mounted: its routes are as the file declares them.
    await repo.remove('src/routes/index.ts')
    await index()
    expect(await routes(writer)).toEqual(['GET /health', 'GET /orders/:id', 'POST /orders'])
    expect(await routes(openRag(await open()))).toEqual(['GET /health', 'GET /orders/:id', 'POST /orders'])
    expect(rows()).toEqual([
      ['src/app.ts', 'GET', '/health'],
      ['src/routes/orders.ts', 'GET', '/orders/:id'],
      ['src/routes/orders.ts', 'POST', '/orders'],
    ])
  })
})
