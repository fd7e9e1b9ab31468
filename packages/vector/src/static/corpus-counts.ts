import type { Analyzer } from '@rag/core'
import { TermTable, Uint32List } from '@rag/lexical'
import { appendTermIds, growingResolver } from './term-ids.js'

/** Every training text as term ids, with each term's frequency and document frequency. */
export interface CorpusCounts {
  /** Every distinct term seen; ids index the arrays below. */
  readonly terms: TermTable
  /** The texts' term ids, concatenated. */
  readonly tokens: Uint32Array
  /** Text `i` is `tokens[starts[i] .. starts[i + 1])`. */
  readonly starts: Uint32Array
  /** Occurrences of each term. */
  readonly frequency: Uint32Array
  /** Texts that contain each term. */
  readonly documentFrequency: Uint32Array
}

/** Analyses every text once (documents, not queries) and counts its terms. */
export function countCorpus(texts: { readonly length: number; at(index: number): string | undefined }, analyzer: Analyzer): CorpusCounts {
  const terms = new TermTable()
  const resolver = growingResolver(terms)
  const tokens = new Uint32List()
  const starts = new Uint32Array(texts.length + 1)
  for (let i = 0; i < texts.length; i++) {
    appendTermIds(analyzer, texts.at(i)!, resolver, tokens)
    starts[i + 1] = tokens.length
  }
  const all = tokens.items.subarray(0, tokens.length)
  const frequency = new Uint32Array(terms.size)
  const documentFrequency = new Uint32Array(terms.size)
  const lastText = new Int32Array(terms.size).fill(-1)
  for (let text = 0; text < texts.length; text++) {
    for (let at = starts[text]!; at < starts[text + 1]!; at++) {
      const id = all[at]!
      frequency[id]!++
      if (lastText[id] !== text) {
        lastText[id] = text
        documentFrequency[id]!++
      }
    }
  }
  return { terms, tokens: all, starts, frequency, documentFrequency }
}

/**
 * The vocabulary: terms in at least `minDocumentFrequency` texts, the `maxTerms` most frequent
 * (ties by first appearance). Returns the chosen old ids in vocabulary order and a map from old id
 * to vocabulary id (`-1` for terms left out).
 */
export function chooseVocabulary(counts: CorpusCounts, maxTerms: number, minDocumentFrequency: number): { ids: Uint32Array; vocabularyOf: Int32Array } {
  const candidates: number[] = []
  for (let id = 0; id < counts.terms.size; id++) if (counts.documentFrequency[id]! >= minDocumentFrequency) candidates.push(id)
  candidates.sort((a, b) => counts.frequency[b]! - counts.frequency[a]! || a - b)
  const ids = Uint32Array.from(candidates.slice(0, maxTerms))
  const vocabularyOf = new Int32Array(counts.terms.size).fill(-1)
  ids.forEach((id, v) => (vocabularyOf[id] = v))
  return { ids, vocabularyOf }
}
