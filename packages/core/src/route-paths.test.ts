import { describe, expect, it } from 'vitest'
import { joinRoute, loadedModule } from './route-paths.js'

describe('route paths', () => {
  it('joins a prefix and a path with one slash, an empty side giving the other', () => {
    expect(joinRoute('/api/', '/users')).toBe('/api/users')
    expect(joinRoute('/items', '/')).toBe('/items/')
    expect(joinRoute('', '/x')).toBe('/x')
    expect(joinRoute('/x', '')).toBe('/x')
    expect(joinRoute('{settings.API_V1_STR}', 'items')).toBe('{settings.API_V1_STR}/items')
    // Django: an included pattern's anchor goes; alone it stays.
    expect(joinRoute('^api/', '^articles/feed/?$')).toBe('^api/articles/feed/?$')
    expect(joinRoute('', '^tags/?$')).toBe('^tags/?$')
    expect(joinRoute('^', '^tags/?$')).toBe('^tags/?$')
  })

  it('reads the relative module a mount target loads in place, nothing else', () => {
    expect(loadedModule("require('./api')")).toBe('./api')
    expect(loadedModule('import("../routes/users")')).toBe('../routes/users')
    expect(loadedModule("require('cors')")).toBeUndefined()
    expect(loadedModule('items.router')).toBeUndefined()
    expect(loadedModule("include('conduit.apps.articles.urls')")).toBe('conduit.apps.articles.urls')
    expect(loadedModule('include(router.urls)')).toBeUndefined()
  })
})
