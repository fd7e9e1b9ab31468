import { CancelledError, describeValue, InvalidArgumentError, type Analyzer } from '@rag/core'
import { chooseVocabulary, countCorpus, type CorpusCounts } from './corpus-counts.js'
import { StaticEncoder } from './static-encoder.js'
import { contentId } from './model-id.js'
import { PairCounts } from './pair-counts.js'
import { ppmiMatrices } from './ppmi.js'
import { seededRandom } from './random.js'
import { randomizedEigen } from './randomized-eigen.js'
import { SERIAL_ROWS, type RowRunner } from './row-tasks.js'
import type { StaticModel, TermFrequencyWeight } from './static-model.js'

/** Options of {@link trainStaticModel}. Defaults are the ones chosen on the bench's dev split. */
export interface StaticTrainingOptions {
  /** Turns texts into terms; embedding later needs the same analyzer (checked by `name`). */
  readonly analyzer: Analyzer
  /**
   * Vector length (the SVD's rank).
   * @default 128
   */
  readonly dimensions?: number
  /**
   * Most vocabulary terms, the most frequent first.
   * @default 16_384
   */
  readonly maxVocabulary?: number
  /**
   * The most frequent terms of the vocabulary that the SVD factorises (their co-occurrence with each
   * other); every other vocabulary term is folded in from its co-occurrence with these. Bounds the
   * SVD's cost whatever the corpus size.
   * @default 4_096
   */
  readonly coreTerms?: number
  /**
   * A term must occur in at least this many training texts to get a vector.
   * @default 2
   */
  readonly minDocumentFrequency?: number
  /**
   * Terms at most this many positions apart in one text co-occur.
   * @default 3
   */
  readonly window?: number
  /**
   * Context distribution smoothing: row sums raised to this power in PMI's denominator.
   * @default 0.75
   */
  readonly smoothing?: number
  /**
   * Each term keeps its this-many strongest PPMI contexts (sparser matrix, faster SVD, less noise).
   * @default 64
   */
  readonly maxContexts?: number
  /**
   * Term vectors are eigenvectors scaled by |eigenvalue|^this, then unit length (0: every
   * dimension counts the same, which ranks best on the dev split).
   * @default 0
   */
  readonly eigenvalueWeight?: number
  /**
   * Power iterations of the randomized SVD.
   * @default 1
   */
  readonly powerIterations?: number
  /**
   * How a term's count in a text scales its weight.
   * @default 'linear'
   */
  readonly termFrequency?: TermFrequencyWeight
  /**
   * Seed of the random projection: same texts, options and seed give the same model, bit for bit.
   * @default 0
   */
  readonly seed?: number
  /**
   * At most this many characters of text are read for training, spread evenly over the texts
   * (every text is still embedded); bounds training time on a large repository. 8 M: on the
   * bench's Python corpus (8.8 M characters) a sample of 4 M ranks as well as all of it (dev and
   * test within one standard error), 2 M and less lose on test (`bench/results/VECTORS.md`).
   * @default 8_000_000
   */
  readonly maxTrainingChars?: number
  /**
   * Cancels training between phases with a `CancelledError`.
   * @default undefined
   */
  readonly signal?: AbortSignal
  /**
   * Called once the training texts are analysed, before the rest of training: their terms, so a
   * caller that indexes the same texts for full-text search can start on them while training goes on.
   * @default undefined
   */
  readonly onAnalysed?: (analysed: AnalysedTexts) => void
  /**
   * Runs the heavy row kernels of the SVD and of folding the other terms in (see {@link RowRunner}):
   * a caller with an idle thread can share them with it. The model is the same whatever runs them.
   * @default this thread
   */
  readonly rowRunner?: RowRunner
}

/**
 * The analyzer's terms of the training texts, as term ids: text `sample[s]` has the terms
 * `terms[tokens[i]]` for `starts[s] <= i < starts[s + 1]` (what `analyzer.analyze` returns for
 * it). Texts outside the sample (see `maxTrainingChars`) were not analysed.
 */
export interface AnalysedTexts {
  /** Indices into the texts, in order. */
  readonly sample: readonly number[]
  /** Every distinct term; a term id indexes it. */
  readonly terms: readonly string[]
  readonly tokens: Uint32Array
  /** `sample.length + 1` offsets into `tokens`. */
  readonly starts: Uint32Array
}

function positiveInteger(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentError(`${what} must be a positive integer; received ${describeValue(value)}.`)
  }
  return value
}

function finiteInRange(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new InvalidArgumentError(`${what} must be a number in [${min}, ${max}]; received ${describeValue(value)}.`)
  }
  return value
}

/**
 * The texts to train on, read one at a time: an array fits, and so does a view that builds each
 * text when it is read (a caller with 200,000 chunks then never holds all their texts at once).
 * Each text is read up to three times (its length, training, embedding); every read must return
 * the same string.
 */
export interface TrainingTexts {
  readonly length: number
  at(index: number): string | undefined
}

function textAt(texts: TrainingTexts, index: number): string {
  const text = texts.at(index)
  if (typeof text !== 'string') throw new InvalidArgumentError(`texts[${index}] must be a string; received ${describeValue(text)}.`)
  return text
}

/** Indices of the texts to train on: all of them, or an even spread of them that fits `maxChars`. */
function trainingSample(texts: TrainingTexts, maxChars: number): number[] {
  const lengths = new Float64Array(texts.length)
  let total = 0
  for (let i = 0; i < texts.length; i++) total += lengths[i] = textAt(texts, i).length
  if (total <= maxChars) return Array.from(lengths, (_, i) => i)
  const out: number[] = []
  let budget = 0
  // Keep a text whenever the running share of characters crosses the next step, so the sample
  // follows the corpus order (directories, languages) evenly.
  lengths.forEach((length, i) => {
    budget += (length * maxChars) / total
    if (budget >= length) {
      out.push(i)
      budget -= length
    }
  })
  return out
}

/** What training leaves behind besides the model: the sample's term ids, to embed it without analysing it again. */
interface Trained {
  readonly model: StaticModel
  /** Indices into the texts of the training sample. */
  readonly sample: readonly number[]
  readonly counts: CorpusCounts
  readonly vocabularyOf: Int32Array
  /** Yields to the event loop and throws if the signal aborted. */
  readonly checkpoint: () => Promise<void>
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Trains static embeddings on the corpus itself, with no download: the analyzer's terms, their
 * co-occurrence within `window` positions in each text, positive PMI with context smoothing, the
 * `maxContexts` strongest contexts per term, then a seeded randomized truncated SVD of the
 * `coreTerms` most frequent terms' matrix to `dimensions`; every other term is folded in from its
 * co-occurrence with the core. A term's vector is its singular vector scaled by the singular
 * value's square root, unit length; its weight is its idf. Deterministic: the same texts in the same order, options and seed give
 * the same model (and the same `id`).
 *
 * @example
 * const model = await trainStaticModel(chunks.map((c) => c.content), { analyzer: codeAwareAnalyzer })
 * const embedder = createStaticEmbedder(model, { analyzer: codeAwareAnalyzer })
 *
 * @throws InvalidArgumentError for bad options; CancelledError when `signal` aborts.
 */
export async function trainStaticModel(texts: TrainingTexts, options: StaticTrainingOptions): Promise<StaticModel> {
  return (await train(texts, options)).model
}

/** What {@link trainStaticEmbeddings} returns. */
export interface StaticEmbeddings {
  readonly model: StaticModel
  /** The vector of every text, in text order. */
  readonly vectors: Float32Array[]
  /**
   * The analyzer's terms of text `index` (what `analyzer.analyze` returns for it), read back from
   * what training counted, or `undefined` for a text outside the training sample: a caller that
   * indexes the same texts for full-text search need not analyse them again.
   */
  termsOf(index: number): string[] | undefined
  /** Whether text `index` is in the training sample (so {@link termsOf} answers), without building its terms. */
  inSample(index: number): boolean
}

/**
 * {@link trainStaticModel}, plus the vector of every text (what `createStaticEmbedder(model).embed`
 * returns for them, bit for bit) without analysing the training texts a second time: what an index
 * run that trains on its own chunks needs. The vectors are views of one contiguous buffer (one
 * allocation for the lot, not one per text), in text order; embedding yields to the event loop
 * between batches and checks `signal`.
 *
 * @throws as {@link trainStaticModel}.
 */
export async function trainStaticEmbeddings(texts: TrainingTexts, options: StaticTrainingOptions): Promise<StaticEmbeddings> {
  const { model, sample, counts, vocabularyOf, checkpoint } = await train(texts, options)
  const encoder = new StaticEncoder(model, options.analyzer)
  const { dimensions } = model
  const runner = options.rowRunner ?? SERIAL_ROWS
  // The sampled texts, analysed already, are embedded as a row task (shared when the runner shares).
  const embedded = runner.float32?.(texts.length * dimensions) ?? new Float32Array(texts.length * dimensions)
  const unknown = model.terms.length
  const ids = new Uint32Array(counts.tokens.length)
  for (let i = 0; i < ids.length; i++) {
    const v = vocabularyOf[counts.tokens[i]!]!
    ids[i] = v < 0 ? unknown : v
  }
  const { vectors: termVectors, weights } = model
  runner.run({ kind: 'embed', rows: sample.length, ids, starts: counts.starts, targets: Uint32Array.from(sample), vectors: termVectors, weights, dimensions, logTf: model.termFrequency === 'log', out: embedded })
  // Views of one ordinary buffer for the caller (a copy when the runner's was shared memory).
  const buffer = embedded.buffer instanceof SharedArrayBuffer ? embedded.slice() : embedded
  const done = new Uint8Array(texts.length)
  for (const index of sample) done[index] = 1
  for (let i = 0; i < texts.length; i++) {
    if (done[i] === 0) encoder.encodeInto(textAt(texts, i), buffer, i * dimensions)
    if (i % EMBED_BATCH === EMBED_BATCH - 1) await checkpoint()
  }
  const vectors: Float32Array[] = new Array(texts.length)
  for (let i = 0; i < texts.length; i++) vectors[i] = buffer.subarray(i * dimensions, (i + 1) * dimensions)
  const sampled = new Int32Array(texts.length).fill(-1)
  sample.forEach((index, s) => (sampled[index] = s))
  const termsOf = (index: number): string[] | undefined => {
    const s = index >= 0 && index < texts.length ? sampled[index]! : -1
    if (s < 0) return undefined
    const start = counts.starts[s]!
    const out = new Array<string>(counts.starts[s + 1]! - start)
    for (let i = 0; i < out.length; i++) out[i] = counts.terms.term(counts.tokens[start + i]!)
    return out
  }
  const inSample = (index: number): boolean => index >= 0 && index < texts.length && sampled[index]! >= 0
  return { model, vectors, termsOf, inSample }
}

/**
 * Counts the co-occurrences within `window` positions of the tokens `from .. end - 1` (one text),
 * for pairs with at least one core term (vocabulary id below `core`); positions of unknown terms
 * still count as distance. Returns how many tokens were unknown.
 */
function countPairs(pairs: PairCounts, tokens: Uint32Array, from: number, end: number, vocabularyOf: Int32Array, window: number, core: number): number {
  let unknown = 0
  for (let at = from; at < end; at++) {
    const a = vocabularyOf[tokens[at]!]!
    if (a < 0) {
      unknown++
      continue
    }
    const last = Math.min(end, at + window + 1)
    for (let other = at + 1; other < last; other++) {
      const b = vocabularyOf[tokens[other]!]!
      if (b >= 0 && b !== a && (a < core || b < core)) pairs.increment(a, b)
    }
  }
  return unknown
}

/** Texts embedded between two yields to the event loop (and checks of the signal). */
const EMBED_BATCH = 2048

async function train(texts: TrainingTexts, options: StaticTrainingOptions): Promise<Trained> {
  const { analyzer, termFrequency = 'linear', signal } = options ?? ({} as StaticTrainingOptions)
  if (typeof analyzer !== 'object' || analyzer === null || typeof analyzer.analyze !== 'function' || typeof analyzer.name !== 'string') {
    throw new InvalidArgumentError(`analyzer must be an Analyzer (name, analyze, analyzeQuery); received ${describeValue(analyzer)}.`)
  }
  if (typeof texts !== 'object' || texts === null || typeof texts.at !== 'function' || !Number.isSafeInteger(texts.length) || texts.length < 0) {
    throw new InvalidArgumentError(`texts must be an array of strings (or { length, at(i) }); received ${describeValue(texts)}.`)
  }
  const dimensions = positiveInteger(options.dimensions ?? 128, 'dimensions')
  const maxVocabulary = positiveInteger(options.maxVocabulary ?? 16_384, 'maxVocabulary')
  if (maxVocabulary > 46_340) throw new InvalidArgumentError(`maxVocabulary must be at most 46340 (pair keys are 31-bit); received ${maxVocabulary}.`)
  const coreTerms = positiveInteger(options.coreTerms ?? 4_096, 'coreTerms')
  const minDf = positiveInteger(options.minDocumentFrequency ?? 2, 'minDocumentFrequency')
  const window = positiveInteger(options.window ?? 3, 'window')
  const maxContexts = positiveInteger(options.maxContexts ?? 64, 'maxContexts')
  const powerIterations = Math.floor(finiteInRange(options.powerIterations ?? 1, 'powerIterations', 0, 10))
  const smoothing = finiteInRange(options.smoothing ?? 0.75, 'smoothing', 0, 1)
  const eigenvalueWeight = finiteInRange(options.eigenvalueWeight ?? 0, 'eigenvalueWeight', 0, 1)
  const seed = options.seed ?? 0
  if (!Number.isSafeInteger(seed)) throw new InvalidArgumentError(`seed must be an integer; received ${describeValue(seed)}.`)
  const maxTrainingChars = positiveInteger(options.maxTrainingChars ?? 8_000_000, 'maxTrainingChars')
  if (termFrequency !== 'linear' && termFrequency !== 'log') {
    throw new InvalidArgumentError(`termFrequency must be "linear" or "log"; received ${describeValue(termFrequency)}.`)
  }
  if (options.onAnalysed !== undefined && typeof options.onAnalysed !== 'function') {
    throw new InvalidArgumentError(`onAnalysed must be a function; received ${describeValue(options.onAnalysed)}.`)
  }
  const { rowRunner } = options
  if (rowRunner !== undefined && (typeof rowRunner !== 'object' || rowRunner === null || typeof rowRunner.run !== 'function' || typeof rowRunner.float64 !== 'function' || typeof rowRunner.uint8 !== 'function')) {
    throw new InvalidArgumentError(`rowRunner must be a RowRunner (run, float64, uint8); received ${describeValue(rowRunner)}.`)
  }
  const checkpoint = async (): Promise<void> => {
    await yieldToLoop()
    if (signal?.aborted) throw new CancelledError('Training of the static model was cancelled.', { cause: signal.reason })
  }

  const sampleIndices = trainingSample(texts, maxTrainingChars)
  const counts = countCorpus({ length: sampleIndices.length, at: (i) => textAt(texts, sampleIndices[i]!) }, analyzer)
  options.onAnalysed?.({
    sample: sampleIndices,
    terms: Array.from({ length: counts.terms.size }, (_, id) => counts.terms.term(id)),
    tokens: counts.tokens,
    starts: counts.starts,
  })
  const { ids, vocabularyOf } = chooseVocabulary(counts, maxVocabulary, minDf)
  const size = ids.length
  await checkpoint()

  // Co-occurrence within the window, per text, of pairs with at least one core term; positions
  // of unknown terms still count as distance.
  const core = Math.min(coreTerms, size)
  const { tokens, starts } = counts
  // At most `window` pairs per token: the bound of the counts to come.
  const pairs = new PairCounts(Math.max(1, size), tokens.length * window)
  let unknownTokens = 0
  for (let text = 0; text < sampleIndices.length; text++) {
    unknownTokens += countPairs(pairs, tokens, starts[text]!, starts[text + 1]!, vocabularyOf, window, core)
  }
  await checkpoint()

  const frequency = Float64Array.from(ids, (id) => counts.frequency[id]!)
  const matrices = ppmiMatrices(pairs, frequency, size, { core, smoothing, maxContexts })
  await checkpoint()
  const runner = rowRunner ?? SERIAL_ROWS
  const eigen = randomizedEigen(matrices.core, { rank: dimensions, oversampling: 10, powerIterations, random: seededRandom(seed), runner })
  await checkpoint()

  // Core terms: U |Λ|^w. Other terms, folded in: since M U = U Λ, a row m of co-occurrence with
  // the core maps to m U Λ^-1, scaled like the core: m U sign(Λ) |Λ|^(w - 1).
  const vectors = new Float32Array(size * dimensions)
  const scales = Float64Array.from(eigen.values, (value) => Math.abs(value) ** eigenvalueWeight)
  const fold = runner.float64(core * dimensions)
  for (let c = 0; c < core; c++) {
    for (let d = 0; d < dimensions; d++) {
      const value = eigen.values[d]!
      const u = eigen.vectors[c * dimensions + d]!
      vectors[c * dimensions + d] = u * scales[d]!
      fold[c * dimensions + d] = value === 0 ? 0 : (u * Math.sign(value) * scales[d]!) / Math.abs(value)
    }
  }
  const { rest } = matrices
  const folded = runner.float64(rest.size * dimensions)
  runner.run({ kind: 'sparse-dense', rows: rest.size, rowStart: rest.rowStart, columns: rest.columns, values: rest.values, dense: fold, width: dimensions, out: folded })
  vectors.set(folded, core * dimensions)
  for (let t = 0; t < size; t++) {
    let norm = 0
    for (let d = 0; d < dimensions; d++) norm += vectors[t * dimensions + d]! ** 2
    if (norm === 0) continue
    const inverse = 1 / Math.sqrt(norm)
    for (let d = 0; d < dimensions; d++) vectors[t * dimensions + d]! *= inverse
  }
  const terms = Array.from(ids, (id) => counts.terms.term(id))
  const weights = Float32Array.from(ids, (id) => Math.log(1 + sampleIndices.length / counts.documentFrequency[id]!))
  const unknownShare = tokens.length === 0 ? 0 : unknownTokens / tokens.length
  const id = contentId([analyzer.name, String(dimensions), termFrequency, terms.join('\n'), weights, vectors])
  const model: StaticModel = {
    version: 1,
    id,
    analyzer: analyzer.name,
    dimensions,
    terms,
    weights,
    vectors,
    termFrequency,
    unknownShare,
    trainedOn: { texts: sampleIndices.length, tokens: tokens.length },
  }
  return { model, sample: sampleIndices, counts, vocabularyOf, checkpoint }
}
