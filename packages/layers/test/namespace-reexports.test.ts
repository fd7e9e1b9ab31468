import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe('TypeScript namespaces re-exported by name', () => {
  it('links `util.hide()` of `import { util }` from a module that has `export * as util from` to the namespace module, through a named re-export too', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/core/util.ts': 'export function hide(value: unknown): void {}\nexport function derived(): void {}\n',
        'src/core/index.ts': "export * as util from './util.js'\nexport * from './schemas.js'\n",
        'src/core/schemas.ts': 'export function parse(): void {}\n',
        'src/api.ts': "export { util as helpers } from './core/index.js'\n",
        // Same names elsewhere: no call resolves by name alone.
        'src/other.ts': 'export function hide(): void {}\nexport function derived(): void {}\n',
        'src/classic.ts': [
          "import { util } from './core/index.js'",
          "import { helpers } from './api.js'",
          'export function run() {',
          '  util.hide(1)',
          '  helpers.derived()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/classic.ts', ['hide', 'derived'])).toEqual([
      'util.hide -> resolved src/core/util.ts#hide',
      'helpers.derived -> resolved src/core/util.ts#derived',
    ])
  })

  it("links `userService.createUser()` of `const { userService } = require('../services')` through a CommonJS barrel (`module.exports.userService = require('./user.service')`, `module.exports = { tokens: require(...) }`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/services/user.service.js': 'const createUser = async (body) => body\n\nmodule.exports = { createUser }\n',
        'src/services/token.service.js': 'exports.sign = function sign (user) { return user }\n',
        'src/services/index.js': "module.exports.userService = require('./user.service')\n",
        'src/services/more.js': "module.exports = {\n  tokens: require('./token.service'),\n  signer: require('./token.service').sign,\n}\n",
        // Same names elsewhere: no call resolves by name alone.
        'src/other.js': 'exports.createUser = function () {}\nexports.sign = function () {}\n',
        'src/controllers/user.js': [
          "const { userService } = require('../services')",
          "const { tokens } = require('../services/more')",
          'exports.create = async function (body) {',
          '  const user = await userService.createUser(body)',
          '  return tokens.sign(user)',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/controllers/user.js', ['createUser', 'sign'])).toEqual([
      'userService.createUser -> resolved src/services/user.service.js#createUser',
      'tokens.sign -> resolved src/services/token.service.js#sign',
    ])
  })
})
