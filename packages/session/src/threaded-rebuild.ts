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


/** Where a commit's added documents sit in the corpus a static model trained on (the corpus ends with them). */
export interface AddedToCorpus {
  readonly analyzer: Analyzer
  readonly indexedText: IndexedText
  readonly corpus: readonly Document[]
  readonly addDocuments: readonly Document[]
}

/**
 * The store's `analyzed` from what a training counted, by corpus index: `termsAt(i)` the terms of
 * corpus text `i` and `inSample(i)` whether it has them. A document outside the training sample is
 * analysed elsewhere (on the commit's analysis thread, or by the store).
 */
export function sampleAnalysis(
  { analyzer, indexedText, corpus, addDocuments }: AddedToCorpus,
  termsAt: (index: number) => string[] | undefined,
  inSample: (index: number) => boolean,
): SampleAnalysis {
  const first = corpus.length - addDocuments.length
  const added = new Map(addDocuments.map((doc, i) => [doc, first + i]))
  return { analyzer, indexedText, terms: (doc) => termsAt(added.get(doc) ?? -1), covers: (doc) => inSample(added.get(doc) ?? -1) }
}

/** {@link sampleAnalysis} of the terms the training thread analysed. */
export function analysedDocuments({ sample, terms, tokens, starts }: AnalysedTexts, added: AddedToCorpus): SampleAnalysis {
  const position = new Int32Array(added.corpus.length).fill(-1)
  sample.forEach((index, s) => (position[index] = s))
  const at = (index: number): number => (index >= 0 ? (position[index] ?? -1) : -1)
  const termsAt = (index: number): string[] | undefined => {
    const s = at(index)
    if (s < 0) return undefined
    const out = new Array<string>(starts[s + 1]! - starts[s]!)
    for (let i = 0; i < out.length; i++) out[i] = terms[tokens[starts[s]! + i]!]!
    return out
  }
  return sampleAnalysis(added, termsAt, (index) => at(index) >= 0)
}
