import { describeKnowledgeBaseContract } from '@rag/test-utils'
import { afterAll } from 'vitest'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores()
const memory: SqliteKnowledgeBase[] = []

afterAll(async () => {
  await stores.dispose()
  for (const kb of memory) await kb.close()
})

describeKnowledgeBaseContract('SqliteKnowledgeBase (file)', () => stores.open())

describeKnowledgeBaseContract('SqliteKnowledgeBase (:memory:)', async () => {
  const kb = await openSqliteKnowledgeBase(':memory:')
  memory.push(kb)
  return kb
})
