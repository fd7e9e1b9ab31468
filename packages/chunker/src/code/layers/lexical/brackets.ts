/** The offset of the bracket that closes the one at `open` in masked code (strings are blank there), or -1. */
export function closingBracket(masked: string, open: number, limit = masked.length): number {
  let depth = 0
  for (let i = open; i < limit; i++) {
    const c = masked.charCodeAt(i)
    if (c === 40 || c === 91 || c === 123) depth++
    else if ((c === 41 || c === 93 || c === 125) && --depth === 0) return i
  }
  return -1
}

/**
 * Whether what follows the bracket that closes the one at `open` (a few characters of it) matches
 * `next`: `;` after a constructor's call, a line break after a composite literal. `false` when the
 * bracket is not closed.
 */
export function followsClosing(masked: string, open: number, next: RegExp): boolean {
  const close = closingBracket(masked, open)
  return close >= 0 && next.test(masked.slice(close + 1, close + 8))
}

/** The offset of the bracket that opens the one closing at `close`, scanning back, or -1. */
export function openingBracket(masked: string, close: number, floor: number): number {
  let depth = 0
  for (let i = close; i >= floor; i--) {
    const c = masked.charCodeAt(i)
    if (c === 41 || c === 93 || c === 125) depth++
    else if ((c === 40 || c === 91 || c === 123) && --depth === 0) return i
  }
  return -1
}
