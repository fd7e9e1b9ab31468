/** One top-level entry of an object literal: `key: value`, `key(...) {...}` or a shorthand `key`. */
export interface ObjectEntry {
  readonly key: string
  readonly keyOffset: number
  /** Where its value starts and ends (a shorthand's value is its key; a method's, the method). */
  readonly valueStart: number
  readonly valueEnd: number
}

/** An entry's key: `name:`, `'name':`, `name(`, `async name(`, or a shorthand `name` alone. */
const ENTRY_KEY = /^\s*(?:async\s+)?(["']?)([A-Za-z_$][\w$]*)\1\s*(:|\(|$)/d

/**
 * The top-level entries of the object literal whose `{` is at `open` in `masked` (a file's text
 * with comments and string contents blanked, so brackets inside them do not count): `{ default:
 * async () => {}, login }` has `default` and `login`. Entries that are not `key: value`, a method
 * or a shorthand (a spread, a computed key) are left out.
 */
export function objectEntries(masked: string, open: number): ObjectEntry[] {
  const out: ObjectEntry[] = []
  const push = (start: number, end: number): void => {
    const entry = ENTRY_KEY.exec(masked.slice(start, end))
    if (!entry) return
    const key = entry[2] as string
    const keyOffset = start + (entry.indices?.[2]?.[0] ?? 0)
    const valueStart = entry[3] === ':' ? start + entry[0].length : keyOffset
    out.push({ key, keyOffset, valueStart, valueEnd: end })
  }
  let depth = 0
  let entryStart = open + 1
  for (let at = open; at < masked.length; at++) {
    const char = masked[at]
    if (char === '{' || char === '(' || char === '[') depth++
    else if (char === '}' || char === ')' || char === ']') {
      if (--depth === 0) {
        push(entryStart, at)
        break
      }
    } else if (char === ',' && depth === 1) {
      push(entryStart, at)
      entryStart = at + 1
    }
  }
  return out
}

/** The `{` of the object literal around `offset` in `masked`: the nearest unmatched bracket before it, when it is a brace; else `-1`. */
export function openingBrace(masked: string, offset: number): number {
  let depth = 0
  for (let at = offset; at >= 0; at--) {
    const char = masked[at]
    if (char === '}' || char === ']' || char === ')') depth++
    else if (char === '{' || char === '[' || char === '(') {
      if (depth === 0) return char === '{' ? at : -1
      depth--
    }
  }
  return -1
}
