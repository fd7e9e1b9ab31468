import { RagError } from '@rag/core'

/** How many times a read is tried before a store that keeps changing under it is reported. */
export const ONE_GENERATION_ATTEMPTS = 8

/**
 * Runs `read` until the store's generation counter reads the same before and after it, and returns
 * that run's answer: a read that spans several statements or streams (a hybrid search reads BM25
 * and TF-IDF in separate transactions) then saw one committed generation, never part of the one
 * before another process's commit and part of the one after. Every commit moves the counter, so
 * an unchanged counter means no commit landed in between. Without a counter (`generation`
 * undefined: a store only this process writes, whose commits the caller's latch orders), `read`
 * runs once.
 *
 * @throws RagError `CONFLICT` when the store changed during each of `attempts` runs (another
 *   process committing faster than the read can finish).
 */
export async function readOneGeneration<T>(read: () => Promise<T>, generation: (() => Promise<string | number>) | undefined, attempts = ONE_GENERATION_ATTEMPTS): Promise<T> {
  if (generation === undefined) return read()
  for (let attempt = 1; ; attempt++) {
    const before = await generation()
    const result = await read()
    if ((await generation()) === before) return result
    if (attempt >= attempts) {
      throw new RagError('CONFLICT', `the index changed while it was read, ${attempts} times in a row (another process is committing); nothing mixed was returned, try again.`)
    }
  }
}
