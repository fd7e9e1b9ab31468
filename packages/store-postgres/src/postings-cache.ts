import type { TermPostings } from '@rag/lexical'

/** Most postings rows a {@link PostingsCache} holds (about 25 MB) before it starts over. */
const CACHED_ROWS = 500_000

/**
 * The postings of recently searched terms, valid for one generation of one project: the hybrid
 * search and every repeated query read them from here instead of from PostgreSQL. Every write
 * bumps the project's generation (in any process), which empties the cache at the next search.
 */
export class PostingsCache {
  #key: string | undefined
  readonly #entries = new Map<string, TermPostings | undefined>()
  #rows = 0

  /** Empties the cache unless it was filled for `key` (project id and generation, read in the current snapshot). */
  validate(key: string): void {
    if (key === this.#key) return
    this.#entries.clear()
    this.#rows = 0
    this.#key = key
  }

  /** Whether the term's postings (or their absence) are cached. */
  has(term: string): boolean {
    return this.#entries.has(term)
  }

  /** The cached postings of `term` (`undefined`: no live chunk holds it, or not cached). */
  get(term: string): TermPostings | undefined {
    return this.#entries.get(term)
  }

  /** Caches the postings of `term` (`undefined`: no live chunk holds it). */
  set(term: string, postings: TermPostings | undefined): void {
    const rows = postings?.df ?? 0
    if (rows > CACHED_ROWS) return
    if (this.#rows + rows > CACHED_ROWS) {
      this.#entries.clear()
      this.#rows = 0
    }
    this.#entries.set(term, postings)
    this.#rows += rows
  }
}
