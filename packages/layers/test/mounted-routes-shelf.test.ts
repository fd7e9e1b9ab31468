import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const FIXTURE = new URL('../../chunker/test/fixtures/entrypoints/shelf/', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, FIXTURE), 'utf8')

describe('shelf_router mounts', () => {
  it("serve a class's router under the path it is mounted at in another file (`..mount('/users/', UsersApi().router.call)`)", async () => {
    const graph = new LayerGraph(await layersOfText({ 'bin/server.dart': read('bin/server.dart'), 'lib/users.dart': read('lib/users.dart') }))
    const routes = graph
      .entrypoints({ kind: 'http-route' })
      .filter((r) => r.path === 'lib/users.dart')
      .map((r) => `${r.startLine} ${r.method} ${r.route}`)
    expect(routes).toEqual([
      // (shelf_router serves a mounted router's `/` at the mount's own path with its slash.)
      '9 GET /users/',
      '10 POST /users/<id>',
      '11 * /users/<ignored|.*>',
      // The generator's service is mounted nowhere here: its routes keep their own paths.
      '19 GET /say-hi/<name>',
      '22 DELETE /wave',
    ])
  })
})
