import { ConfigError } from '@rag/core'
import { basicAnalyzer, pathAndSymbolText } from '@rag/lexical'
import { describeIndexedTextContract, symbolChunks } from '@rag/test-utils'
import { describe, expect, it } from 'vitest'
import { InMemoryKnowledgeBase } from './in-memory-knowledge-base.js'

// basicAnalyzer is staged through its term-id path; a copy of it takes the generic path.
describeIndexedTextContract('InMemoryKnowledgeBase', {
  create: (options) => new InMemoryKnowledgeBase(options),
  analyzers: [
    ['basicAnalyzer (term-id path)', basicAnalyzer],
    ['a generic analyzer', { ...basicAnalyzer }],
  ],
  // Like its analyzer option, a malformed indexedText is a configuration error here.
  optionError: ConfigError,
  textError: ConfigError,
})

describe('InMemoryKnowledgeBase indexedText', () => {
  it('keeps the indexed text across clear', async () => {
    const kb = new InMemoryKnowledgeBase({ indexedText: pathAndSymbolText })
    await kb.add(symbolChunks())
    await kb.clear()
    await kb.add(symbolChunks())
    expect(kb.indexedText).toBe(pathAndSymbolText)
    expect((await kb.search('closeIdle', 10)).map((hit) => hit.document.id)).toEqual(['src/db/pool.ts#0'])
  })
})
