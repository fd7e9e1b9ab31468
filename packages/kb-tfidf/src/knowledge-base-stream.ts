import { assertQuery, assertTopK, ConfigError, type KnowledgeBase, type SearchResult, type Stream } from '@rag/core'

/** Options of {@link KnowledgeBaseStream}. */
export interface KnowledgeBaseStreamOptions {
  /**
   * The stream's name: unique within a retriever, shown in explanations.
   * @default 'knowledge-base'
   */
  readonly name?: string
}

/**
 * Turns any `KnowledgeBase` into a `Stream` for a retriever: `search` is the knowledge base's own
 * search (TF-IDF for `InMemoryKnowledgeBase`), with the query and `topK` checked first and the
 * list cut to `topK` in case the store returns more.
 *
 * @example
 * const retriever = HybridRetriever.builder()
 *   .stream(bm25Stream, 0.6)
 *   .stream(new KnowledgeBaseStream(knowledgeBase), 0.4)
 *   .build()
 */
export class KnowledgeBaseStream implements Stream {
  /** The stream's name, as given in the options. */
  readonly name: string
  readonly #knowledgeBase: KnowledgeBase

  /** @throws ConfigError if `knowledgeBase` has no `search` method or `name` is empty. */
  constructor(knowledgeBase: KnowledgeBase, { name = 'knowledge-base' }: KnowledgeBaseStreamOptions = {}) {
    if (typeof knowledgeBase?.search !== 'function') {
      throw new ConfigError('knowledgeBase must be a KnowledgeBase with a search method; received a value without one.')
    }
    if (typeof name !== 'string' || name.trim().length === 0) {
      throw new ConfigError(`name must be a non-empty string; received ${JSON.stringify(name)}.`)
    }
    this.name = name
    this.#knowledgeBase = knowledgeBase
  }

  /**
   * The knowledge base's best `topK` matches for `query`, highest score first.
   *
   * @throws InvalidArgumentError for an empty query or a `topK` that is not a positive integer.
   */
  async search(query: string, topK: number): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    const results = await this.#knowledgeBase.search(query, topK)
    return results.length > topK ? results.slice(0, topK) : results
  }
}
