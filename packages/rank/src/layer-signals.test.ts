import { describe, expect, it } from 'vitest'
import { createLayerSignals, type LayerRecords } from './layer-signals.js'

const symbol = (path: string, name: string, qname = name, kind = 'function', exported = true, isTest = false) => ({ path, name, qname, kind, exported, isTest })
const edge = (path: string, targetPath: string, resolution: 'resolved' | 'by-name' | 'external' | 'unresolved' = 'resolved', kind: 'imports' | 'calls' = 'imports') => ({ path, targetPath, resolution, kind })

const records: LayerRecords = {
  symbols: [
    symbol('src/store.ts', 'FileStore', 'FileStore', 'class'),
    symbol('src/store.ts', 'read', 'FileStore.read', 'method'),
    symbol('src/cache.ts', 'read', 'read'),
    symbol('test/store.test.ts', 'read_fixture', 'read_fixture', 'function', false, true),
  ],
  edges: [
    edge('src/server.ts', 'src/store.ts'),
    edge('src/cli.ts', 'src/store.ts', 'resolved', 'calls'),
    edge('src/cli.ts', 'src/store.ts'),
    edge('src/server.ts', 'node:fs', 'external'),
    edge('src/server.ts', 'src/missing.ts', 'unresolved'),
    edge('src/index.ts', 'src/', 'resolved'),
  ],
  entrypoints: [
    { path: 'src/routes/orders.ts', kind: 'http-route', method: 'POST', route: '/orders/:id', handler: 'create', isTest: false },
    { path: 'src/routes/any.ts', kind: 'http-route', method: '*', route: '/health', handler: '', isTest: false },
    { path: 'src/commands/serve.ts', kind: 'cli-command', method: '', route: 'serve', handler: 'serve', isTest: false },
    { path: 'routes/api.php', kind: 'http-route', method: 'POST', route: '/api/users/login', handler: 'AuthController.login', handlerSymbolId: 'app/Http/Controllers/AuthController.php#AuthController.login', isTest: false },
    { path: 'src/owners/routes.ts', kind: 'http-route', method: 'GET', route: '/owners/{ownerId}/edit', handler: '', isTest: false },
    { path: 'src/owners/routes.ts', kind: 'http-route', method: 'GET', route: '/owners/new', handler: '', isTest: false },
    { path: 'app/articles.py', kind: 'http-route', method: 'GET', route: '/api/articles/<slug>', handler: 'get_article', isTest: false },
    { path: 'app/articles.py', kind: 'http-route', method: 'PUT', route: '/api/articles/<slug>', handler: 'update_article', isTest: false },
    { path: 'app/feed.py', kind: 'http-route', method: 'GET', route: '/api/articles/feed', handler: 'feed', isTest: false },
    { path: 'conduit/profiles/urls.py', kind: 'http-route', method: '*', route: '^api/profiles/(?P<username>\\w+)/?$', handler: 'ProfileView', isTest: false },
    { path: 'app/api/routes/comments.py', kind: 'http-route', method: 'GET', route: '{settings.api_prefix}/articles/{slug}/comments', handler: 'list_comments', isTest: false },
    { path: 'src/routes/articles.ts', kind: 'http-route', method: 'GET', route: '{options.prefix}articles', handler: '', isTest: false },
    { path: 'src/catch-all.ts', kind: 'http-route', method: 'GET', route: '*', handler: '', isTest: false },
  ],
}

describe('createLayerSignals', () => {
  const { definitions, neighbours, entrypoints } = createLayerSignals(records)

  it('finds definitions by name in any casing, and by qualified name', () => {
    expect(definitions.definitions('read').map((d) => d.file).sort()).toEqual(['src/cache.ts', 'src/store.ts'])
    expect(definitions.definitions('filestore')).toEqual([{ file: 'src/store.ts', kind: 'class', exported: true, isTest: false }])
    expect(definitions.definitions('FileStore.read').map((d) => d.file)).toEqual(['src/store.ts'])
    expect(definitions.definitions('FileStore::read').map((d) => d.file)).toEqual(['src/store.ts'])
    expect(definitions.definitions('readFixture')[0]).toMatchObject({ file: 'test/store.test.ts', isTest: true })
    expect(definitions.definitions('nothing')).toEqual([])
  })

  it('follows resolved file edges only, each pair once, both ways', () => {
    expect(neighbours.imports('src/server.ts')).toEqual(['src/store.ts'])
    expect(neighbours.importers('src/store.ts')).toEqual(['src/server.ts', 'src/cli.ts'])
    expect(neighbours.importers('src/missing.ts')).toEqual([])
    expect(neighbours.imports('src/index.ts')).toEqual([])
  })

  it('matches routes with parameters in any style and any-method routes, and commands without dashes', () => {
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/orders/{orderId}/', method: 'post' })).toEqual([{ file: 'src/routes/orders.ts' }])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/orders/:id', method: 'GET' })).toEqual([])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/health', method: 'DELETE' })).toEqual([{ file: 'src/routes/any.ts' }])
    expect(entrypoints.entrypoints({ kind: 'identifier', text: 'serve' })).toEqual([{ file: 'src/commands/serve.ts' }])
  })

  it("credits a route to its handler's file when the layers resolved it", () => {
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/api/users/login', method: 'POST' })).toEqual([{ file: 'app/Http/Controllers/AuthController.php' }])
  })

  it('matches a concrete path to the templates that serve it, segment by segment', () => {
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/owners/42/edit', method: 'GET' })).toEqual([{ file: 'src/owners/routes.ts' }])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/owners/new', method: 'GET' })).toEqual([{ file: 'src/owners/routes.ts' }])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/owners/42/edit/more', method: 'GET' })).toEqual([])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/orders/7', method: 'POST' })).toEqual([{ file: 'src/routes/orders.ts' }])
  })

  it('prefers the literal route to templates that also serve the path, and names each file once', () => {
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/api/articles/feed' })).toEqual([{ file: 'app/feed.py' }])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/api/articles/how-to' })).toEqual([{ file: 'app/articles.py' }])
  })

  it("reads Django's regular-expression routes and prefixes the index could not read", () => {
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/api/profiles/jake', method: 'GET' })).toEqual([{ file: 'conduit/profiles/urls.py' }])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/api/profiles/{username}', method: 'GET' })).toEqual([{ file: 'conduit/profiles/urls.py' }])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/api/articles/dragon/comments', method: 'GET' })).toEqual([{ file: 'app/api/routes/comments.py' }])
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/api/articles', method: 'GET' })).toEqual([{ file: 'src/routes/articles.ts' }])
    // A catch-all is no prefix: it does not claim every path.
    expect(entrypoints.entrypoints({ kind: 'endpoint', text: '/health', method: 'GET' }).map((e) => e.file)).not.toContain('src/catch-all.ts')
  })
})
