/**
 * A value derived from the index (a table of every chunk's metadata, say), built on the first
 * read after the index changed and shared by the reads of one generation. A failed build is
 * tried again by the next read (unless a newer one took its place).
 */
export class GenerationCache<T> {
  readonly #generation: () => Promise<string>
  readonly #build: () => Promise<T>
  #held: Promise<{ readonly generation: string; readonly value: T }> | undefined

  /** `generation` changes whenever the index does (this process's commits and other processes'). */
  constructor(generation: () => Promise<string>, build: () => Promise<T>) {
    this.#generation = generation
    this.#build = build
  }

  /** The value of the generation the index holds now. */
  async get(): Promise<T> {
    const generation = await this.#generation()
    const current = await this.#held?.catch(() => undefined)
    if (current?.generation === generation) return current.value
    const held = this.#build().then((value) => ({ generation, value }))
    this.#held = held
    held.catch(() => {
      if (this.#held === held) this.#held = undefined
    })
    return (await held).value
  }
}
