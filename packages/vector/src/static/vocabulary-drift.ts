import { describeValue, InvalidArgumentError, type Analyzer } from '@rag/core'
import { StaticEncoder } from './static-encoder.js'
import type { StaticModel } from './static-model.js'

/** Term occurrences in some texts, and how many of them a model's vocabulary lacks. Add these up over commits. */
export interface VocabularyCoverage {
  readonly tokens: number
  readonly unknownTokens: number
}

/** How far a corpus has drifted from the vocabulary a model was trained on. */
export interface VocabularyDrift extends VocabularyCoverage {
  /** `unknownTokens / tokens` (0 for no tokens). */
  readonly unknownShare: number
  /** The same share on the training texts (terms too rare for the vocabulary). */
  readonly trainingUnknownShare: number
  /** `max(0, unknownShare - trainingUnknownShare)`: the share of term occurrences the model has newly lost. */
  readonly drift: number
}

/**
 * Counts the term occurrences of `texts` (analysed as documents) that `model`'s vocabulary lacks.
 * Coverage of several batches adds up, so an incremental index can keep a running total of what it
 * embedded since training.
 *
 * @throws ConfigError when the analyzer is not the model's.
 */
export function vocabularyCoverage(model: StaticModel, analyzer: Analyzer, texts: readonly string[]): VocabularyCoverage {
  const encoder = new StaticEncoder(model, analyzer)
  let tokens = 0
  let unknownTokens = 0
  for (const text of texts) {
    const coverage = encoder.coverage(text)
    tokens += coverage.tokens
    unknownTokens += coverage.unknown
  }
  return { tokens, unknownTokens }
}

/**
 * The drift of `coverage` against the model's training baseline. Retrain when `drift` exceeds a
 * threshold (see {@link needsRetraining}): new code whose terms the model never saw embeds as the
 * terms it does know, so its vectors lose meaning gradually, not at once.
 */
export function vocabularyDrift(model: StaticModel, coverage: VocabularyCoverage): VocabularyDrift {
  const unknownShare = coverage.tokens === 0 ? 0 : coverage.unknownTokens / coverage.tokens
  return { ...coverage, unknownShare, trainingUnknownShare: model.unknownShare, drift: Math.max(0, unknownShare - model.unknownShare) }
}

/**
 * The fewest term occurrences a drift is judged on: the unknown share of a one-line edit's hundred
 * terms is noise (its standard error near 0.03 against a threshold of 0.05), of a thousand about a
 * fifth of the threshold. Coverage adds up over commits until there are this many.
 */
export const MIN_DRIFT_TOKENS = 1_000

/**
 * Whether a drift calls for retraining: more than `threshold` of the term occurrences are newly
 * unknown, over at least {@link MIN_DRIFT_TOKENS} of them.
 *
 * @param threshold a share in (0, 1). @default 0.05
 */
export function needsRetraining(drift: VocabularyDrift, threshold = 0.05): boolean {
  if (typeof threshold !== 'number' || !(threshold > 0 && threshold < 1)) {
    throw new InvalidArgumentError(`threshold must be a number in (0, 1); received ${describeValue(threshold)}.`)
  }
  return drift.tokens >= MIN_DRIFT_TOKENS && drift.drift > threshold
}
