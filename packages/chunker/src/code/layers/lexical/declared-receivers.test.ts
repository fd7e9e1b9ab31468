import { describe, expect, it } from 'vitest'
import { typedDeclarations } from './declared-receivers.js'

describe('typedDeclarations', () => {
  it('reads locals and fields annotated with a class type or made by `new`, the annotation first', () => {
    const code = [
      'class Stream {',
      '  readonly #index = new InvertedIndex<Doc>()',
      '  private store?: Store',
      '  cache: Base = new Derived()',
      '  count = 0',
      '  run() {',
      '    const c = new Cache()',
      '    let db: Database.Database',
      '    const n: number = 1',
      '    const pool = await new Pool()',
      '  }',
      '}',
    ].join('\n')
    expect(typedDeclarations(code).map(({ name, type, offset }) => `${name}: ${type} @${code.slice(offset, offset + name.length) === name}`)).toEqual([
      '#index: InvertedIndex @true',
      'store: Store @true',
      'cache: Base @true',
      'c: Cache @true',
      'db: Database.Database @true',
      'pool: Pool @true',
    ])
  })
})
