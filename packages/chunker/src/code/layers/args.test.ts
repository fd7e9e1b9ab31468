import { describe, expect, it } from 'vitest'
import { keyArg, keyedString, parseArgs, parseBracketed, stringArg, stringList, stringValue } from './args.js'

describe('parseArgs', () => {
  it('reads strings, names, keyword arguments and lists', () => {
    const args = parseArgs(`'/x', views.index, methods=['GET', "POST"], name = "n"`)
    expect(stringArg(args, 0)).toBe('/x')
    expect(args[1]).toMatchObject({ kind: 'name', value: 'views.index' })
    expect(stringList(keyArg(args, 'methods'))).toEqual(['GET', 'POST'])
    expect(keyedString(args, 'name')).toBe('n')
  })

  it('reads objects, functions and chained calls', () => {
    const [options] = parseBracketed('({ method: ["PUT"], url: `/u/:id`, handler: update })')
    expect(options?.kind).toBe('list')
    expect(stringList(keyArg(options?.items ?? [], 'method'))).toEqual(['PUT'])
    expect(keyedString(options?.items ?? [], 'url')).toBe('/u/:id')
    expect(parseArgs('(req, res) => res.send(1)')[0]?.kind).toBe('function')
    expect(parseArgs('async function () {}')[0]?.kind).toBe('function')
    // PHP's static closures and arrow functions: `static function ($routes) {...}`, `static fn () => 1`.
    expect(parseArgs("'admin', static function ($routes) {}").map((arg) => arg.kind)).toEqual(['string', 'function'])
    expect(parseArgs('static fn () => 1')[0]?.kind).toBe('function')
    // Python lambdas, with and without parameters; `lambda:` is not a keyword argument.
    expect(parseArgs("lambda: None, 'date'").map((arg) => [arg.key, arg.kind])).toEqual([['', 'function'], ['', 'string']])
    expect(parseArgs('lambda x: x + 1')[0]).toMatchObject({ key: '', kind: 'function' })
    const [route] = parseArgs('get(show).post(create)')
    expect(route).toMatchObject({ kind: 'call', value: 'get', chain: [{ value: 'post' }] })
    expect(route?.items[0]).toMatchObject({ kind: 'name', value: 'show' })
  })

  it('does not split inside strings or brackets, and unescapes strings', () => {
    expect(parseArgs(`"a, b", f(c, d), [e, f]`)).toHaveLength(3)
    expect(stringValue(String.raw`"a\"b"`)).toBe('a"b')
    expect(stringValue(String.raw`r"\d+"`)).toBe(String.raw`\d+`)
    // Other escapes keep their backslash, as Python and PHP read them.
    expect(stringValue(String.raw`'^api/(?P<id>\d+)/$'`)).toBe(String.raw`^api/(?P<id>\d+)/$`)
    expect(stringValue(String.raw`'Auth\RegisterController@register'`)).toBe(String.raw`Auth\RegisterController@register`)
    expect(stringValue(String.raw`'a\\b\n'`)).toBe('a\\b\n')
    // Kotlin's (and JavaScript's) escaped `$`: Spring's property placeholder `"\${app.prefix}/c"` is `${app.prefix}/c`.
    expect(stringValue(String.raw`"\${app.prefix}/c"`)).toBe('${app.prefix}/c')
    expect(stringValue('"""doc"""')).toBe('doc')
    expect(stringValue('"a" + b')).toBeUndefined()
  })
})
