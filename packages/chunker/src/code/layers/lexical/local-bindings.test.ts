import { describe, expect, it } from 'vitest'
import { bindsLocally, redeclaration } from './local-bindings.js'

/** `redeclaration(name)` over all of `body`. */
const redeclares = (head: string, body: string, name: string): boolean => redeclaration(name)(head, body, 0, body.length)

describe('bindsLocally', () => {
  it.each([
    ['const helper = (x) => x', 'helper'],
    ['let { parse, render: draw } = tools', 'parse'],
    ['function outer() { function inner() {} }', 'inner'],
    ['app.use((req, res, next) => next())', 'next'],
    ['function handle(req: Request, next?: NextFunction) {}', 'next'],
    ['items.map(item => item)', 'item'],
    ['const fn = (...rest) => rest', 'rest'],
    ['try { } catch (error) { }', 'error'],
    ['for (const $el of list) {}', '$el'],
  ])('finds %j binding %s', (code, name) => {
    expect(bindsLocally(code, name)).toBe(true)
  })

  it.each([
    ['helper(1)', 'helper'],
    ['this.helper = 1; obj.helper()', 'helper'],
    ['const helperText = 1', 'helper'],
    ['if (a == next) {}', 'next'],
    ['foo({ parse: true })', 'parse'],
  ])('finds in %j no binding of %s', (code, name) => {
    expect(bindsLocally(code, name)).toBe(false)
  })
})

describe('redeclares', () => {
  it('finds a declaration of the name before the call, or a parameter of the definition, but not an argument', () => {
    expect(redeclares('(_Err) =>', '(_Err) => {\n  const parse = _parse(_Err)\n  const fn = (schema) => ', 'parse')).toBe(true)
    expect(redeclares('function run(parse: Parser)', 'function run(parse: Parser) {\n  return ', 'parse')).toBe(true)
    expect(redeclares('function run(items)', 'function run(items) {\n  items.forEach(parse => ', 'parse')).toBe(true)
    expect(redeclares('function run(items)', 'function run(items) {\n  use(parse)\n  const parsed = ', 'parse')).toBe(false)
    expect(redeclares('function run(options = { parse: true })', 'function run() {\n  this.parse = 1\n  ', 'parse')).toBe(false)
    expect(redeclares('function resolveName(edge: RawEdge, supers = new Supertypes(index, resolveName))', '(edge: RawEdge) {\n  return ', 'resolveName')).toBe(false)
    expect(redeclares('const parseBoolean = parseBooleanToken(true, parseBooleanToken(false, fail))', '', 'parseBooleanToken')).toBe(false)
    expect(redeclares('const run = async (first, parse) =>', '', 'parse')).toBe(true)
    expect(redeclares('function run(first, ...parse)', 'function run(first, ...parse) {\n  return ', 'parse')).toBe(true)
    expect(redeclares('static create = (params): ZodString =>', 'static create = (params): ZodString => {\n  return new ', 'ZodString')).toBe(false)
  })
})
