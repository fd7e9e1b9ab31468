import { doc } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase

beforeAll(async () => {
  test = await createTestDatabase('list_metadata')
  database = await test.open()
})
afterAll(() => test?.dispose())

describe('PostgresKnowledgeBase.listMetadata', () => {
  it("lists ids and metadata without content, exactly as list() has them, in insertion order, one project's only", async () => {
    const kb = database.project({ repoId: 'listed' })
    const other = database.project({ repoId: 'other' })
    await kb.add([doc('b', 'bee', { file: 'src/b.ts', symbol: 'b', startLine: 3 }), doc('a', 'ay \u0000 nul', { file: 'src/a.ts', defines: 'x, y' })])
    await kb.replaceDocuments(['b'], [doc('b', 'bee again', { file: 'src/b.ts', symbol: 'b2' })])
    await other.add([doc('z', 'zed', { file: 'z.ts' })])
    const listed = (await kb.list()).map(({ id, metadata }) => ({ id, metadata }))
    expect(await kb.listMetadata()).toEqual(listed)
    expect(listed.map((d) => d.id)).toEqual(['a', 'b'])
  })
})
