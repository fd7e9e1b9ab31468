import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const CONFIG = [
  'import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";',
  '',
  'export default [',
  '  index("routes/home.tsx"),',
  '  layout("routes/auth/layout.tsx", [route("login", "routes/auth/login.tsx")]),',
  '  ...prefix("concerts", [route(":city", "routes/concerts/city.tsx")]),',
  '] satisfies RouteConfig;',
  '',
].join('\n')

const module = (name: string): string =>
  [`import type { Route } from "./+types/${name}";`, '', 'export async function loader({ params }: Route.LoaderArgs) {', '  return params;', '}', '', 'export async function action() {', '  return null;', '}', ''].join('\n')

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .filter((r) => r.path !== 'app/routes.ts')
    .map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

describe("React Router's route configuration", () => {
  it("serves each configured module's loader and action at the configured path, not its file name's", async () => {
    const files = {
      'app/routes.ts': CONFIG,
      'app/routes/home.tsx': module('home'),
      'app/routes/auth/login.tsx': module('login'),
      'app/routes/concerts/city.tsx': module('city'),
    }
    const graph = new LayerGraph(await layersOfText(files))
    expect(routes(graph)).toEqual([
      'app/routes/auth/login.tsx:3 GET /login (/auth/login)',
      'app/routes/auth/login.tsx:7 POST /login (/auth/login)',
      'app/routes/concerts/city.tsx:3 GET /concerts/:city (/concerts/city)',
      'app/routes/concerts/city.tsx:7 POST /concerts/:city (/concerts/city)',
      'app/routes/home.tsx:3 GET / (/home)',
      'app/routes/home.tsx:7 POST / (/home)',
    ])
    // An unrelated change moves nothing: the configured routes are not rewritten again.
    const [other] = await layersOfText({ 'app/utils.ts': 'export const x = 1\n' })
    expect(graph.apply({ upsert: [other!] }).rerouted).toEqual([])
    // Without the configuration (flat routes), the file names give the paths again.
    graph.apply({ remove: ['app/routes.ts'] })
    expect(routes(graph)[4]).toBe('app/routes/home.tsx:3 GET /home')
  })
})
