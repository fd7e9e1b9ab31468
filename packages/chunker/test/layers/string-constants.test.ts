import { MAX_STRING_CONSTANTS } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { layersOf } from './symbols-of.js'

describe("a module's string constants", () => {
  it('keeps the strings of top-level constant objects by dotted path, nested objects included', async () => {
    const layers = await layersOf(
      'src/config/paths.ts',
      [
        'export const paths = {',
        "  home: { path: '/', getHref: () => '/' },",
        '  app: {',
        "    root: { path: \"/app\" },",
        "    dashboard: { path: '' },",
        '    users: { path: `users/:id` },',
        '  },',
        '} as const;',
        "export const ROUTES: Record<string, string> = Object.freeze({ USERS: '/users' as const, 'quoted-key': '/q', title: 'Not a path', ...extra, [computed]: '/c' })",
        "const ESCAPED = { tab: 'a\\tb', template: `/x/${id}`, line: '/a' + '/b' }",
        'export function f() {',
        "  const inner = { path: '/inner' }",
        '}',
        'export class C {',
        "  static routes = { path: '/member' }",
        '}',
        "export let mutable = { path: '/let' }",
      ].join('\n'),
    )
    expect(layers.stringConstants).toEqual({
      'paths.home.path': '/',
      'paths.app.root.path': '/app',
      'paths.app.dashboard.path': '',
      'paths.app.users.path': 'users/:id',
      'ROUTES.USERS': '/users',
    })
  })

  it('reads JavaScript too, and objects no deeper than six levels', async () => {
    const deep = "module.exports.x = 1\nconst A = { b: { c: { d: { e: { f: { g: { h: '/too-deep' }, s: '/six' } } } } } }\n"
    expect((await layersOf('src/a.js', deep)).stringConstants).toEqual({ 'A.b.c.d.e.f.s': '/six' })
  })

  it(`keeps at most ${MAX_STRING_CONSTANTS} strings, the first ones of the file`, async () => {
    const entries = Array.from({ length: MAX_STRING_CONSTANTS + 10 }, (_, i) => `  k${i}: '/p${i}',`)
    const layers = await layersOf('src/many.ts', `export const MANY = {\n${entries.join('\n')}\n}\nexport const LATER = { k: '/later' }\n`)
    const kept = Object.keys(layers.stringConstants ?? {})
    expect(kept).toHaveLength(MAX_STRING_CONSTANTS)
    expect(kept.at(-1)).toBe(`MANY.k${MAX_STRING_CONSTANTS - 1}`)
  })

  it('has none where no constant object holds a string, and none in other languages', async () => {
    expect((await layersOf('src/a.ts', 'export const n = { a: 1 }\nexport const s = "/x"\n')).stringConstants).toBeUndefined()
    expect((await layersOf('app/paths.py', "PATHS = {'home': '/'}\n")).stringConstants).toBeUndefined()
  })
})
