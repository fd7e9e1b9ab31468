import { describe, expect, it } from 'vitest'
import { bindsLocally } from './local-bindings.js'

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
