import { ConfigError, type Analyzer, type Document, type IndexedText } from '@rag/core'
import { termIdPath, tfidfNorm, type TermResolver, type Uint32List } from '@rag/lexical'
import { growUint32 } from './grow.js'

/**
 * A batch of documents analysed against the vocabulary: what {@link TfidfIndex.apply} needs to add
 * them in one synchronous step.
 */
export interface StagedBatch {
  readonly documents: readonly Document[]
  /** Terms the batch added to the vocabulary; term `newTerms[i]` has id `firstNewTermId + i`. */
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

/** Reusable scratch: a per-term counter that is all zeros between documents, and a list of ids. */
export interface StageScratch {
  counts: Uint32Array<ArrayBuffer>
  readonly ids: Uint32List
  /** Terms of the current document, each once. A list kept across documents: emptying a JS array frees its store. */
  readonly unique: Uint32List
}

/** The vocabulary as staging sees it: ids handed out in sequence from `termCount`. */
export interface Vocabulary {
  /** Number of terms known before this batch; the first new term gets this id. */
  readonly termCount: number
  /** Changes whenever ids handed out before change meaning; see `TermResolver.epoch` in `@rag/core`. */
  readonly epoch: number
  /** The id of `term`, adding it if it is new. */
  intern(term: string): number
}

/** The text analysed for `doc`: `indexedText.text(doc)`, which must be a string. */
function textOf(indexedText: IndexedText, doc: Document): string {
  const text: unknown = indexedText.text(doc)
  if (typeof text !== 'string') {
    throw new ConfigError(`indexed text "${indexedText.name}" must return a string for document "${doc.id}"; received ${typeof text}.`)
  }
  return text
}

/**
 * Analyses `indexedText.text(doc)` of each of `documents` with `analyzer` and resolves their terms to ids, adding new terms to
 * `vocabulary`: through the analyzer's term-id path when it has one (`basicAnalyzer` does), which
 * resolves a token once and remembers its id, else one lookup per term of `analyzer.analyze`. Everything it adds is listed in `newTerms`, which the
 * caller takes back out if it throws half way: `newTerms` is filled as terms are added.
 *
 * @throws ConfigError if the analyzer returns something other than an array of strings, or
 * `indexedText` something other than a string.
 */
export function stageBatch(
  documents: readonly Document[],
  analyzer: Analyzer,
  indexedText: IndexedText,
  vocabulary: Vocabulary,
  scratch: StageScratch,
  newTerms: string[],
): StagedBatch {
  const termCount = vocabulary.termCount
  const offsets = new Uint32Array(documents.length + 1)
  const norms = new Float64Array(documents.length)
  // These arrays live only until apply copies them: room for 64 unique terms per document (code
  // chunks hold about 100), then doubling, keeps copies few.
  let termIds = new Uint32Array(64 * documents.length)
  let freqs = new Uint32Array(64 * documents.length)
  let used = 0
  const unique = scratch.unique
  const path = termIdPath(analyzer)
  const resolver: TermResolver = {
    epoch: vocabulary.epoch,
    idOf(term) {
      const t = vocabulary.intern(term)
      if (t === termCount + newTerms.length) newTerms.push(term)
      return t
    },
  }
  const ids = scratch.ids

  documents.forEach((doc, d) => {
    if (path !== undefined) {
      ids.clear()
      path.appendIds(textOf(indexedText, doc), resolver, ids)
      scratch.counts = growUint32(scratch.counts, termCount + newTerms.length, 0)
      const counts = scratch.counts
      const items = ids.items
      unique.clear()
      for (let i = 0; i < ids.length; i++) {
        const t = items[i]!
        if (counts[t]!++ === 0) unique.push(t)
      }
      used = flush()
      offsets[d + 1] = used
      norms[d] = tfidfNorm(ids.length)
      return
    }
    const terms = analyzer.analyze(textOf(indexedText, doc))
    if (!Array.isArray(terms)) {
      throw new ConfigError(`analyzer "${analyzer.name}" must return an array of strings for document "${doc.id}"; received ${typeof terms}.`)
    }
    scratch.counts = growUint32(scratch.counts, termCount + newTerms.length + terms.length, termCount + newTerms.length)
    const counts = scratch.counts
    unique.clear()
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i]
      if (typeof term !== 'string') {
        throw new ConfigError(`analyzer "${analyzer.name}" must return strings for document "${doc.id}"; received ${typeof term}.`)
      }
      const t = vocabulary.intern(term)
      if (t === termCount + newTerms.length) newTerms.push(term)
      if (counts[t]!++ === 0) unique.push(t)
    }
    used = flush()
    offsets[d + 1] = used
    norms[d] = tfidfNorm(terms.length)
  })

  /** Moves the current document's `unique` terms and their counts out of the scratch; returns the new `used`. */
  function flush(): number {
    const counts = scratch.counts
    if (used + unique.length > termIds.length) {
      const capacity = Math.max(used + unique.length, 2 * termIds.length)
      termIds = growUint32(termIds, capacity, used)
      freqs = growUint32(freqs, capacity, used)
    }
    let at = used
    const items = unique.items
    for (let i = 0; i < unique.length; i++) {
      const t = items[i]!
      termIds[at] = t
      freqs[at] = counts[t]!
      counts[t] = 0
      at++
    }
    return at
  }

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
