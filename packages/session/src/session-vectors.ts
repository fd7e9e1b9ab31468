import {
  ConfigError,
  assertQuery,
  assertTopK,
  type AnalyzedDocuments,
  type Document,
  type Embedder,
  type SearchResult,
  type Stream,
  type VectorCommit,
} from '@rag/core'
import {
  createStaticEmbedder,
  decodeStaticModel,
  isIdentifierQuery,
  needsRetraining,
  trainStaticEmbeddings,
  vocabularyCoverage,
  vocabularyDrift,
  VectorStream,
  type StaticModel,
  type VocabularyCoverage,
} from '@rag/vector'
import { assertEmbedderSpec, createSpecEmbedder, DEFAULT_DIMENSIONS, type EmbedderKind, type EmbedderSpec } from './embedder-spec.js'
import type { PendingTraining, TrainedOnThread } from './pending-training.js'
import { sessionTrainer, TRAINER_MAX_CHARS } from './static-trainer.js'
import { analysedDocuments, deferredStaging, sampleAnalysis, type RebuildSteps, type RebuiltVectors } from './threaded-rebuild.js'
import type { StagedVectors, VectorStatus } from './staged-vectors.js'
import type { EmbedderSpecResolver, SessionVectorsInit, StageOptions } from './session-vectors-init.js'
import { contentHash, coverageOf, NO_COVERAGE, storedRecord, vectorCommit, type StoredEmbedderRecord, type VectorPersistence } from './vector-persistence.js'

/**
 * A session's vector stream and its persistence: the stream (`vector`) the retriever fuses, and
 * the staging of each commit's vectors. Staging runs before the commit latch (embedding is the
 * slow part): it reuses stored vectors of unchanged texts (same content hash, same embedder),
 * embeds only the rest, and embeds everything again, saying why, when the embedder changed or the
 * static model is (re)trained. The vectors then go into the store's transaction with the chunks,
 * and into the searched stream right after.
 */
export class SessionVectors {
  /** The stream the retriever fuses; abstains on lone identifiers so exact symbol lookups stay lexical. */
  readonly stream: Stream
  readonly #init: SessionVectorsInit
  readonly #resolve: EmbedderSpecResolver | undefined
  #spec: EmbedderSpec
  #fixed: Embedder | undefined
  #current: VectorStream | undefined
  #model: StaticModel | undefined
  #coverage: VocabularyCoverage = NO_COVERAGE
  #stored: StoredEmbedderRecord | undefined
  #seen: number | undefined
  #stale: boolean
  #loading: Promise<void> | undefined

  /** @throws ConfigError for a spec resolver without `persistence` (there is no stored record to resolve from). */
  constructor(init: SessionVectorsInit) {
    this.#init = init
    const { spec } = init
    if (typeof spec === 'function' && init.persistence === undefined) throw new ConfigError('An embedder chosen from the stored embedder record needs a store that keeps vectors (persistence).')
    this.#resolve = typeof spec === 'function' ? spec : undefined
    // Until the store is read, a resolved embedder is none: every search and stage reads it first.
    this.#spec = typeof spec === 'function' ? { kind: 'none' } : spec
    this.#fixed = this.#embedderOf(this.#spec)
    this.#current = this.#fixed === undefined ? undefined : this.#newStream(this.#fixed)
    this.#stale = init.persistence !== undefined
    this.stream = { name: 'vector', search: (query, topK) => this.#search(query, topK) }
  }

  /** The embedder kind this session was configured with (with a resolver: resolved when the store was last read). */
  get kind(): EmbedderKind {
    return this.#spec.kind
  }

  /** The embedder in use, its dimensions and how many documents have a vector; `undefined` when the resolved embedder is none. */
  async status(): Promise<VectorStatus | undefined> {
    await this.#ready()
    if (this.#spec.kind === 'none') return undefined
    const current = this.#current
    return { kind: this.kind, embedder: current?.embedder.name, dimensions: current?.dimensions, embedded: current === undefined ? 0 : await current.size() }
  }

  /**
   * Embeds what a commit adds (reusing stored vectors of unchanged texts) and builds the vectors
   * to commit with it. Nothing visible changes until `apply`. `undefined` when the resolved
   * embedder is none (nothing to embed or store).
   *
   * @throws whatever the embedder throws (`EmbeddingError`, `CancelledError`, `ConfigError` for a wrong dimension).
   */
  async stage(removeIds: readonly string[], addDocuments: readonly Document[], options: StageOptions = {}): Promise<StagedVectors | undefined> {
    await this.#ready()
    const { analyzer, persistence } = this.#init
    const spec = this.#spec
    if (spec.kind === 'none') return undefined
    const current = this.#current
    if (spec.kind === 'static') {
      if (this.#model === undefined || current === undefined) return this.#rebuild(removeIds, addDocuments, 'trained a static model on the indexed corpus', options)
      // Built only here: a rebuild reads each text when it needs it, never all of them at once.
      const texts = addDocuments.map((doc) => this.#text(doc))
      const coverage = vocabularyCoverage(this.#model, analyzer, texts)
      const total = { tokens: this.#coverage.tokens + coverage.tokens, unknownTokens: this.#coverage.unknownTokens + coverage.unknownTokens }
      const drift = vocabularyDrift(this.#model, total)
      if (needsRetraining(drift, spec.retrainThreshold ?? 0.05)) {
        const share = `${(drift.drift * 100).toFixed(1)} %`
        return this.#rebuild(removeIds, addDocuments, `retrained the static model: ${share} of the term occurrences embedded since training are outside its vocabulary`, options)
      }
      return this.#increment(current, removeIds, addDocuments, total, options)
    }
    const stored = this.#stored
    if (current === undefined || (persistence === undefined && this.#stale)) return this.#rebuild(removeIds, addDocuments, undefined, options)
    if (stored !== undefined && stored.name !== current.embedder.name) {
      return this.#rebuild(removeIds, addDocuments, `the embedder changed from ${stored.name} to ${current.embedder.name}`, options)
    }
    return this.#increment(current, removeIds, addDocuments, undefined, options)
  }

  /** After the store committed: remember its generation, so this session's own commit does not trigger a reload. */
  async committed(): Promise<void> {
    this.#seen = await this.#init.generation?.()
  }

  /**
   * Called when an index run starts: when the run will train a static model (none is loaded), the
   * training thread starts now, loading its code while the run chunks. Returns `true` then: the
   * training analyses the run's documents.
   */
  async warm(): Promise<boolean> {
    await this.#ready()
    if (this.#spec.kind !== 'static' || this.#model !== undefined) return false
    const thread = sessionTrainer(this.#init.trainingWorker, this.#init.analyzer)
    thread?.trainer.warm()
    return thread !== undefined
  }

  /** Forgets every vector (after the stores were cleared); a static model is trained again on the next run. */
  clear(): void {
    this.#current = this.#fixed === undefined ? undefined : this.#newStream(this.#fixed)
    this.#model = undefined
    this.#coverage = NO_COVERAGE
    this.#stored = undefined
    this.#stale = this.#init.persistence !== undefined
  }

  async #search(query: string, topK: number): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    await this.#ready()
    if (this.#current === undefined) return []
    const hits = await this.#current.search(query, topK)
    if (this.#init.persistence === undefined) return hits
    // Loaded from the store, the stream holds ids only: read the hits' documents (a handful).
    const documents = await Promise.all(hits.map((hit) => this.#init.knowledgeBase.get(hit.document.id)))
    return hits.flatMap((hit, i) => (documents[i] === undefined ? [] : [{ document: documents[i], score: hit.score }]))
  }

  /** The embedder of a `hash`, `openai` or `ollama` spec (a static one is trained or loaded; none has none). */
  #embedderOf(spec: EmbedderSpec): Embedder | undefined {
    return spec.kind === 'static' || spec.kind === 'none' ? undefined : (this.#init.embedder ?? createSpecEmbedder(spec, this.#init.analyzer))
  }

  #newStream(embedder: Embedder): VectorStream {
    return new VectorStream({ embedder, indexedText: this.#init.indexedText, abstain: isIdentifierQuery })
  }

  #text(doc: Document): string {
    return this.#init.indexedText.text(doc)
  }

  /** Loads the stored vectors when this process has not, or another process committed since. */
  async #ready(): Promise<void> {
    const { persistence, generation } = this.#init
    if (persistence === undefined) return
    const now = await generation?.()
    if (!this.#stale && (now === undefined || now === this.#seen)) return
    this.#loading ??= this.#load(persistence, now).finally(() => (this.#loading = undefined))
    await this.#loading
  }

  async #load(persistence: VectorPersistence, generation: number | undefined): Promise<void> {
    const stored = await persistence.loadVectorEmbedder()
    if (this.#resolve !== undefined) {
      const spec = this.#resolve(stored)
      assertEmbedderSpec(spec)
      if (JSON.stringify(spec) !== JSON.stringify(this.#spec)) {
        this.#fixed = this.#embedderOf(spec)
        this.#spec = spec
      }
    }
    let embedder = this.#fixed
    let model: StaticModel | undefined
    if (this.#spec.kind === 'static' && stored?.model !== undefined && stored.spec['kind'] === 'static') {
      model = decodeStaticModel(stored.model)
      const dims = this.#spec.dimensions ?? DEFAULT_DIMENSIONS.static
      // A model trained with another analyzer or length is trained again on the next run.
      embedder = model.analyzer === this.#init.analyzer.name && model.dimensions === dims ? createStaticEmbedder(model, { analyzer: this.#init.analyzer }) : undefined
      if (embedder === undefined) model = undefined
    }
    let stream: VectorStream | undefined
    if (embedder !== undefined) {
      stream = this.#newStream(embedder)
      if (stored?.name === embedder.name) {
        const { ids, vectors } = await persistence.loadVectors(embedder.name)
        await stream.replaceEmbedded([], ids.map((id) => ({ id, content: '', metadata: {} })), vectors)
      }
    }
    this.#current = stream
    this.#model = model
    this.#coverage = stored !== undefined && stored.name === embedder?.name ? coverageOf(stored.state) : NO_COVERAGE
    this.#stored = stored
    this.#seen = generation
    this.#stale = false
  }

  /** Every document after the commit, embedded again (a static model trained on them first). */
  async #rebuild(removeIds: readonly string[], addDocuments: readonly Document[], reason: string | undefined, { signal, onProgress }: StageOptions): Promise<StagedVectors> {
    const { analyzer } = this.#init
    const spec = this.#spec
    const gone = new Set([...removeIds, ...addDocuments.map((doc) => doc.id)])
    const corpus = [...(await this.#init.knowledgeBase.list()).filter((doc) => !gone.has(doc.id)), ...addDocuments]
    // Texts are built when read, never all held at once: on a large repository they would double
    // the chunks' memory (and the collector's work) for the whole run.
    const texts = { length: corpus.length, at: (i: number) => (i >= 0 && i < corpus.length ? this.#text(corpus[i]!) : undefined) }
    const dimensions = spec.kind === 'static' ? (spec.dimensions ?? DEFAULT_DIMENSIONS.static) : 0
    const thread = spec.kind === 'static' && corpus.length > 0 ? this.#trainingThread(corpus, dimensions) : undefined
    const hashes = thread?.hashes ?? corpus.map((doc) => contentHash(this.#text(doc)))
    if (thread !== undefined) {
      const { training } = thread
      const onAbort = (): void => training.cancel()
      signal?.addEventListener('abort', onAbort, { once: true })
      try {
        // Without a store there is nothing to overlap with: wait without blocking (searches go on).
        if (this.#init.persistence === undefined) return this.#staged(this.#trained(await training.result(), corpus, hashes), corpus, reason)
        // The store indexes the terms the thread analysed while the thread trains on.
        const analysed = await training.analysed()
        const { analyzer, indexedText } = this.#init
        return deferredStaging({
          training,
          rebuilt: (trained) => this.#trained(trained, corpus, hashes),
          steps: this.#rebuildSteps(corpus, reason),
          signal,
          analyzed: analysed && analysedDocuments(analysed, { analyzer, indexedText, corpus, addDocuments }),
        })
      } finally {
        signal?.removeEventListener('abort', onAbort)
      }
    }
    let embedder: Embedder
    let vectors: Float32Array[]
    let model: StaticModel | undefined
    let analyzed: AnalyzedDocuments | undefined
    if (spec.kind === 'static') {
      if (corpus.length === 0) return this.#empty()
      const trained = await trainStaticEmbeddings(texts, { analyzer, dimensions, ...(signal ? { signal } : {}) })
      model = trained.model
      vectors = trained.vectors
      embedder = createStaticEmbedder(model, { analyzer })
      // The store reads the sample's terms; the commit's analysis thread takes the rest (`commitTerms`).
      analyzed = sampleAnalysis({ analyzer, indexedText: this.#init.indexedText, corpus, addDocuments }, trained.termsOf, trained.inSample)
    } else {
      embedder = this.#fixed!
      vectors = await embedder.embed(
        corpus.map((doc) => this.#text(doc)),
        { inputType: 'document', ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) },
      )
    }
    return this.#staged({ embedder, model, vectors, commit: this.#payload(embedder, model, NO_COVERAGE, corpus, hashes, vectors) }, corpus, reason, analyzed)
  }

  /** A static model's training on the worker thread, with the texts' hashes; `undefined` when this session trains on the calling thread. */
  #trainingThread(corpus: readonly Document[], dimensions: number): { training: PendingTraining; hashes: string[] } | undefined {
    const thread = sessionTrainer(this.#init.trainingWorker, this.#init.analyzer)
    if (thread === undefined) return undefined
    const texts = corpus.map((doc) => this.#text(doc))
    let chars = 0
    for (const text of texts) chars += text.length
    if (chars > TRAINER_MAX_CHARS) return undefined
    const training = thread.trainer.train(texts, thread.analyzer, dimensions)
    // Hashed while the thread starts on the texts.
    return { training, hashes: texts.map(contentHash) }
  }

  /** The embedder, model and store payload of a model trained on the worker thread. */
  #trained({ model, vectors }: TrainedOnThread, corpus: readonly Document[], hashes: readonly string[]): RebuiltVectors {
    const embedder = createStaticEmbedder(model, { analyzer: this.#init.analyzer })
    return { embedder, model, vectors, commit: this.#payload(embedder, model, NO_COVERAGE, corpus, hashes, vectors) }
  }

  /** The staged vectors of a rebuild (every document embedded again). */
  #staged(rebuilt: RebuiltVectors, corpus: readonly Document[], reason: string | undefined, analyzed?: AnalyzedDocuments): StagedVectors {
    const { reportOf, applyOf, undo } = this.#rebuildSteps(corpus, reason)
    return { commit: rebuilt.commit, analyzed, report: reportOf(rebuilt), apply: () => applyOf(rebuilt), undo }
  }

  /** A rebuild's report, swap and undo, for vectors given later (a model still training); the undo restores what is current now. */
  #rebuildSteps(corpus: readonly Document[], reason: string | undefined): RebuildSteps {
    const previous = { current: this.#current, model: this.#model, coverage: this.#coverage, stored: this.#stored }
    return {
      reportOf: ({ embedder }) => ({ embedder: embedder.name, dimensions: embedder.dimensions, embedded: corpus.length, reused: 0, ...(reason !== undefined ? { rebuilt: reason } : {}) }),
      applyOf: async ({ embedder, model, vectors, commit }) => {
        const stream = this.#newStream(embedder)
        await stream.replaceEmbedded([], corpus, vectors)
        this.#current = stream
        this.#model = model
        this.#coverage = NO_COVERAGE
        this.#stored = storedRecord(commit, corpus.length)
        this.#stale = false
      },
      undo: () => {
        this.#current = previous.current
        this.#model = previous.model
        this.#coverage = previous.coverage
        this.#stored = previous.stored
        this.#stale = true
      },
    }
  }

  /** The added documents (and with `catchUp`, stored ones without a vector), reusing stored vectors of the same text. */
  async #increment(
    current: VectorStream,
    removeIds: readonly string[],
    addDocuments: readonly Document[],
    coverage: VocabularyCoverage | undefined,
    { signal, catchUp, onProgress }: StageOptions,
  ): Promise<StagedVectors> {
    const { persistence } = this.#init
    const embedder = current.embedder
    const gone = new Set([...removeIds, ...addDocuments.map((doc) => doc.id)])
    const behind = catchUp && persistence !== undefined ? (await persistence.loadUnembedded(embedder.name)).filter((doc) => !gone.has(doc.id)) : []
    const targets = [...addDocuments, ...behind]
    const texts = targets.map((doc) => this.#text(doc))
    const hashes = texts.map(contentHash)
    const found = persistence === undefined || targets.length === 0 ? new Map<string, Float32Array>() : await persistence.findVectors(embedder.name, hashes)
    const missing: number[] = []
    hashes.forEach((hash, i) => {
      if (!found.has(hash)) missing.push(i)
    })
    const fresh =
      missing.length === 0 ? [] : await embedder.embed(missing.map((i) => texts[i]!), { inputType: 'document', ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) })
    const vectors = hashes.map((hash) => found.get(hash)!)
    missing.forEach((i, j) => (vectors[i] = fresh[j]!))
    const commit = this.#payload(embedder, undefined, coverage, targets, hashes, vectors)
    const removals = [...removeIds, ...behind.map((doc) => doc.id)]
    return {
      commit,
      report: { embedder: embedder.name, dimensions: embedder.dimensions, embedded: missing.length, reused: targets.length - missing.length },
      apply: async () => {
        await current.replaceEmbedded(removals, targets, vectors)
        if (coverage !== undefined) this.#coverage = coverage
        this.#stored = storedRecord(commit, await current.size())
      },
      undo: () => {
        this.#stale = true
      },
    }
  }

  #empty(): StagedVectors {
    return { commit: undefined, report: { embedder: 'none', dimensions: 0, embedded: 0, reused: 0 }, apply: async () => {}, undo: () => {} }
  }

  /** The store payload of a stage's vectors; `undefined` without persistence. */
  #payload(
    embedder: Embedder,
    model: StaticModel | undefined,
    coverage: VocabularyCoverage | undefined,
    documents: readonly Document[],
    hashes: readonly string[],
    vectors: readonly Float32Array[],
  ): VectorCommit | undefined {
    return this.#init.persistence === undefined ? undefined : vectorCommit(this.#spec, embedder, model, coverage, documents, hashes, vectors)
  }
}
