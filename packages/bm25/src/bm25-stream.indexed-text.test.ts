import { InvalidArgumentError, type Analyzer } from '@rag/core'
import { describeIndexedTextContract } from '@rag/test-utils'
import { BM25Stream } from './bm25-stream.js'
import { codeAwareAnalyzer } from './code-aware-analyzer.js'
import { compatibleAnalyzer } from './compatible-analyzer.js'

/** The same analyzer without the term-id shortcut: the generic `analyze` path. */
function generic(analyzer: Analyzer): Analyzer {
  return { name: analyzer.name, analyze: (text) => analyzer.analyze(text), analyzeQuery: (text) => analyzer.analyzeQuery(text) }
}

describeIndexedTextContract('BM25Stream', {
  create: (options) => new BM25Stream({ ...options, ttlMs: Number.POSITIVE_INFINITY }),
  analyzers: [
    ['codeAwareAnalyzer', codeAwareAnalyzer],
    ['compatibleAnalyzer', compatibleAnalyzer],
    ['a generic analyzer', generic(codeAwareAnalyzer)],
  ],
  optionError: InvalidArgumentError,
  textError: InvalidArgumentError,
})
