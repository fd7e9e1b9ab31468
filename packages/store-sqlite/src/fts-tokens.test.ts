import fc from 'fast-check'
import { InvalidArgumentError, type Analyzer } from '@rag/core'
import { afterAll, describe, expect, it } from 'vitest'
import { countFtsTokens, ftsTokens, termsColumn } from './fts-tokens.js'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from './sqlite-knowledge-base.js'

/** Splits on whitespace only, so FTS5 syntax characters reach the query builder untouched. */
const rawAnalyzer: Analyzer = {
  name: 'raw-whitespace@1',
  analyze: (text) => text.split(/\s+/).filter((t) => t.length > 0),
  analyzeQuery: (text) => text.split(/\s+/).filter((t) => t.length > 0),
}

const open: SqliteKnowledgeBase[] = []
afterAll(async () => {
  for (const kb of open) await kb.close()
})

async function memoryStore(analyzer?: Analyzer): Promise<SqliteKnowledgeBase> {
  const kb = await openSqliteKnowledgeBase(':memory:', analyzer === undefined ? {} : { analyzer })
  open.push(kb)
  return kb
}

describe('FTS5 tokens', () => {
  it('splits as the ascii tokenizer does: runs of ASCII letters, digits, _ and non-ASCII characters', () => {
    expect(ftsTokens('Foo.bar_baz Ünï "quoted" terms:x 42')).toEqual(['foo', 'bar_baz', 'Ünï', 'quoted', 'terms', 'x', '42'])
    expect(ftsTokens('..,;')).toEqual([])
    expect(countFtsTokens('Foo.bar_baz Ünï "quoted" terms:x 42')).toBe(7)
    expect(countFtsTokens('')).toBe(0)
  })

  it('counts as many tokens as it splits, for any text (property)', () => {
    const units = fc.oneof(fc.constantFrom('a', 'Z', '0', '_', ' ', '.', '\u0000', '\u007f', '\u0080', 'ü', '\ud83d', '\ude00', '\uffff'), fc.string({ maxLength: 3 }))
    fc.assert(
      fc.property(fc.array(units, { maxLength: 40 }), (parts) => {
        const text = parts.join('')
        expect(countFtsTokens(text)).toBe(ftsTokens(text).length)
      }),
    )
  })

  it('writes NUL as a space in the terms column', () => {
    expect(termsColumn(['a\0b', 'c'])).toBe('a b c')
  })
})

describe('SqliteKnowledgeBase.search and searchTfidf query safety', () => {
  const syntax = ['AND', 'OR', 'NOT', 'NEAR', 'NEAR(a b)', '"', '""', "'", '*', 'a*', '^a', 'terms:x', '{terms}:x', '(', ')', '-x', '+', ':', '\0', 'a"b']

  it('treats FTS5 operators and punctuation in queries as plain terms (as the tokenizer split them)', async () => {
    const kb = await memoryStore(rawAnalyzer)
    await kb.add([
      { id: 'ops', content: 'NOT AND OR NEAR a*b "quoted" terms:x', metadata: {} },
      { id: 'plain', content: 'nothing special here', metadata: {} },
    ])
    for (const q of syntax) {
      await expect(kb.search(q, 5)).resolves.toBeInstanceOf(Array)
      await expect(kb.searchTfidf(q, 5)).resolves.toBeInstanceOf(Array)
    }
    expect((await kb.search('NOT', 5)).map((h) => h.document.id)).toEqual(['ops'])
    expect((await kb.search('"quoted"', 5)).map((h) => h.document.id)).toEqual(['ops'])
    expect((await kb.search('terms:x', 5)).map((h) => h.document.id)).toEqual(['ops'])
  })

  it('never fails on an arbitrary query string (property)', async () => {
    const raw = await memoryStore(rawAnalyzer)
    const basic = await memoryStore()
    const corpus = [{ id: 'c', content: 'select * from "users" where a = 1 -- NEAR(x y)', metadata: {} }]
    await raw.add(corpus)
    await basic.add(corpus)
    const token = fc.oneof(fc.constantFrom(...syntax), fc.string({ unit: 'grapheme', maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 }))
    const query = fc.array(token, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '))
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        for (const kb of [raw, basic]) {
          if (q.trim().length === 0) {
            await expect(kb.search(q, 3)).rejects.toBeInstanceOf(InvalidArgumentError)
          } else {
            expect((await kb.search(q, 3)).length).toBeLessThanOrEqual(1)
            expect((await kb.searchTfidf(q, 3)).length).toBeLessThanOrEqual(1)
          }
        }
      }),
      { numRuns: 300 },
    )
  })

  it('ranks equal scores by id', async () => {
    const kb = await memoryStore()
    const same = { content: 'identical words here', metadata: {} }
    await kb.add([{ id: 'b', ...same }, { id: 'a', ...same }, { id: 'c', ...same }])
    expect((await kb.search('identical words', 10)).map((h) => h.document.id)).toEqual(['a', 'b', 'c'])
  })

  it('accepts the largest safe topK', async () => {
    const kb = await memoryStore()
    await kb.add([{ id: 'one', content: 'only document', metadata: {} }])
    expect(await kb.search('document', Number.MAX_SAFE_INTEGER)).toHaveLength(1)
  })
})
