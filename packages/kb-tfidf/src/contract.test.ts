import { describeKnowledgeBaseContract, describeStreamContract } from '@rag/test-utils'
import { InMemoryKnowledgeBase } from './in-memory-knowledge-base.js'
import { KnowledgeBaseStream } from './knowledge-base-stream.js'

describeKnowledgeBaseContract('InMemoryKnowledgeBase', async () => new InMemoryKnowledgeBase())

describeStreamContract('KnowledgeBaseStream', async (documents) => {
  const kb = new InMemoryKnowledgeBase()
  await kb.add(documents)
  return new KnowledgeBaseStream(kb)
})
