/** Character classes for identifier splitting. Marks take the class of the character they follow. */
const UPPER = 1 // a letter lower-casing changes (upper and title case)
const LOWER = 2 // a letter lower-casing leaves alone: lower case, or no case (CJK, Arabic, ...)
const DIGIT = 3
const OTHER = 0 // a separator: `_`, `-`, `.`, space, punctuation

const IS_LETTER = /^\p{L}$/u
const IS_DIGIT = /^\p{N}$/u
const IS_MARK = /^\p{M}$/u

/** Class of one code point; `-1` for a combining mark. */
function classify(cp: number): number {
  if (cp < 128) {
    if (cp >= 97 && cp <= 122) return LOWER
    if (cp >= 65 && cp <= 90) return UPPER
    if (cp >= 48 && cp <= 57) return DIGIT
    return OTHER
  }
  const ch = String.fromCodePoint(cp)
  // Upper case is what lower-casing changes, so a lower-cased identifier never splits on case.
  if (IS_LETTER.test(ch)) return ch.toLowerCase() === ch ? LOWER : UPPER
  if (IS_DIGIT.test(ch)) return DIGIT
  if (IS_MARK.test(ch)) return -1
  return OTHER
}

/**
 * Splits an identifier into its words, keeping their case: at separators (anything but letters,
 * digits and combining marks, so `_`, `-` and `.` all split), at lower-to-upper changes
 * (`getAuth`), before the last capital of an acronym that a capitalised word follows
 * (`HTTPServer` -> `HTTP`, `Server`), and between letters and digits (`utf8` -> `utf`, `8`).
 * A lone `s` after an acronym stays with it (`getURLs` -> `get`, `URLs`).
 *
 * @example
 * splitIdentifier('HTTPServerError')      // ['HTTP', 'Server', 'Error']
 * splitIdentifier('user.getAuthManager')  // ['user', 'get', 'Auth', 'Manager']
 * splitIdentifier('snake_case-and-kebab') // ['snake', 'case', 'and', 'kebab']
 */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = []
  // One entry per code point: its class and its start offset.
  const classes: number[] = []
  const starts: number[] = []
  for (let i = 0; i < identifier.length; ) {
    const cp = identifier.codePointAt(i)!
    let cls = classify(cp)
    if (cls === -1) cls = classes.length > 0 ? classes[classes.length - 1]! : OTHER
    classes.push(cls)
    starts.push(i)
    i += cp > 0xffff ? 2 : 1
  }
  const n = classes.length
  let partStart = -1
  for (let k = 0; k < n; k++) {
    const cls = classes[k]!
    if (cls === OTHER) {
      if (partStart >= 0) parts.push(identifier.slice(starts[partStart], starts[k]))
      partStart = -1
      continue
    }
    if (partStart >= 0 && isBoundary(classes, k)) {
      parts.push(identifier.slice(starts[partStart], starts[k]))
      partStart = k
    }
    if (partStart < 0) partStart = k
  }
  if (partStart >= 0) parts.push(identifier.slice(starts[partStart]))
  return parts

  function isBoundary(cls: readonly number[], k: number): boolean {
    const prev = cls[k - 1]!
    const cur = cls[k]!
    if ((prev === DIGIT) !== (cur === DIGIT)) return true
    if (prev === LOWER && cur === UPPER) return true
    if (prev === UPPER && cur === UPPER && cls[k + 1] === LOWER) {
      // `URLs`: a single trailing lower-case `s` is the acronym's plural, not a new word.
      const loneS = identifier[starts[k + 1]!] === 's' && cls[k + 2] !== LOWER
      return !loneS
    }
    return false
  }
}
