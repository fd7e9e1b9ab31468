/**
 * Languages whose code calls one another's definitions by name in one program: JavaScript and
 * TypeScript (a `.ts` file imports a `.js` one), Java and Kotlin (one JVM classpath), C and C++
 * (one set of headers). Every other language is a family of its own.
 */
const FAMILIES: ReadonlyMap<string, string> = new Map([
  ['javascript', 'javascript'],
  ['typescript', 'javascript'],
  ['tsx', 'javascript'],
  ['java', 'jvm'],
  ['kotlin', 'jvm'],
  ['c', 'c'],
  ['cpp', 'c'],
])

/**
 * The family of `language` (see {@link FAMILIES}): a call written in it can reach a definition by
 * name only in a language of the same family. A PHP `$request->has('id')` is never TypeScript's
 * `Cache.has`, however few other definitions have the name.
 *
 * @example
 * languageFamily('tsx') === languageFamily('javascript') // true
 * languageFamily('php') === languageFamily('typescript') // false
 */
export function languageFamily(language: string): string {
  return FAMILIES.get(language) ?? language
}
