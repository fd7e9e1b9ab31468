import { describeStreamContract, describeVectorStoreContract } from '@rag/test-utils'
import { createHashEmbedder, VectorStream } from '@rag/vector'
import { afterAll } from 'vitest'
import type { SqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-vectors-')
afterAll(() => stores.dispose())

describeVectorStoreContract('SqliteKnowledgeBase', { create: () => stores.open(), reopen: (kb: SqliteKnowledgeBase) => stores.open(kb.path) })

// The persisted variant: every document is embedded, committed with its vector to a store file,
// and the stream is rebuilt from the file by a fresh connection, as a new process would.
describeStreamContract('VectorStream over vectors persisted in SQLite (hash embedder)', async (documents) => {
  const hash = createHashEmbedder({ dimensions: 1024 })
  const path = stores.path()
  const writer = await stores.open(path)
  const vectors = await hash.embed(documents.map((d) => d.content))
  await writer.commitGeneration({
    addDocuments: documents,
    vectors: { embedder: { name: hash.name, dimensions: hash.dimensions, spec: { kind: 'hash' } }, vectors: documents.map((d, i) => ({ id: d.id, contentHash: d.content, vector: vectors[i]! })) },
  })
  await writer.close()
  const reader = await stores.open(path)
  const { documents: stored, vectors: loaded } = await reader.loadEmbedded(hash.name)
  const stream = new VectorStream({ embedder: hash })
  await stream.replaceEmbedded([], stored, loaded)
  return stream
})
