import { MAX_STRING_CONSTANTS } from '@rag/core'
import { objectEntries } from './entrypoints/object-literal.js'
import type { FileFacts } from './facts.js'

/** After a constant's name: `= {`, `= Object.freeze({`, with a type annotation before the `=` or none. */
const OBJECT_INITIALIZER = /^[^=]*=\s*(?:Object\.freeze\(\s*)?\{/

/** A whole value that is one string: quoted, or a template without substitutions; `as const` after it is read too. */
const STRING_VALUE = /^\s*(?:(['"])((?:(?!\1)[^\\\n])*)\1|`([^`\\$]*)`)\s*(?:as\s+const\s*)?$/

/** How far after a constant's name its object's `{` may be (a type annotation between them). */
const HEAD_CHARS = 400

/** How many levels of objects are read, the constant's own included. */
const MAX_DEPTH = 6

/** The longest value kept: longer strings are no paths. */
const MAX_VALUE_LENGTH = 200

/**
 * The strings the top-level constant objects of a JavaScript or TypeScript file hold, by dotted
 * path (`export const paths = { app: { root: { path: '/app' } } }`: `paths.app.root.path` is
 * `/app`), for another file's route that names one (`path: paths.app.root.path`). Only values
 * without whitespace or escapes, under keys that are plain names (`key:`, not `'key':`), at most
 * {@link MAX_STRING_CONSTANTS} in file order. `undefined` when there is none.
 */
export function objectStringConstants(facts: Pick<FileFacts, 'text' | 'masked' | 'symbols'>): Record<string, string> | undefined {
  const { text, masked } = facts
  let out: Record<string, string> | undefined
  let count = 0
  const read = (open: number, prefix: string, depth: number): void => {
    for (const entry of objectEntries(masked, open)) {
      if (count >= MAX_STRING_CONSTANTS) return
      if (entry.valueStart === entry.keyOffset) continue
      const written = text.slice(entry.valueStart, entry.valueEnd)
      const value = STRING_VALUE.exec(written)
      const key = `${prefix}.${entry.key}`
      if (value !== null) {
        const string = value[2] ?? value[3] ?? ''
        if (string.length > MAX_VALUE_LENGTH || /\s/.test(string)) continue
        ;(out ??= {})[key] = string
        count++
        continue
      }
      const nested = /^\s*\{/.exec(masked.slice(entry.valueStart, entry.valueEnd))
      if (nested !== null && depth + 1 < MAX_DEPTH) read(entry.valueStart + nested[0].length - 1, key, depth + 1)
    }
  }
  for (const symbol of facts.symbols) {
    if (count >= MAX_STRING_CONSTANTS) break
    if (symbol.kind !== 'constant' || symbol.parent !== undefined) continue
    // From the name on: `export const paths: Paths = {` has its `{` after the `=`.
    const named = masked.indexOf(symbol.name, symbol.start)
    if (named < 0 || named >= symbol.end) continue
    // (The head of the declaration only: a large constant is not copied to find its `{`.)
    const initializer = OBJECT_INITIALIZER.exec(masked.slice(named + symbol.name.length, Math.min(symbol.end, named + symbol.name.length + HEAD_CHARS)))
    if (initializer === null) continue
    read(named + symbol.name.length + initializer[0].length - 1, symbol.name, 0)
  }
  return out
}
