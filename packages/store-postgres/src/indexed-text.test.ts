import { InvalidArgumentError, type IndexedText } from '@rag/core'
import { basicAnalyzer, pathAndSymbolText } from '@rag/lexical'
import { codeAwareAnalyzer } from '@rag/bm25'
import { describeIndexedTextContract, doc, generation, symbolChunks } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import { IncompatibleStoreError } from './store-errors.js'
import { rejection } from './testing/rejection.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let counter = 0

beforeAll(async () => {
  test = await createTestDatabase('indexed_text')
  database = await test.open()
})
afterAll(() => test?.dispose())

const fresh = () => ({ repoId: `indexed-text-${++counter}` })

async function openError(key: { repoId: string }, options: { indexedText?: IndexedText } = {}): Promise<IncompatibleStoreError> {
  const error = await database.openProject(key, options).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(IncompatibleStoreError)
  return error as IncompatibleStoreError
}

describe('PostgresKnowledgeBase indexedText', () => {
  it('refuses to reopen a project with chunks with another indexed text, naming expected and found', async () => {
    const key = fresh()
    await database.project(key, { indexedText: pathAndSymbolText }).add(symbolChunks())
    const error = await openError(key)
    expect(error.code).toBe('INCOMPATIBLE_STORE')
    expect([error.expected, error.found]).toEqual(['indexed text content', 'indexed text path+symbol@1'])
    expect(error.message).toBe(`${database.where} (project ${key.repoId}): indexed with indexed text "path+symbol@1", opened with "content"; open it with the same indexed text or clear and re-index it.`)
    // A lazily opened store refuses on first use, and refuses to write.
    await expect(database.project(key).search('pool', 5)).rejects.toBeInstanceOf(IncompatibleStoreError)
    await expect(database.project(key).add([doc('x', 'text')])).rejects.toBeInstanceOf(IncompatibleStoreError)
    expect(await (await database.openProject(key, { indexedText: pathAndSymbolText, create: false })).size()).toBe(3)
  })

  it('refuses another analyzer the same way, and lets an empty project adopt new ones', async () => {
    const key = fresh()
    await database.project(key, { analyzer: codeAwareAnalyzer }).add(generation('x', 2))
    const error = await rejection<IncompatibleStoreError>(database.openProject(key, { analyzer: basicAnalyzer }))
    expect([error.expected, error.found]).toEqual([`analyzer ${basicAnalyzer.name}`, `analyzer ${codeAwareAnalyzer.name}`])
    await database.project(key, { analyzer: codeAwareAnalyzer }).clear()
    const adopted = database.project(key, { analyzer: basicAnalyzer, indexedText: pathAndSymbolText })
    await adopted.add(generation('y', 1))
    expect(await adopted.size()).toBe(1)
    expect((await openError(key, {})).found).toBe('indexed text path+symbol@1')
  })

  it('names the indexed text and what it returned when text() returns no string, writing nothing', async () => {
    const broken: IndexedText = { name: 'broken@1', text: () => undefined as unknown as string }
    const kb = database.project(fresh(), { indexedText: broken })
    await expect(kb.add([doc('a', 'text')])).rejects.toThrow(/indexed text "broken@1" returned undefined; expected a string/)
    expect(await kb.size()).toBe(0)
  })
})

describeIndexedTextContract('PostgresKnowledgeBase', {
  create: (options) => database.project(fresh(), options),
  analyzers: [
    ['basicAnalyzer', basicAnalyzer],
    ['codeAwareAnalyzer', codeAwareAnalyzer],
  ],
  optionError: InvalidArgumentError,
  textError: InvalidArgumentError,
  modelRuns: 40,
})
