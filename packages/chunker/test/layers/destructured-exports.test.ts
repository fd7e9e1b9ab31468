import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

describe('destructuring declarations', () => {
  it("define each name they bind (bulletproof-react's `export const { useUser, useLogin } = configureAuth(...)`), but a `require` destructured imports", async () => {
    const content = [
      "import { configureAuth } from 'react-query-auth'",
      "const { kState, kUrl } = require('./symbols')",
      '',
      'export const { useUser, useLogin: useSignIn, ...rest } = configureAuth({})',
      'const [first, , third = 3, [nested]] = [1, 2, 3, [4]]',
      'let { a: { deep } } = { a: { deep: 1 } }',
      '',
    ].join('\n')
    const { layers } = await chunker.chunkWithLayers({ path: 'src/lib/auth.tsx', content, format: 'code' })
    expect(layers.symbols.map((s) => `${s.kind} ${s.name} ${s.startLine}${s.exported ? ' exported' : ''}`)).toEqual([
      'constant useUser 4 exported',
      'constant useSignIn 4 exported',
      'constant rest 4 exported',
      'constant first 5',
      'constant third 5',
      'constant nested 5',
      'variable deep 6',
    ])
  })
})
