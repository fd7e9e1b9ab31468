import fc from 'fast-check'
import { InvalidArgumentError, type Analyzer, type Document } from '@rag/core'
import { afterAll, describe, expect, it } from 'vitest'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores()
afterAll(() => stores.dispose())

/** Lowercases and splits on anything that is not a letter, digit, mark or `_`, in any script. */
const unicodeAnalyzer: Analyzer = {
  name: 'unicode-words@1',
  analyze: (text) => text.toLowerCase().split(/[^\p{L}\p{N}\p{M}_]+/u).filter((t) => t.length > 0),
  analyzeQuery: (text) => text.toLowerCase().split(/[^\p{L}\p{N}\p{M}_]+/u).filter((t) => t.length > 0),
}

const unicodeDocs: Document[] = [
  { id: 'ru', content: 'Привет мир — функция подключения к базе', metadata: { file: 'ру/файл.py', lang: 'русский' } },
  { id: 'ja', content: '日本語 テキスト 🚀 emoji 👩‍👩‍👧‍👦 family', metadata: { file: 'src/日本.ts' } },
  { id: 'mixed', content: 'e\u0301 cafe\u0301 \u200b zero-width, RTL: שלום עולם, tab\tcr\r\nlf\nnul:\0end', metadata: { '🔑': '値', n: -0.5, ok: false } },
  { id: 'ключ/🗝️', content: 'the id itself is unicode', metadata: {} },
]

describe('SqliteKnowledgeBase documents', () => {
  it('returns unicode ids, content (NUL, CRLF, ZWSP, combining marks) and metadata unchanged after a reopen', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    await kb.add(unicodeDocs)
    await kb.close()
    const again = await stores.open(path)
    expect(await again.list()).toEqual(unicodeDocs)
    expect(await again.get('ключ/🗝️')).toEqual(unicodeDocs[3])
  })

  it('lists ids and metadata without content, exactly as list() has them, in insertion order', async () => {
    const kb = await stores.open()
    await kb.add(unicodeDocs)
    await kb.replaceDocuments(['ja'], [{ id: 'ja', content: 'again', metadata: { file: 'src/again.ts', qname: 'f' } }])
    const listed = (await kb.list()).map(({ id, metadata }) => ({ id, metadata }))
    expect(await kb.listMetadata()).toEqual(listed)
    expect(listed.map((d) => d.id)).toEqual(['ru', 'mixed', 'ключ/🗝️', 'ja'])
  })

  it('round-trips any well-formed string (property)', async () => {
    const kb = await stores.open()
    let n = 0
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 20 }), async (content, value) => {
        const d: Document = { id: `p${n++}`, content, metadata: { value } }
        await kb.add([d])
        expect(await kb.get(d.id)).toEqual(d)
      }),
      { numRuns: 200 },
    )
  })

  it('searches non-Latin scripts with a unicode-aware analyzer', async () => {
    const kb = await stores.open(undefined, { analyzer: unicodeAnalyzer })
    await kb.add(unicodeDocs)
    expect((await kb.search('ПРИВЕТ', 5)).map((h) => h.document.id)).toEqual(['ru'])
    expect((await kb.search('テキスト', 5)).map((h) => h.document.id)).toEqual(['ja'])
    expect((await kb.search('שלום', 5)).map((h) => h.document.id)).toEqual(['mixed'])
  })

  it('rejects lone surrogates, which UTF-8 storage cannot return unchanged, before writing', async () => {
    const kb = await stores.open()
    const bad: Document[] = [
      { id: 'a', content: 'broken \ud800 text', metadata: {} },
      { id: '\udc00', content: 'x', metadata: {} },
      { id: 'b', content: 'x', metadata: { k: 'v\ud83d' } },
      { id: 'c', content: 'x', metadata: { ['\ud83d']: 'v' } },
    ]
    for (const d of bad) await expect(kb.add([d])).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(kb.add([bad[0]!])).rejects.toThrow(/documents\[0\] "a": content contains a lone UTF-16 surrogate/)
    expect(await kb.size()).toBe(0)
  })

  it('stores, finds and returns a 24 MB document unchanged', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    const line = 'export function handler(request, response) { return response.send(request.body) }\n'
    const content = `${line.repeat(Math.ceil(24_000_000 / line.length))}const needle = "zyzzyvaterminus"\n`
    await kb.add([{ id: 'huge', content, metadata: { file: 'huge.js' } }, { id: 'small', content: 'small handler', metadata: {} }])
    const [top] = await kb.search('zyzzyvaterminus', 2)
    expect(top?.document.id).toBe('huge')
    expect(top?.document.content.length).toBe(content.length)
    await kb.close()
    const again = await stores.open(path)
    expect((await again.get('huge'))?.content === content).toBe(true)
    expect((await again.search('handler', 2)).map((h) => h.document.id).sort()).toEqual(['huge', 'small'])
  })
})
