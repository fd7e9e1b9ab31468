import { pathAndSymbolText } from '@rag/lexical'
import { describeKnowledgeBaseContract } from '@rag/test-utils'
import { afterAll, beforeAll } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let counter = 0

beforeAll(async () => {
  test = await createTestDatabase('contract')
  database = await test.open()
})
afterAll(() => test?.dispose())

describeKnowledgeBaseContract('PostgresKnowledgeBase', async () => database.project({ repoId: `contract-${++counter}` }))

describeKnowledgeBaseContract('PostgresKnowledgeBase (pinned commit, path+symbol@1)', async () =>
  database.project({ repoId: 'pinned', commitSha: `c${++counter}` }, { indexedText: pathAndSymbolText }),
)
