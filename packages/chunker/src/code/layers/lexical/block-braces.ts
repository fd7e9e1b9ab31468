/**
 * The brace structure of masked code (strings and comments blank): for each `{`, the offset of its
 * `}` (-1 when unclosed), and for any offset, the block open there. What scopes a Go local or a
 * Rust `let` to its block reads.
 */
export class BlockBraces {
  /** Offsets of the `{`s, in order. */
  readonly #opens: number[] = []
  /** Offset of each one's `}`, -1 when unclosed. */
  readonly #closes: number[] = []
  /** Index of the block each one is nested in, -1 at the top. */
  readonly #parents: number[] = []

  constructor(masked: string) {
    const stack: number[] = []
    for (let i = 0; i < masked.length; i++) {
      const c = masked.charCodeAt(i)
      if (c === 123) {
        this.#parents.push(stack.at(-1) ?? -1)
        stack.push(this.#opens.length)
        this.#opens.push(i)
        this.#closes.push(-1)
      } else if (c === 125) {
        const open = stack.pop()
        if (open !== undefined) this.#closes[open] = i
      }
    }
  }

  /** The index of the last `{` before `offset`, -1 when there is none. */
  #lastBefore(offset: number): number {
    let low = 0
    let high = this.#opens.length - 1
    let last = -1
    while (low <= high) {
      const mid = (low + high) >> 1
      if ((this.#opens[mid] as number) < offset) {
        last = mid
        low = mid + 1
      } else high = mid - 1
    }
    return last
  }

  /** The `}` of the innermost block open at `offset` (-1: none, or unclosed). */
  enclosingEnd(offset: number): number {
    // From the last `{` before it, out through the blocks around that one, to the first still open at `offset`.
    for (let i = this.#lastBefore(offset); i >= 0; i = this.#parents[i] as number) {
      const close = this.#closes[i] as number
      if (close < 0 || close > offset) return close
    }
    return -1
  }

  /** The `}` of the block opened at `open` (-1: unclosed, or no `{` there). */
  closeOf(open: number): number {
    const at = this.#lastBefore(open + 1)
    return at >= 0 && this.#opens[at] === open ? (this.#closes[at] as number) : -1
  }
}
