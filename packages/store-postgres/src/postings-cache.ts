import type { TermPostings } from '@rag/lexical'

/** Most postings rows a {@link PostingsCache} holds (about 25 MB) before it starts over. */
const CACHED_ROWS = 500_000

/**
 * The postings of recently searched terms, valid for one generation of one project: the hybrid
 * search and every repeated query read them from here instead of from PostgreSQL. Every write
 * bumps the project's generation (in any process), which empties the cache at the next search.
 *
 * Every read and write names the snapshot's key (project id and generation). Searches on one
 * server overlap: one that read generation 5 may still be loading when another has moved the
 * cache on to generation 6. Its postings must then neither land in the cache nor be mixed with
 * what the cache holds for 6: postings of chunks another generation replaced rank seqs the new
 * snapshot no longer has, and the search answered with no hits.
 */
export class PostingsCache {
  #key: string | undefined
  #project: number | undefined
  #generation = 0
  readonly #entries = new Map<string, TermPostings | undefined>()
  #rows = 0

  /**
   * The key of a search's snapshot (project id and generation, read in it) for `has`, `get` and
   * `set`. The cache moves to that snapshot, emptied, unless it holds it already or a newer
   * generation of the same project: a search that began before a commit and reads after it
   * neither empties the newer postings nor caches its own.
   */
  validate(project: number, generation: number): string {
    const key = `${project}:${generation}`
    if (key === this.#key || (project === this.#project && generation < this.#generation)) return key
    this.#entries.clear()
    this.#rows = 0
    this.#key = key
    this.#project = project
    this.#generation = generation
    return key
  }

  /** Whether the term's postings (or their absence) are cached for the snapshot `key`. */
  has(key: string, term: string): boolean {
    return key === this.#key && this.#entries.has(term)
  }

  /** The postings of `term` cached for the snapshot `key` (`undefined`: no live chunk holds it, or not cached). */
  get(key: string, term: string): TermPostings | undefined {
    return key === this.#key ? this.#entries.get(term) : undefined
  }

  /** Caches the postings of `term` (`undefined`: no live chunk holds it) read in the snapshot `key`; a no-op once the cache holds another snapshot's. */
  set(key: string, term: string, postings: TermPostings | undefined): void {
    if (key !== this.#key) return
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
