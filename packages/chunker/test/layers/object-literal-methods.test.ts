import { describe, expect, it } from 'vitest'
import { symbolsOf } from './symbols-of.js'

describe('the functions of an object literal a variable holds', () => {
  it("are methods of the variable, as an Express controller module writes them (and one property's object's too)", async () => {
    const content = [
      'const postController = {',
      '  getAll: async (req, res) => {',
      '    res.json([])',
      '  },',
      '  getOne(req, res) {',
      '    res.json({})',
      '  },',
      '  admin: {',
      '    purge: function (req, res) {},',
      '  },',
      '  limit: 10,',
      '  helper,',
      '}',
      '',
      'module.exports = postController',
      '',
    ].join('\n')
    expect(await symbolsOf('src/controllers/posts.js', content)).toEqual([
      'postController constant 1',
      'postController.getAll method 2',
      'postController.getOne method 5',
      'postController.admin.purge method 9',
    ])
  })

  it('through `as const` and `satisfies`, not of a declared type, whose members are what calls reach', async () => {
    const content = [
      'export const routes = {',
      '  home() {},',
      '} as const',
      'export const api = {',
      '  fetch: () => 1,',
      '} satisfies Record<string, () => number>',
      'export const provider: Provider = {',
      '  now() { return 1 },',
      '}',
      'const cast = { run() {} } as Runner',
      '',
    ].join('\n')
    expect(await symbolsOf('src/values.ts', content)).toEqual([
      'routes constant 1',
      'routes.home method 2',
      'api constant 4',
      'api.fetch method 5',
      'provider constant 7',
      'cast constant 10',
    ])
  })
})
