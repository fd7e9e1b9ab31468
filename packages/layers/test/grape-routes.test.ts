import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route}`)

/** The chunker's golden Grape app: a root API mounting two others, one under a path of its own. */
const fixture = (path: string): string => readFileSync(fileURLToPath(new URL(`../../chunker/test/fixtures/entrypoints/grape/${path}`, import.meta.url)), 'utf8')
const APP = Object.fromEntries(['app/api/root.rb', 'app/api/v1/statuses.rb', 'app/api/v1/admin.rb'].map((path) => [path, fixture(path)]))

describe("Grape's routes", () => {
  it("serves a mounted API's routes under the mounting API's prefix and the mount's path", async () => {
    const graph = new LayerGraph(await layersOfText(APP))
    expect(routes(graph).sort()).toEqual(['DELETE /api/v1/statuses/:id', 'GET /api/admin/users', 'GET /api/ping', 'GET /api/v1/statuses/:id', 'GET /api/v1/statuses/public_timeline', 'POST /api/v1/statuses'])
    // (A mounted API's `get do` at its root is served at the mount's path, without a trailing slash.)
    const root = await layersOfText({ 'app/api/health.rb': "module V1\n  class Health < Grape::API\n    get do\n      { ok: true }\n    end\n  end\nend\n" })
    graph.apply({ upsert: [...root, ...(await layersOfText({ 'app/api/root.rb': APP['app/api/root.rb']!.replace('mount V1::Statuses', 'mount ::V1::Health') }))] })
    expect(routes(graph)).toContain('GET /api')
    // Two APIs of one name in two versions' modules: `mount V2::Statuses` is the one of `V2`.
    const v2 = "module V2\n  class Statuses < Grape::API\n    version 'v2', using: :path\n    get :latest do\n      {}\n    end\n  end\nend\n"
    graph.apply({ upsert: await layersOfText({ 'app/api/v2/statuses.rb': v2, 'app/api/root.rb': APP['app/api/root.rb']!.replace('mount V1::Statuses', 'mount V1::Statuses\n    mount V2::Statuses') }) })
    expect(routes(graph)).toEqual(expect.arrayContaining(['GET /api/v1/statuses/public_timeline', 'GET /api/v2/latest']))
  })
})
