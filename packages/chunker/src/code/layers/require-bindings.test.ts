import { describe, expect, it } from 'vitest'
import { exportedRequireBindings, patternBindings, requireBindings } from './require-bindings.js'

/** The bindings of the `require(` or `import(` that ends `source` (its callee's offset). */
function bindingsBefore(source: string): ReturnType<typeof requireBindings> {
  const offset = Math.max(source.lastIndexOf('require('), source.lastIndexOf('import('))
  return requireBindings(source, offset)
}

describe('requireBindings', () => {
  it('binds a required module to its variable, like import * as', () => {
    expect(bindingsBefore("const util = require('./util')")).toEqual([{ name: '*', alias: 'util' }])
    expect(bindingsBefore("let m = await import('./m')")).toEqual([{ name: '*', alias: 'm' }])
  })

  it('binds destructured names, renamed ones and defaulted ones, across lines (undici writes its requires so)', () => {
    const source = ['const {', '  InvalidArgumentError,', '  RequestAbortedError: Aborted,', '  kind = 1,', '  ...rest', "} = require('./core/errors')"].join('\n')
    expect(bindingsBefore(source)).toEqual([{ name: 'InvalidArgumentError' }, { name: 'RequestAbortedError', alias: 'Aborted' }, { name: 'kind' }])
  })

  it("binds a member of the module declared so as that name (`const methods = require('./utils').methods`), the module for a deeper expression, as before", () => {
    const after = (source: string, rest: string): ReturnType<typeof requireBindings> => requireBindings(`${source}${rest}`, source.lastIndexOf('require('), source.length)
    expect(after("const methods = require('./utils')", '.methods\nmethods.forEach(f)')).toEqual([{ name: 'methods', alias: 'methods' }])
    expect(after("var a = require('a')\n  , m = require('./utils')", '.methods;')).toEqual([{ name: 'methods', alias: 'm' }])
    expect(after("const x = require('./x')", '.a.b')).toEqual([{ name: '*', alias: 'x' }])
    expect(after("const x = require('node:util')", '.promisify(setImmediate)')).toEqual([{ name: '*', alias: 'x' }])
    expect(after("const x = require('./x')", '\nx.run()')).toEqual([{ name: '*', alias: 'x' }])
  })

  it('binds the later declarators of a list of requires (Express writes its requires so)', () => {
    expect(bindingsBefore("var app = require('../../examples/cookies')\n  , request = require('supertest')")).toEqual([{ name: '*', alias: 'request' }])
    expect(bindingsBefore("const a = require('a'), b = require('b'), { c } = require('c')")).toEqual([])
    expect(bindingsBefore("const a = require('a'), b = require('b'), c = require('c')")).toEqual([{ name: '*', alias: 'c' }])
    // (Not after a declarator that is no require: that list may be anything.)
    expect(bindingsBefore("var n = 1, x = require('x')")).toEqual([])
  })

  it('binds nothing when the value is not declared', () => {
    expect(bindingsBefore("require('./polyfill')")).toEqual([])
    expect(bindingsBefore("module.exports = require('./x')")).toEqual([])
    expect(bindingsBefore("const x = wrap(require('./x'))")).toEqual([])
    expect(bindingsBefore("const { a: { b } } = require('./x')")).toEqual([])
  })

  it('reads a binding pattern alone (a .then parameter, an element of a destructured Promise.all)', () => {
    expect(patternBindings(' lib ')).toEqual([{ name: '*', alias: 'lib' }])
    expect(patternBindings('{ parse, run: go, kind = 1 }')).toEqual([{ name: 'parse' }, { name: 'run', alias: 'go' }, { name: 'kind' }])
    expect(patternBindings('{ a: { b } }')).toEqual([])
    expect(patternBindings('[a, b]')).toEqual([])
  })
})

describe('exportedRequireBindings', () => {
  /** The re-export names of the last `require(...)` call of `source` (followed by `after`). */
  function exportedAs(source: string, after = '\n'): ReturnType<typeof exportedRequireBindings> {
    const offset = source.lastIndexOf('require(')
    const text = `${source}${after}`
    return exportedRequireBindings(text, offset, source.length)
  }

  it('re-exports a required module under the name it is assigned to, as export * as (a CommonJS barrel)', () => {
    expect(exportedAs("module.exports.userService = require('./user.service')")).toEqual([{ name: '*', alias: 'userService' }])
    expect(exportedAs("exports.tokens = require('./tokens')", ';\n')).toEqual([{ name: '*', alias: 'tokens' }])
    expect(exportedAs("module.exports = {\n  auth: require('./auth'),\n  users: require('./users')", ',\n}')).toEqual([{ name: '*', alias: 'users' }])
  })

  it('binds nothing for a member or call of the module, another object, or a nested object', () => {
    expect(exportedAs("exports.Headers = require('./headers')", '.Headers\n')).toEqual([])
    expect(exportedAs("exports.run = require('./run')", '(options)\n')).toEqual([])
    expect(exportedAs("config.exports.x = require('./x')")).toEqual([])
    expect(exportedAs("module.exports = { nested: { x: require('./x')")).toEqual([])
    expect(exportedAs("const x = require('./x')")).toEqual([])
  })
})
