import type { RagService } from '@rag/session'
import type { OpenIndex } from './open-index.js'

/**
 * A long-lived command's index that follows the index's own code layers and embedder: before each
 * `indexDirectory`, when another process has given the index others since this one's last run
 * (`rag index --embedder hash`, `--no-layers`), the index is opened again (with the same
 * configuration, which then reads them from the store), so the run keeps that choice instead of
 * undoing it. Its `rag` forwards every other call to the index open now.
 */
export class FollowingIndex {
  #current: OpenIndex
  #previous: OpenIndex | undefined
  #choices: Promise<string>
  readonly #open: () => Promise<OpenIndex>
  readonly #onFollow: () => void
  /** The session to serve: the current index's, `indexDirectory` re-opening first when needed. */
  readonly rag: RagService

  private constructor(current: OpenIndex, open: () => Promise<OpenIndex>, onFollow: () => void) {
    this.#current = current
    this.#open = open
    this.#onFollow = onFollow
    this.#choices = current.storedChoices()
    this.#choices.catch(() => undefined)
    const indexDirectory = async (...args: Parameters<RagService['indexDirectory']>): ReturnType<RagService['indexDirectory']> => {
      await this.#follow()
      const report = await this.#current.rag.indexDirectory(...args)
      this.#choices = this.#current.storedChoices()
      return report
    }
    this.rag = new Proxy(current.rag, {
      get: (_target, key) => {
        if (key === 'indexDirectory') return indexDirectory
        const value: unknown = Reflect.get(this.#current.rag, key)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(this.#current.rag) : value
      },
    })
  }

  /**
   * Opens the index with `open` (called again for each re-opening) and follows it; `onFollow` is
   * told each time another process's choice is followed.
   */
  static async open(open: () => Promise<OpenIndex>, onFollow: () => void = () => undefined): Promise<FollowingIndex> {
    return new FollowingIndex(await open(), open, onFollow)
  }

  /** Opens the index again now (a changed configuration); when that fails, the index open stays. */
  async reopen(): Promise<void> {
    await this.#switch()
  }

  async #follow(): Promise<void> {
    if ((await this.#current.storedChoices()) === (await this.#choices.catch(() => ''))) return
    await this.#switch()
    this.#onFollow()
  }

  async #switch(): Promise<void> {
    const next = await this.#open()
    // Calls still running on the index before it are let finish: it is closed at the next switch, or at the end.
    await this.#previous?.close()
    this.#previous = this.#current
    this.#current = next
  }

  /** Closes the index (and the one before it, if any). */
  async close(): Promise<void> {
    await this.#previous?.close()
    await this.#current.close()
  }
}
