import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

const controller = (namespace: string, name: string, path: string): string =>
  `<?php\n\nnamespace ${namespace};\n\nuse Symfony\\Component\\Routing\\Attribute\\Route;\n\nclass ${name}\n{\n    #[Route('${path}', methods: ['GET'])]\n    public function index() {}\n}\n`

/** symfony/demo's layout: `config/routes.yaml` prefixes the application's controllers; a bundle's controllers stay as they are. */
const SYMFONY = {
  'config/routes.yaml': [
    'homepage:',
    '    path: /{_locale}',
    '    controller: Symfony\\Bundle\\FrameworkBundle\\Controller\\TemplateController::templateAction',
    '    methods:',
    '        - GET',
    '',
    'blog_feed:',
    '    path: /feed',
    '    controller: App\\Controller\\BlogController::index',
    '    methods: [GET, HEAD]',
    '',
    'controllers:',
    '    resource: routing.controllers',
    '    prefix: /{_locale}',
    '',
  ].join('\n'),
  'config/routes/admin.yaml': 'admin_area:\n    resource: ../../src/Admin/Controller/\n    type: attribute\n    prefix: /admin\n',
  'src/Controller/BlogController.php': controller('App\\Controller', 'BlogController', '/blog'),
  'src/Admin/Controller/StatsController.php': controller('App\\Admin\\Controller', 'StatsController', '/stats'),
  'bundles/Shop/Controller/CartController.php': controller('Shop\\Controller', 'CartController', '/cart'),
}

describe("Symfony's route configuration", () => {
  it('puts the prefix config/routes.yaml gives a directory of controllers before their #[Route] paths, and nowhere else, and reads its own routes', async () => {
    const graph = new LayerGraph(await layersOfText(SYMFONY))
    expect(routes(graph)).toEqual([
      'bundles/Shop/Controller/CartController.php:9 GET /cart',
      // The configuration's own routes: no prefix, the handler linked by its namespace.
      // Methods given as a list, block or flow, are one route each.
      'config/routes.yaml:2 GET /{_locale}',
      'config/routes.yaml:8 GET /feed',
      'config/routes.yaml:8 HEAD /feed',
      'src/Admin/Controller/StatsController.php:9 GET /admin/stats (/stats)',
      'src/Controller/BlogController.php:9 GET /{_locale}/blog (/blog)',
    ])
    expect(graph.entrypoints({ kind: 'http-route' }).filter((r) => r.path === 'config/routes.yaml').map((r) => r.handlerSymbolId)).toEqual(['', 'src/Controller/BlogController.php#BlogController.index', 'src/Controller/BlogController.php#BlogController.index'])
    // A changed prefix moves the routes.
    const [moved] = await layersOfText({ 'config/routes.yaml': SYMFONY['config/routes.yaml'].replace('prefix: /{_locale}', 'prefix: /v2') })
    graph.apply({ upsert: [moved!] })
    expect(routes(graph)[5]).toBe('src/Controller/BlogController.php:9 GET /v2/blog (/blog)')
  })
})
