import type { AnalyzedDocuments, Analyzer, Document, IndexedText } from '@rag/core'
import type { PendingAnalysis } from './pending-analysis.js'
import { sessionTrainer } from './static-trainer.js'

/** What a session analyses a commit's added documents with, on its worker thread. */
export interface CommitAnalysisInit {
  /** The store's analyzer (one of `ANALYZERS`: the thread rebuilds it by name). */
  readonly analyzer: Analyzer
  readonly indexedText: IndexedText
  /** The worker script (`false`: analyse on the calling thread); see `SessionVectorsInit.trainingWorker`. */
  readonly trainingWorker?: URL | false | undefined
}

/** Below this many added documents a commit analyses them itself: the thread's round trips would not pay. */
export const THREAD_ANALYSIS_MIN_DOCUMENTS = 1_000

/**
 * Characters of content per request: the first is small, so the thread starts at once, the
 * others amortise a request's round trip. At most `IN_FLIGHT` requests are posted ahead of the
 * one the store reads, so the thread holds a few MB of text copies however large the commit.
 */
const SEGMENTS: SegmentSizes = { firstChars: 500_000, chars: 4_000_000 }
const IN_FLIGHT = 2

/** Characters of content of the first request and of each later one. */
export interface SegmentSizes {
  readonly firstChars: number
  readonly chars: number
}

/** A commit's added documents being analysed on the worker thread, and how to stop it. */
export interface CommitAnalysis {
  /** For the store: the joined terms of each added document, read (blocking) as it writes them. */
  readonly analyzed: AnalyzedDocuments
  /** Stops the thread's work (the commit failed before it read every document's terms). */
  cancel(): void
}

/** Documents `[first, end)` of the commit, and their request once posted. */
interface Segment {
  readonly first: number
  readonly end: number
  pending?: PendingAnalysis | undefined
}

/** Cuts `documents` into segments of about `sizes` characters of content. */
function segmentsOf(documents: readonly Document[], sizes: SegmentSizes): Segment[] {
  const segments: Segment[] = []
  for (let first = 0, limit = sizes.firstChars; first < documents.length; limit = sizes.chars) {
    let end = first
    for (let chars = 0; end < documents.length && (end === first || chars < limit); end++) chars += documents[end]!.content.length
    segments.push({ first, end })
    first = end
  }
  return segments
}

/**
 * Starts analysing `documents` on the session's worker thread, a segment at a time, so that a
 * store that reads joined terms while it writes (`GenerationStore.readsJoinedTerms`) overlaps the
 * analysis with its writes and with the commit's other steps (the code layers' resolution).
 * `undefined` for a small commit, or when no worker thread is available (running from sources)
 * or the analyzer is not a built-in one: the store analyses then, as always.
 */
export function analyseOnThread(init: CommitAnalysisInit, documents: readonly Document[], sizes: SegmentSizes = SEGMENTS): CommitAnalysis | undefined {
  if (documents.length < THREAD_ANALYSIS_MIN_DOCUMENTS) return undefined
  const thread = sessionTrainer(init.trainingWorker, init.analyzer, 'analysis')
  if (thread === undefined) return undefined
  const { indexedText } = init
  const segments = segmentsOf(documents, sizes)
  let posted = 0
  let stopped = false
  const post = (until: number): void => {
    for (; !stopped && posted < Math.min(until, segments.length); posted++) {
      const segment = segments[posted]!
      const texts: string[] = []
      for (let i = segment.first; i < segment.end; i++) {
        const text = indexedText.text(documents[i]!)
        // A document whose indexed text is not a string is the store's to report: it analyses the rest.
        if (typeof text !== 'string') return cancel()
        texts.push(text)
      }
      segment.pending = thread.trainer.analyse(texts, thread.analyzer)
    }
  }
  const cancel = (): void => {
    stopped = true
    for (const segment of segments) segment.pending?.cancel()
  }
  post(1 + IN_FLIGHT)
  const index = new Map(documents.map((doc, i) => [doc, i]))
  let current = 0
  const joinedTerms = (doc: Document): string | undefined => {
    const at = index.get(doc)
    if (at === undefined) return undefined
    if (at < segments[current]!.first || at >= segments[current]!.end) current = segments.findIndex((segment) => at >= segment.first && at < segment.end)
    const segment = segments[current]!
    post(current + 1 + IN_FLIGHT)
    return segment.pending?.joined(at - segment.first)
  }
  return { analyzed: { analyzer: init.analyzer, indexedText, terms: () => undefined, joinedTerms }, cancel }
}

/** Analysed terms of some of a commit's documents, saying which (a static training's sample), without building their terms. */
export interface SampleAnalysis extends AnalyzedDocuments {
  /** Whether `terms(document)` answers: the document is in the training sample. */
  covers(document: Document): boolean
}

const isSample = (analyzed: AnalyzedDocuments): analyzed is SampleAnalysis => typeof (analyzed as Partial<SampleAnalysis>).covers === 'function'

/**
 * The analysed terms a commit hands its store, and how to stop the thread's share: the terms a
 * static model's training analysed (`trained`), and the commit's analysis thread's for the added
 * documents it does not cover (`init`: the store reads joined terms; see {@link analyseOnThread}).
 * A training that analysed a sample of a large corpus leaves the thread the rest.
 */
export function commitTerms(init: CommitAnalysisInit | undefined, documents: readonly Document[], trained: AnalyzedDocuments | undefined): { readonly analyzed: AnalyzedDocuments | undefined; cancel(): void } {
  const rest = trained === undefined ? documents : isSample(trained) ? documents.filter((doc) => !trained.covers(doc)) : []
  const threaded = init === undefined || (trained !== undefined && (trained.analyzer !== init.analyzer || trained.indexedText !== init.indexedText)) ? undefined : analyseOnThread(init, rest)
  const analyzed = threaded === undefined ? trained : trained === undefined ? threaded.analyzed : { ...trained, joinedTerms: threaded.analyzed.joinedTerms }
  return { analyzed, cancel: () => threaded?.cancel() }
}
