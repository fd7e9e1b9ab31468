import { describeStreamContract } from '@rag/test-utils'
import { createHashEmbedder } from './hash-embedder.js'
import { VectorStream } from './vector-stream.js'

// Hashed bag-of-words vectors score above 0 only for documents that share a term with the query
// (1,024 buckets keep the fixtures free of collisions), so the lexical checks apply too.
describeStreamContract('VectorStream (float32, hash embedder)', async (documents) => {
  const stream = new VectorStream({ embedder: createHashEmbedder({ dimensions: 1024 }) })
  await stream.replaceDocuments([], documents)
  return stream
})

describeStreamContract('VectorStream (int8, hash embedder)', async (documents) => {
  const stream = new VectorStream({ embedder: createHashEmbedder({ dimensions: 1024 }), quantization: 'int8' })
  await stream.add(documents)
  return stream
})
