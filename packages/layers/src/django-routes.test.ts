import { describe, expect, it } from 'vitest'
import { servedDjangoRoute } from './django-routes.js'

describe('servedDjangoRoute', () => {
  it("roots `path()` patterns at `/` and keeps their converters", () => {
    expect(servedDjangoRoute('articles/<int:year>/')).toBe('/articles/<int:year>/')
    expect(servedDjangoRoute('')).toBe('/')
    expect(servedDjangoRoute('/')).toBe('/')
  })

  it('reads the regular expressions of `re_path()` and DRF routers: anchors dropped, named groups as parameters, an optional trailing slash as the slash', () => {
    expect(servedDjangoRoute('^archive/(?P<year>[0-9]{4})/$')).toBe('/archive/<year>/')
    expect(servedDjangoRoute('^api/articles/(?P<slug>[^/.]+)/favorite/$')).toBe('/api/articles/<slug>/favorite/')
    expect(servedDjangoRoute('^(?P<slug>[-\\w]+)/(?P<page>(?:\\d+))/$')).toBe('/<slug>/<page>/')
    expect(servedDjangoRoute('^articles/feed/?$')).toBe('/articles/feed/')
    expect(servedDjangoRoute('^robots\\.txt$')).toBe('/robots.txt')
    expect(servedDjangoRoute('^articles$')).toBe('/articles')
    // Without `$`: what starts so (djoser's `^jwt/create/?`); a part the detectors could not read stays `{expr}`.
    expect(servedDjangoRoute('^jwt/create/?')).toBe('/jwt/create/')
    expect(servedDjangoRoute('^auth/users/set_{User.USERNAME_FIELD}/$')).toBe('/auth/users/set_{User.USERNAME_FIELD}/')
  })

  it('leaves a pattern with more of a regular expression as written', () => {
    for (const pattern of ['^page/(\\d+)/$', '^(?:en|fr)/$', '^files/.*$', '^a/\\d+/$', '^(?P<year>[0-9]{4}/$']) expect(servedDjangoRoute(pattern)).toBe(pattern)
  })
})
