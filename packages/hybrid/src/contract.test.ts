import { describeStreamContract } from '@rag/test-utils'
import { HybridRetriever } from './hybrid-retriever.js'
import { termOverlapStream } from './testing/streams.js'

// The retriever is a Stream: over a real (small, lexical) stream it must keep the Stream contract.
describeStreamContract('HybridRetriever', async (documents) =>
  HybridRetriever.builder({ maxPerFile: Number.POSITIVE_INFINITY }).stream(termOverlapStream('overlap', documents), 1).build(),
)

// Two streams over the same documents under different names fuse to the same order.
describeStreamContract('HybridRetriever of two streams', async (documents) =>
  HybridRetriever.builder()
    .stream(termOverlapStream('first', documents), 0.6)
    .stream(termOverlapStream('second', documents), 0.4)
    .build(),
)
