import { ConfigError, type Analyzer, type Document } from '@rag/core'
import { growUint32 } from './grow.js'

/**
 * A batch of documents analysed against the current vocabulary without touching the index: what
 * {@link TfidfIndex.apply} needs to add them in one synchronous step.
 */
export interface StagedBatch {
  readonly documents: readonly Document[]
  /** Terms the vocabulary does not know yet; term `newTerms[i]` gets id `firstNewTermId + i`. */
  readonly newTerms: readonly string[]
  readonly firstNewTermId: number
  /** Document `d` holds `termIds[offsets[d] .. offsets[d + 1]]`, each term once. */
  readonly offsets: Uint32Array
  readonly termIds: Uint32Array
  /** Term frequency of each entry of `termIds`. */
  readonly freqs: Uint32Array
  /** `1/√|d|` per document; 0 for a document without terms. */
  readonly norms: Float64Array
}

/** Reusable scratch: a per-term counter that is all zeros between documents. */
export interface StageScratch {
  counts: Uint32Array<ArrayBuffer>
}

/**
 * Analyses `documents` with `analyzer`, resolving terms through `lookup` (the vocabulary, read
 * only) and numbering unknown terms from `termCount`. Pure with respect to the index: an analyzer
 * that throws leaves everything as it was.
 *
 * @throws ConfigError if the analyzer returns something other than an array of strings.
 */
export function stageBatch(
  documents: readonly Document[],
  analyzer: Analyzer,
  lookup: (term: string) => number | undefined,
  termCount: number,
  scratch: StageScratch,
): StagedBatch {
  const newIds = new Map<string, number>()
  const newTerms: string[] = []
  const offsets = new Uint32Array(documents.length + 1)
  const norms = new Float64Array(documents.length)
  let termIds = new Uint32Array(0)
  let freqs = new Uint32Array(0)
  let used = 0
  const unique: number[] = []

  documents.forEach((doc, d) => {
    const terms = analyzer.analyze(doc.content)
    if (!Array.isArray(terms)) {
      throw new ConfigError(`analyzer "${analyzer.name}" must return an array of strings for document "${doc.id}"; received ${typeof terms}.`)
    }
    scratch.counts = growUint32(scratch.counts, termCount + newTerms.length + terms.length, termCount + newTerms.length)
    const counts = scratch.counts
    unique.length = 0
    for (const term of terms) {
      if (typeof term !== 'string') {
        throw new ConfigError(`analyzer "${analyzer.name}" must return strings for document "${doc.id}"; received ${typeof term}.`)
      }
      let t = lookup(term) ?? newIds.get(term)
      if (t === undefined) {
        t = termCount + newTerms.length
        newIds.set(term, t)
        newTerms.push(term)
      }
      if (counts[t]!++ === 0) unique.push(t)
    }
    termIds = growUint32(termIds, used + unique.length, used)
    freqs = growUint32(freqs, used + unique.length, used)
    for (const t of unique) {
      termIds[used] = t
      freqs[used] = counts[t]!
      counts[t] = 0
      used++
    }
    offsets[d + 1] = used
    norms[d] = terms.length === 0 ? 0 : 1 / Math.sqrt(terms.length)
  })

  return {
    documents,
    newTerms,
    firstNewTermId: termCount,
    offsets,
    termIds: termIds.subarray(0, used),
    freqs: freqs.subarray(0, used),
    norms,
  }
}
