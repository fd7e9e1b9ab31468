import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const FIXTURE = new URL('../../chunker/test/fixtures/entrypoints/vapor/', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, FIXTURE), 'utf8')

describe('Vapor route collections', () => {
  it("serve the routes their `boot(routes:)` declares under the path of the builder they are registered on, with their handlers' symbols; so do route functions", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'Sources/App/routes.swift': read('Sources/App/routes.swift'),
        'Sources/App/Controllers/TodoController.swift': read('Sources/App/Controllers/TodoController.swift'),
      }),
    )
    const routes = graph
      .entrypoints({ kind: 'http-route' })
      .filter((r) => r.path.endsWith('TodoController.swift'))
      .map((r) => `${r.startLine} ${r.method} ${r.route} -> ${r.handlerSymbolId.split('#')[1] ?? ''}`)
    expect(routes).toEqual([
      '8 GET /api/v1/todos -> TodoController.index',
      '9 POST /api/v1/todos -> TodoController.create',
      '11 GET /api/v1/todos/:todoID -> TodoController.show',
      '12 DELETE /api/v1/todos/:todoID -> TodoController.delete',
      '14 GET /api/v1/todos/:todoID/tags -> TodoController.tags',
    ])
    // The app's own routes keep theirs; a route function's are under the builder it is handed (`try adminRoutes(api)`).
    const own = graph.entrypoints({ kind: 'http-route' }).filter((r) => r.path.endsWith('routes.swift')).map((r) => r.route)
    expect(own).toContain('/api/v1/login')
    expect(own).toContain('/api/v1/audit')
    expect(own).not.toContain('/audit')
  })
})
