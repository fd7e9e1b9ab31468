import { RagError, type Document, type KnowledgeBase, type Replaceable } from '@rag/core'
import type { IndexState } from '@rag/ingest'
import { commitTerms, type CommitAnalysisInit } from './commit-analysis.js'
import type { CommitLatch } from './commit-latch.js'
import type { IndexStateStore } from './index-state-store.js'
import type { LayerStep, StoredLayerChange } from './session-layers.js'
import type { SessionVectors } from './session-vectors.js'
import type { StageOptions } from './session-vectors-init.js'
import type { VectorReport } from './staged-vectors.js'
import { sessionTrainer } from './static-trainer.js'

/** A stream kept in step with the knowledge base; `clear` is used by `RagService.clear()` when present. */
export type ReplaceableStream = Replaceable & { clear?(): Promise<void> }

/** Inputs of {@link IndexTargets}. */
export interface IndexTargetsInit {
  readonly knowledgeBase: KnowledgeBase
  /** Swapped after the knowledge base, in order (the BM25 stream first). */
  readonly streams: readonly ReplaceableStream[]
  /** When set, index commits go through it instead of `knowledgeBase.replaceDocuments`. */
  readonly stateStore: IndexStateStore | undefined
  readonly latch: CommitLatch
  /**
   * The session's vectors: staged (embedded) before the latch, written in the store's transaction
   * with the chunks, swapped into the vector stream after the other streams.
   */
  readonly vectors?: SessionVectors | undefined
  /**
   * Set when the state store reads joined terms while it writes (`GenerationStore.readsJoinedTerms`):
   * a large commit's added documents are then analysed on the session's worker thread meanwhile.
   */
  readonly analysis?: CommitAnalysisInit | undefined
}

/** A generation's state, and the state to restore if a later swap fails. */
export interface StateChange {
  readonly next: IndexState
  readonly previous: IndexState | undefined
  /** The state store's generation the change was staged against (it refuses if it moved on). */
  readonly expectedGeneration?: number | undefined
}

interface Step {
  run(): Promise<void>
  undo(): Promise<void>
}

/**
 * Every store a session writes, written together: the knowledge base (or the state store that
 * owns it) first, then each stream, all inside the commit latch so searches see one generation.
 * If a swap fails, the earlier ones are undone in reverse order (seed 001: "if the BM25 swap
 * fails, the knowledge-base swap is undone"). This is the toolkit's one swap-with-undo: every
 * generation, added or removed document and clear of `@rag/session` goes through it.
 */
export class IndexTargets {
  readonly #init: IndexTargetsInit
  /** Set when an undo failed: the stores may disagree until the session repairs them. */
  inconsistent = false

  constructor(init: IndexTargetsInit) {
    this.#init = init
  }

  /**
   * An index run starts: the vectors may start what their staging will need (a static model's
   * training thread), and a `cold` run (nothing indexed before: a large commit ahead) the commit's
   * analysis thread. An incremental run starts it only if its commit turns out large.
   */
  async warm({ cold }: { readonly cold: boolean }): Promise<void> {
    const { analysis, vectors } = this.#init
    const training = (await vectors?.warm()) === true
    // Unless a static model's training analyses the run's documents.
    if (cold && analysis !== undefined && !training) sessionTrainer(analysis.trainingWorker, analysis.analyzer, 'analysis')?.trainer.warm()
  }

  /**
   * Removes `removeIds` and adds `addDocuments` everywhere, atomically for readers. With a state
   * change and a state store, the first step is `stateStore.commit` (chunks and state in one
   * transaction). A layer step is applied inside the same latch: with a state store its records go
   * into that one transaction; if a later swap fails it is undone with the rest.
   *
   * With vectors, the added documents are embedded first (before the latch: searches go on) and
   * the vectors commit with the chunks; the report says what was embedded.
   *
   * @throws the error of the failed swap after undoing the earlier ones; RagError `INTERNAL` when
   *   an undo failed too (then {@link IndexTargets.inconsistent} is set); whatever the embedder
   *   throws, before anything changed.
   */
  async swap(
    removeIds: readonly string[],
    addDocuments: readonly Document[],
    state?: StateChange,
    layers?: LayerStep,
    options: StageOptions = {},
  ): Promise<VectorReport | undefined> {
    const { knowledgeBase, streams, stateStore, latch, vectors } = this.#init
    if (removeIds.length === 0 && addDocuments.length === 0 && state === undefined && layers === undefined) return undefined
    // Documents to put back if a later swap fails; read before the latch closes.
    const previous = streams.length === 0 ? [] : await this.#documents(removeIds)
    const addedIds = addDocuments.map((doc) => doc.id)
    const staged = vectors === undefined ? undefined : await vectors.stage(removeIds, addDocuments, options)
    const vectorCommit = staged?.commit
    const persisted = state !== undefined && stateStore !== undefined
    // The store analyses while it writes: the thread's terms overlap the writes and the layers' resolution.
    const threaded = commitTerms(persisted ? this.#init.analysis : undefined, addDocuments, staged?.analyzed)
    const analyzed = threaded.analyzed === undefined ? {} : { analyzed: threaded.analyzed }
    const withLayers = (change: StoredLayerChange | undefined): { layers?: StoredLayerChange } => (change === undefined ? {} : { layers: change })
    const first: Step = persisted
      ? {
          run: async () => {
            const change = layers?.apply()
            try {
              await stateStore.commit(removeIds, addDocuments, state.next, {
                ...(state.expectedGeneration === undefined ? {} : { expectedGeneration: state.expectedGeneration }),
                ...withLayers(change),
                ...(vectorCommit === undefined ? {} : { vectors: vectorCommit }),
                ...analyzed,
              })
            } catch (error) {
              layers?.undo()
              throw error
            }
          },
          undo: () => stateStore.commit(addedIds, previous, state.previous ?? { ...state.next, files: [] }, withLayers(layers?.undo())),
        }
      : vectorCommit !== undefined && stateStore?.commitDocuments !== undefined
        ? {
            run: () => stateStore.commitDocuments!(removeIds, addDocuments, { vectors: vectorCommit, ...analyzed }),
            undo: () => stateStore.commitDocuments!(addedIds, previous, {}),
          }
        : {
            run: () => knowledgeBase.replaceDocuments(removeIds, addDocuments),
            undo: () => knowledgeBase.replaceDocuments(addedIds, previous),
          }
    // Without a state store the graph is its own step, after the knowledge base.
    const layerStep: Step[] =
      layers !== undefined && !persisted ? [{ run: async () => void layers.apply(), undo: async () => void layers.undo() }] : []
    const steps: Step[] = [
      first,
      ...layerStep,
      ...streams.map((stream) => ({
        run: () => stream.replaceDocuments(removeIds, addDocuments),
        undo: () => stream.replaceDocuments(addedIds, previous),
      })),
      ...(staged === undefined ? [] : [{ run: () => staged.apply(), undo: async () => staged.undo() }]),
    ]
    try {
      await latch.run(() => this.#runAll(steps))
    } finally {
      threaded.cancel()
    }
    await vectors?.committed()
    return staged?.report
  }

  /**
   * Empties the knowledge base and every stream, then the state store, inside the latch.
   */
  async clear(): Promise<void> {
    const { knowledgeBase, streams, stateStore, latch } = this.#init
    const needIds = streams.some((stream) => typeof stream.clear !== 'function')
    const ids = needIds ? (await knowledgeBase.list()).map((doc) => doc.id) : []
    await latch.run(async () => {
      await knowledgeBase.clear()
      for (const stream of streams) {
        if (typeof stream.clear === 'function') await stream.clear()
        else await stream.replaceDocuments(ids, [])
      }
      await stateStore?.clear?.()
      this.#init.vectors?.clear()
    })
    this.inconsistent = false
  }

  async #documents(ids: readonly string[]): Promise<Document[]> {
    const found = await Promise.all(ids.map((id) => this.#init.knowledgeBase.get(id)))
    return found.filter((doc): doc is Document => doc !== undefined)
  }

  async #runAll(steps: readonly Step[]): Promise<void> {
    const done: Step[] = []
    for (const step of steps) {
      try {
        await step.run()
        done.push(step)
      } catch (error) {
        const undoErrors: unknown[] = []
        for (const swapped of done.reverse()) {
          try {
            await swapped.undo()
          } catch (undoError) {
            undoErrors.push(undoError)
          }
        }
        if (undoErrors.length === 0) throw error
        this.inconsistent = true
        throw new RagError(
          'INTERNAL',
          'A swap failed and undoing an earlier swap failed too; the stores may disagree until the next index run, which re-indexes every file.',
          { cause: new AggregateError([error, ...undoErrors], 'swap and undo failures') },
        )
      }
    }
  }
}
