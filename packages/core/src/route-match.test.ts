import { describe, expect, it } from 'vitest'
import { routeDistance, routeMatcher } from './route-match.js'

/** The routes among `routes` that `query` finds. */
const found = (query: string, routes: readonly string[]): string[] => routes.filter(routeMatcher(query))

describe('route queries', () => {
  it('finds the template that serves a concrete path, in every framework syntax the detectors record', () => {
    const routes = [
      '/orders/:id', // Express, Hono, Gin, Koa
      '/orders/{id}', // FastAPI, Spring, Go 1.22, axum, actix
      '/orders/{id:\\d+}', // Spring with a pattern
      '/orders/<int:id>', // Flask, Django path()
      '/orders/[id]', // Next.js
      '^orders/(?P<pk>[^/.]+)/$', // Django url() and DRF routers
      '/orders/:id{[0-9]+}', // Hono with a pattern
      '/orders/$orderId', // TanStack Router
      '/orders/([0-9]+)', // Tornado
      '/orders', // the collection: not a match
      '/orders/:id/items', // deeper: not a match
    ]
    expect(found('/orders/42', routes)).toEqual(routes.slice(0, 9))
    expect(found('/orders/abc', ['/orders/([0-9]+)', '/orders/([^/]+)'])).toEqual(['/orders/([^/]+)'])
  })

  it('finds no `main` (an empty route) for a path, `/` included', () => {
    expect(found('/', ['', '/', '/api/'])).toEqual(['/'])
    expect(found('/health', ['', '/health'])).toEqual(['/health'])
  })

  it("lets a typed parameter serve only its converter's or pattern's segments", () => {
    const routes = [
      '/orders/<int:id>', // Flask, Django
      '/orders/<uuid:key>', // Django
      '/orders/<slug:slug>', // Django
      '/orders/{id:int}', // Starlette, ASP.NET
      '/orders/{id:int:min(1)}', // ASP.NET's chained constraints
      '/orders/{id:\\d+}', // Spring, chi
      '/orders/:id(\\d+)', // Express
      '/orders/:id{[0-9]+}', // Hono
      '/orders/<string:name>', // Flask: any segment
      '/orders/{id:min(1)}', // a constraint this table does not know: any segment
    ]
    const numeric = [0, 3, 4, 5, 6, 7]
    expect(found('/orders/42', routes)).toEqual(routes.filter((_, i) => ![1].includes(i)))
    expect(found('/orders/abc', routes)).toEqual(routes.filter((_, i) => !numeric.includes(i) && i !== 1))
    expect(found('/orders/123e4567-e89b-12d3-a456-426614174000', routes)).toEqual(['/orders/<uuid:key>', '/orders/<slug:slug>', '/orders/<string:name>', '/orders/{id:min(1)}'])
    expect(found('/orders/a.b', routes)).toEqual(['/orders/<string:name>', '/orders/{id:min(1)}'])
    // A typed parameter is not optional: the collection is another route.
    expect(found('/orders', routes)).toEqual([])
  })

  it("lets Express 5's optional groups serve the path with or without what they hold", () => {
    const routes = ['/users{/:id}', '/files/:name{.:ext}', '/api{/v:version}/items', '/docs{/*path}', '/users/:id']
    expect(found('/users', routes)).toEqual(['/users{/:id}'])
    expect(found('/users/5', routes)).toEqual(['/users{/:id}', '/users/:id'])
    expect(found('/users/5/edit', routes)).toEqual([])
    expect(found('/files/report.pdf', routes)).toEqual(['/files/:name{.:ext}'])
    expect(found('/files/report', routes)).toEqual(['/files/:name{.:ext}'])
    expect(found('/api/items', routes)).toEqual(['/api{/v:version}/items'])
    expect(found('/api/v2/items', routes)).toEqual(['/api{/v:version}/items'])
    expect(found('/docs', routes)).toEqual(['/docs{/*path}'])
    expect(found('/docs/a/b', routes)).toEqual(['/docs{/*path}'])
    // Hono's pattern after a name stays a pattern, one starting with a dot too.
    expect(found('/posts/logo.png', ['/posts/:filename{.+\\.png}', '/posts/:filename{.:ext}'])).toEqual(['/posts/:filename{.+\\.png}', '/posts/:filename{.:ext}'])
    expect(found('/posts/logo.jpg', ['/posts/:filename{.+\\.png}'])).toEqual([])
  })

  it("lets Nuxt's optional parameter serve its folder or one segment more", () => {
    const routes = ['/users/[[id]]', '/users/[id]']
    expect(found('/users', routes)).toEqual(['/users/[[id]]'])
    expect(found('/users/5', routes)).toEqual(routes)
    expect(found('/users/5/edit', routes)).toEqual([])
  })

  it('lets wildcards and catch-alls take the rest of the path, or nothing', () => {
    const routes = ['/static/*', '/files/*filepath', '/docs/[...slug]', '/blog/[[...slug]]', '/assets/{path:path}', '/raw/{rest...}', '/api/{*rest}', '/static']
    expect(found('/static/css/site.css', routes)).toEqual(['/static/*'])
    expect(found('/files/a/b.txt', routes)).toEqual(['/files/*filepath'])
    expect(found('/docs/guide/intro', routes)).toEqual(['/docs/[...slug]'])
    expect(found('/blog', routes)).toEqual(['/blog/[[...slug]]'])
    expect(found('/assets/img/logo.png', routes)).toEqual(['/assets/{path:path}'])
    expect(found('/raw/x/y', routes)).toEqual(['/raw/{rest...}'])
    expect(found('/api/v1/users', routes)).toEqual(['/api/{*rest}'])
  })

  it('lets a prefix the index could not read (a dotted name) stand for one or more segments, and a plain {name} for one', () => {
    const routes = ['{settings.API_V1_STR}/items/', '{settings.API_V1_STR}/items/{id}', '/{options.prefix}/users', '{prefix}/items/']
    expect(found('/api/v1/items/', routes)).toEqual(['{settings.API_V1_STR}/items/'])
    expect(found('/api/v1/items/42', routes)).toEqual(['{settings.API_V1_STR}/items/{id}'])
    expect(found('/v2/users', routes)).toEqual(['/{options.prefix}/users'])
    // A prefix is never nothing, and a name without a dot is a path parameter: one segment.
    expect(found('/items', routes)).toEqual([])
    expect(found('/api/items', routes)).toEqual(['{settings.API_V1_STR}/items/', '{prefix}/items/'])
    expect(found('/api/v1/items', routes)).toEqual(['{settings.API_V1_STR}/items/'])
    // A route that is nothing but such a prefix (a root route under it) is one segment, not every path.
    const roots = ['{configService.getOrThrow}', '{configService.getOrThrow}/v1/users']
    expect(found('/api', roots)).toEqual(['{configService.getOrThrow}'])
    expect(found('/api/v1/users', roots)).toEqual(['{configService.getOrThrow}/v1/users'])
  })

  it('ignores a trailing slash on either side and the query string, and takes literal routes literally', () => {
    expect(found('/book', ['/book/', '/books', '/book/:id'])).toEqual(['/book/'])
    expect(found('/book/?page=2#top', ['/book'])).toEqual(['/book'])
    expect(found('/a.b', ['/a.b', '/axb'])).toEqual(['/a.b'])
    expect(found('/', ['/', '/x'])).toEqual(['/'])
  })

  it('finds routes for a template asked for, in any syntax, Django regular expressions included, and ignores letter case', () => {
    const routes = ['^api/profiles/(?P<username>\\w+)/?$', '/api/articles/<slug>', '/owners/{ownerId}/edit', '/Order/MyOrders', '/api/articles/feed']
    expect(found('/api/profiles/{username}', routes)).toEqual(['^api/profiles/(?P<username>\\w+)/?$'])
    expect(found('/api/articles/:slug', routes)).toEqual(['/api/articles/<slug>'])
    expect(found('/owners/<int:id>/edit', routes)).toEqual(['/owners/{ownerId}/edit'])
    expect(found('/order/myorders', routes)).toEqual(['/Order/MyOrders'])
    expect(found('/api/articles/feed', routes)).toEqual(['/api/articles/<slug>', '/api/articles/feed'])
  })

  it("finds a page's named handlers at the page's path (Razor Pages' ?handler=, SvelteKit's form actions)", () => {
    expect(found('/Basket', ['/Basket', '/Basket?handler=Update', '/Basket/Item?handler=Update'])).toEqual(['/Basket', '/Basket?handler=Update'])
    expect(found('/article/intro', ['/article/[slug]?/createComment', '/article/[slug]', '/article'])).toEqual(['/article/[slug]?/createComment', '/article/[slug]'])
  })

  it('keeps globs as they were, and finds a command by its name or the last words of its command line', () => {
    expect(found('/orders/*', ['/orders/:id', '/orders', '/users/1'])).toEqual(['/orders/:id'])
    // Django's routes have no leading slash; a rooted glob finds them all the same.
    expect(found('/orders/*', ['orders/<int:id>/', 'orders', 'users/1/'])).toEqual(['orders/<int:id>/'])
    expect(found('serve', ['serve', 'server', 'serve:watch'])).toEqual(['serve'])
    // A command line ends with the words asked for, whole words only.
    expect(found('alias delete', ['gh alias delete', 'gh alias', 'gh realias delete', 'delete'])).toEqual(['gh alias delete'])
    expect(found('delete', ['gh alias delete', 'gh alias undelete', 'delete'])).toEqual(['gh alias delete', 'delete'])
  })

  it('orders the routes found: the path itself first, under a prefix the index could not read too, then fewer parameters', () => {
    const distance = routeDistance('/api/articles/feed')
    // A Fastify plugin's `path: options.prefix + 'articles/feed'`.
    const routes = ['{options.prefix}articles/:slug', '{options.prefix}articles/feed', '/api/:section/:slug', '/api/articles/feed/']
    expect(routes.filter(routeMatcher('/api/articles/feed'))).toEqual(routes)
    expect(routes.map(distance)).toEqual([2, 0, 3, 0])
    // A catch-all after every route with ordinary parameters (taxonomy: `/api/posts/42`).
    const next = routeDistance('/api/posts/42')
    const pages = ['/[...slug]', '/api/posts/[postId]', '/[[...rest]]', '/api/{*path}', '/api/:section/:id']
    expect(pages.map(next)).toEqual([102, 2, 102, 102, 3])
  })
})
