import type { AnalyzedDocuments, Analyzer, DeferredVectorCommit, Document, Embedder, IndexedText, VectorCommit } from '@rag/core'
import type { AnalysedTexts, StaticModel } from '@rag/vector'
import type { SampleAnalysis } from './commit-analysis.js'
import type { PendingTraining, TrainedOnThread } from './pending-training.js'
import type { StagedVectors, VectorReport } from './staged-vectors.js'

/** What a rebuild commits and swaps in: every document's vector, and the model they come from. */
export interface RebuiltVectors {
  readonly embedder: Embedder
  readonly model: StaticModel | undefined
  readonly vectors: Float32Array[]
  /** `undefined` without persistence. */
  readonly commit: VectorCommit | undefined
}

/** A rebuild's report, swap and undo, given its vectors. */
export interface RebuildSteps {
  reportOf(rebuilt: RebuiltVectors): VectorReport
  applyOf(rebuilt: RebuiltVectors): Promise<void>
  undo(): void
}

/** Inputs of {@link deferredStaging}. */
export interface DeferredStagingInit {
  readonly training: PendingTraining
  /** The embedder, model and store payload of the trained model. */
  readonly rebuilt: (trained: TrainedOnThread) => RebuiltVectors
  readonly steps: RebuildSteps
  readonly signal: AbortSignal | undefined
  /** Terms the thread analysed, for the store's full-text index. */
  readonly analyzed: AnalyzedDocuments | undefined
}

/**
 * The staged vectors of a rebuild whose model is still training on the worker thread: the store
 * writes the chunks (with `analyzed`), then calls the deferred commit inside its transaction,
 * which blocks until the model is trained. The report is read after the commit; an abort stops
 * the training and makes the deferred commit throw `CancelledError`.
 */
export function deferredStaging({ training, rebuilt, steps, signal, analyzed }: DeferredStagingInit): StagedVectors {
  let done: RebuiltVectors | undefined
  const finish = (): RebuiltVectors => (done ??= rebuilt(training.wait()))
  const onAbort = (): void => training.cancel()
  signal?.addEventListener('abort', onAbort, { once: true })
  const commit: DeferredVectorCommit = () => {
    if (signal?.aborted) training.cancel()
    try {
      return finish().commit as VectorCommit
    } finally {
      signal?.removeEventListener('abort', onAbort)
    }
  }
  return {
    commit,
    analyzed,
    get report() {
      return steps.reportOf(finish())
    },
    apply: () => steps.applyOf(finish()),
    undo: () => {
      signal?.removeEventListener('abort', onAbort)
      training.cancel()
      steps.undo()
    },
  }
}


/**
 * The terms the training thread analysed, of the added documents (the corpus ends with them), as
 * the store's `analyzed`: a document outside the training sample is analysed elsewhere (on the
 * commit's analysis thread, or by the store).
 */
export function analysedDocuments(
  { sample, terms, tokens, starts }: AnalysedTexts,
  { analyzer, indexedText, corpus, addDocuments }: { analyzer: Analyzer; indexedText: IndexedText; corpus: readonly Document[]; addDocuments: readonly Document[] },
): SampleAnalysis {
  const position = new Int32Array(corpus.length).fill(-1)
  sample.forEach((index, s) => (position[index] = s))
  const first = corpus.length - addDocuments.length
  const added = new Map(addDocuments.map((doc, i) => [doc, first + i]))
  const termsOf = (doc: Document): string[] | undefined => {
    const s = position[added.get(doc) ?? -1] ?? -1
    if (s < 0) return undefined
    const out = new Array<string>(starts[s + 1]! - starts[s]!)
    for (let i = 0; i < out.length; i++) out[i] = terms[tokens[starts[s]! + i]!]!
    return out
  }
  return { analyzer, indexedText, terms: termsOf, covers: (doc) => (position[added.get(doc) ?? -1] ?? -1) >= 0 }
}
