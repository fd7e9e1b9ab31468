import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId} (${e.framework})`)

/** A hapi app of plugins: registered under prefixes (one inside another plugin), route tables in modules that import nothing of hapi. */
const APP = {
  'package.json': '{ "name": "app", "dependencies": { "@hapi/hapi": "^21.3.0" } }\n',
  'lib/server.js':
    "'use strict';\nconst Hapi = require('@hapi/hapi');\nconst Users = require('./plugins/users');\n\nexports.init = async () => {\n  const server = Hapi.server({ port: 3000 });\n  await server.register([\n    { plugin: Users, routes: { prefix: '/users' } },\n    require('./plugins/health'),\n  ]);\n  await server.register(require('./api'), { routes: { prefix: '/api' } });\n  return server;\n};\n",
  'lib/plugins/users.js':
    "'use strict';\nconst Handlers = require('./users-handlers');\n\nexports.plugin = {\n  name: 'users',\n  register: async (server) => {\n    server.route([\n      { method: 'GET', path: '/', handler: Handlers.list },\n      { method: 'PUT', path: '/{id}', options: { auth: 'jwt', handler: Handlers.update } },\n    ]);\n  },\n};\n",
  'lib/plugins/users-handlers.js': 'exports.list = async () => []\nexports.update = async () => null\n',
  'lib/plugins/health.js': "const { PATHS } = require('./paths')\n\nmodule.exports = {\n  name: 'health',\n  register(server) {\n    server.route({ method: 'GET', path: PATHS.health, handler: () => 'ok' })\n  },\n}\n",
  'lib/plugins/paths.js': "const PATHS = { health: '/health' }\n\nmodule.exports = { PATHS }\n",
  'lib/api/index.js': "const Items = require('./items')\n\nmodule.exports = {\n  name: 'api',\n  async register(server) {\n    await server.register(Items, { routes: { prefix: '/v1' } })\n  },\n}\n",
  'lib/api/items.js': "const Controller = require('./items-controller')\n\nmodule.exports = [{ method: 'POST', path: '/items', config: Controller.create }]\n",
  'lib/api/items-controller.js': 'module.exports = {\n  create: {\n    validate: {},\n    handler(request, h) {\n      return h.response().code(201)\n    },\n  },\n}\n',
}

describe("hapi's routes", () => {
  it("serves plugins' routes under the prefixes they are registered with, as deep as plugins register plugins, each linked to its handler", async () => {
    const graph = new LayerGraph(await layersOfText(APP))
    expect(routes(graph)).toEqual([
      // (Inside another plugin's prefix; the handler of the route options another module exports.)
      'POST /api/v1/items -> lib/api/items-controller.js#create.handler (hapi)',
      // (Registered without a prefix, its path a constant of another module; a handler written in place names no symbol.)
      'GET /health ->  (hapi)',
      // (A plugin's `/` is served at its prefix.)
      'GET /users -> lib/plugins/users-handlers.js#list (hapi)',
      'PUT /users/{id} -> lib/plugins/users-handlers.js#update (hapi)',
    ])
  })

  it('keeps the route tables of modules that import nothing of hapi only where the package depends on hapi', async () => {
    const files = { ...APP, 'package.json': '{ "name": "app", "dependencies": { "express": "^4.21.0" } }\n' }
    const graph = new LayerGraph(await layersOfText(files))
    expect(routes(graph)).toEqual([])
  })
})
