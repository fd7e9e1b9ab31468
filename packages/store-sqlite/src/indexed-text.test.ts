import Database from 'better-sqlite3'
import { InvalidArgumentError, type IndexedText } from '@rag/core'
import { basicAnalyzer, pathAndSymbolText } from '@rag/lexical'
import { codeAwareAnalyzer } from '@rag/bm25'
import { describeIndexedTextContract, describeKnowledgeBaseContract, doc, generation, symbolChunks } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { IncompatibleStoreError } from './errors/store-errors.js'
import { SCHEMA_VERSION } from './schema.js'
import { openSqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { openError } from './testing/open-error.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-indexed-text-')
afterAll(() => stores.dispose())

const chunks = symbolChunks

function userVersion(path: string): number {
  const raw = new Database(path, { readonly: true })
  try {
    return Number(raw.pragma('user_version', { simple: true }))
  } finally {
    raw.close()
  }
}

describe('SqliteKnowledgeBase indexedText', () => {
  it('refuses to reopen a non-empty store with another indexed text, naming expected and found', async () => {
    const path = stores.path()
    const kb = await openSqliteKnowledgeBase(path, { indexedText: pathAndSymbolText })
    await kb.add(chunks())
    await kb.close()
    const error = (await openError(path, {})) as IncompatibleStoreError
    expect(error).toBeInstanceOf(IncompatibleStoreError)
    expect(error.code).toBe('INCOMPATIBLE_STORE')
    expect([error.expected, error.found]).toEqual(['indexed text content', 'indexed text path+symbol@1'])
    expect(error.message).toBe(
      `${path}: indexed with indexed text "path+symbol@1", opened with "content"; open it with the same indexed text or clear and re-index it.`,
    )
    const again = await stores.open(path, { indexedText: pathAndSymbolText, create: false })
    expect(await again.size()).toBe(3)
  })

  it('lets an empty store adopt another indexed text, then holds to it', async () => {
    const path = stores.path()
    await (await openSqliteKnowledgeBase(path, { indexedText: pathAndSymbolText })).close()
    const kb = await openSqliteKnowledgeBase(path)
    await kb.add(generation('x', 1))
    await kb.close()
    const error = (await openError(path, { indexedText: pathAndSymbolText })) as IncompatibleStoreError
    expect([error.expected, error.found]).toEqual(['indexed text path+symbol@1', 'indexed text content'])
  })

  it('reads a store written before the option (no recorded name) as content', async () => {
    const path = stores.path()
    const kb = await openSqliteKnowledgeBase(path)
    await kb.add(generation('old', 2))
    await kb.close()
    const raw = new Database(path)
    raw.prepare("DELETE FROM store_meta WHERE key = 'indexed_text'").run()
    raw.close()

    const reopened = await openSqliteKnowledgeBase(path)
    expect(await reopened.size()).toBe(2)
    await reopened.close()
    const error = (await openError(path, { indexedText: pathAndSymbolText })) as IncompatibleStoreError
    expect(error.found).toBe('indexed text content')
  })

  it('writes every new store as the current schema version, whatever it indexes, so older releases refuse it', async () => {
    const content = stores.path()
    await (await openSqliteKnowledgeBase(content)).close()
    expect(userVersion(content)).toBe(SCHEMA_VERSION)

    const derived = stores.path()
    await (await openSqliteKnowledgeBase(derived, { indexedText: pathAndSymbolText })).close()
    expect(userVersion(derived)).toBe(SCHEMA_VERSION)

    // An empty content store that adopts the derived text keeps it.
    await (await openSqliteKnowledgeBase(content, { indexedText: pathAndSymbolText })).close()
    expect(userVersion(content)).toBe(SCHEMA_VERSION)
  })

  it('names the indexed text and what it returned when text() returns no string', async () => {
    const broken: IndexedText = { name: 'broken@1', text: () => undefined as unknown as string }
    const kb = await stores.open(stores.path(), { indexedText: broken })
    await expect(kb.add([doc('a', 'text')])).rejects.toThrow(/indexed text "broken@1" returned undefined; expected a string/)
    expect(await kb.size()).toBe(0)
  })
})

describeIndexedTextContract('SqliteKnowledgeBase', {
  create: (options) => stores.open(':memory:', options),
  analyzers: [
    ['basicAnalyzer', basicAnalyzer],
    ['codeAwareAnalyzer', codeAwareAnalyzer],
  ],
  optionError: InvalidArgumentError,
  textError: InvalidArgumentError,
})

describeKnowledgeBaseContract('SqliteKnowledgeBase (file, path+symbol@1)', () =>
  stores.open(stores.path(), { indexedText: pathAndSymbolText }),
)
