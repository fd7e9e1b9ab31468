import { describe, expect, it } from 'vitest'
import { symfonyRouteConfig } from './symfony-route-config.js'

/** `target prefix (router:line)` of each edge a route configuration gives. */
function prefixes(path: string, content: string): string[] {
  return symfonyRouteConfig({ path, language: 'yaml', isTest: false }, content).edges.map((e) => `${e.framework} ${e.target} ${e.prefix} (${e.router}:${e.startLine})`)
}

describe('symfonyRouteConfig: prefixes', () => {
  it("gives the prefix of Symfony 7's routing.controllers to the application's src/Controller, from config/ or config/routes/", () => {
    const yaml = 'controllers:\n    resource: routing.controllers\n    prefix: /{_locale}\n'
    expect(prefixes('config/routes.yaml', yaml)).toEqual(['symfony ../src/Controller /{_locale} (controllers:3)'])
    expect(prefixes('app/config/routes/attributes.yaml', yaml)).toEqual(['symfony ../../src/Controller /{_locale} (controllers:3)'])
  })

  it('gives the prefix of a directory of attribute or annotation routes, a trailing slash dropped, and none of a single route, a service or another file', () => {
    const yaml = [
      'api:',
      '    resource: ../../src/Api/',
      '    type: annotation',
      "    prefix: 'api/'",
      'one:',
      '    path: /one',
      '    prefix: /ignored',
      'service:',
      '    resource: App\\Routing\\Loader',
      '    type: service',
      '    prefix: /svc',
      'unprefixed:',
      '    resource: ../../src/Other/',
      '',
    ].join('\n')
    expect(prefixes('config/routes/annotations.yaml', yaml)).toEqual(['symfony ../../src/Api /api (api:4)'])
    expect(prefixes('config/services.yaml', yaml)).toEqual([])
  })
})

describe('symfonyRouteConfig: routes', () => {
  it('reads the routes a route configuration defines, with their controllers and methods', () => {
    const yaml = [
      'homepage:',
      '    path: /{_locale}',
      '    controller: Symfony\\Bundle\\FrameworkBundle\\Controller\\TemplateController::templateAction',
      'blog_show:',
      '    path: /blog/{slug}',
      '    methods: GET',
      '    defaults:',
      '        _controller: App\\Controller\\BlogController::show',
      'search:',
      '    path: /search',
      '    controller: App\\Controller\\SearchController',
      '    methods: [GET, POST]',
      'controllers:',
      '    resource: routing.controllers',
      '',
    ].join('\n')
    const routes = symfonyRouteConfig({ path: 'config/routes.yaml', language: 'yaml', isTest: false }, yaml).routes.map((r) => `${r.startLine} ${r.method} ${r.route} -> ${r.handler}`)
    expect(routes).toEqual([
      '2 * /{_locale} -> Symfony\\Bundle\\FrameworkBundle\\Controller\\TemplateController.templateAction',
      '5 GET /blog/{slug} -> App\\Controller\\BlogController.show',
      // A list of methods: one route each.
      '10 GET /search -> App\\Controller\\SearchController',
      '10 POST /search -> App\\Controller\\SearchController',
    ])
    expect(symfonyRouteConfig({ path: 'config/packages/framework.yaml', language: 'yaml', isTest: false }, yaml).routes).toEqual([])
  })
})

