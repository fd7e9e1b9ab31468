import { createRequire } from 'node:module'
import { languageInfo } from '@rag/chunker'
import { describeValue, InvalidArgumentError, type Document } from '@rag/core'
import type Picomatch from 'picomatch'

// picomatch is loaded by the first glob filter, not with the session: a one-shot `rag search`
// without `--path` does not pay for it.
let picomatchModule: typeof Picomatch | undefined
function picomatch(): typeof Picomatch {
  picomatchModule ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch
  return picomatchModule
}

/** The longest `path` filter, in characters (picomatch's own limit on a glob). */
export const MAX_FILTER_PATH_LENGTH = 65_536

/**
 * Narrows a search to some documents. Every given field must match; a document without the
 * metadata a field tests (`file`, `language`) does not match it.
 *
 * @example
 * await rag.search('parse config', 10, { path: 'packages/cli/**', language: ['typescript', 'javascript'] })
 */
export interface SearchFilter {
  /**
   * A glob (picomatch syntax, `/` separators, dot files included) matched against the `file`
   * metadata, the path relative to the indexed root. A plain path without glob characters matches
   * that file and everything under it: `src/auth` is `src/auth` or `src/auth/**`. At most
   * {@link MAX_FILTER_PATH_LENGTH} characters.
   */
  readonly path?: string
  /**
   * One language or several (any of them), compared case-insensitively with the `language`
   * metadata; an alias is its language (`ts`: typescript, `py`: python, `golang`: go).
   */
  readonly language?: string | readonly string[]
}

/** A compiled filter: `true` for a document to keep. */
export type DocumentPredicate = (document: Document) => boolean

function compilePath(glob: unknown): DocumentPredicate {
  if (typeof glob !== 'string' || glob.trim() === '') {
    throw new InvalidArgumentError(`filter.path must be a non-empty glob; received ${describeValue(glob)}.`)
  }
  if (glob.length > MAX_FILTER_PATH_LENGTH) {
    throw new InvalidArgumentError(`filter.path must be at most ${MAX_FILTER_PATH_LENGTH} characters; received one of ${glob.length}.`)
  }
  const pattern = glob.replace(/^\.\//, '')
  const globs = picomatch()
  const isGlob = globs.scan(pattern).isGlob
  const base = pattern.replace(/\/+$/, '')
  const matches = isGlob ? globs(pattern, { dot: true }) : (file: string) => file === base || file.startsWith(`${base}/`)
  return (document) => {
    const file = document.metadata['file']
    return typeof file === 'string' && matches(file)
  }
}

function compileLanguage(language: unknown): DocumentPredicate {
  const list = typeof language === 'string' ? [language] : language
  if (!Array.isArray(list) || list.length === 0 || !list.every((l) => typeof l === 'string' && l.trim() !== '')) {
    throw new InvalidArgumentError(`filter.language must be a non-empty string or a non-empty array of them; received ${describeValue(language)}.`)
  }
  // An alias stands for its language (`ts` for typescript, `py` for python); other names as given.
  const wanted = new Set(list.map((l: string) => languageInfo(l)?.id ?? l.trim().toLowerCase()))
  return (document) => {
    const value = document.metadata['language']
    return typeof value === 'string' && wanted.has(value.toLowerCase())
  }
}

/**
 * Compiles a {@link SearchFilter}; `undefined` when there is nothing to filter.
 *
 * @throws InvalidArgumentError for an empty or too long glob, an empty language, or a filter that is not an object.
 */
export function compileSearchFilter(filter: SearchFilter | undefined): DocumentPredicate | undefined {
  if (filter === undefined) return undefined
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new InvalidArgumentError(`filter must be an object with path and/or language; received ${describeValue(filter)}.`)
  }
  const tests: DocumentPredicate[] = []
  if (filter.path !== undefined) tests.push(compilePath(filter.path))
  if (filter.language !== undefined) tests.push(compileLanguage(filter.language))
  if (tests.length === 0) return undefined
  return (document) => tests.every((test) => test(document))
}

/**
 * The path a filter names when it is no glob (`Slim/Handlers/ErrorHandler.php`, or a directory
 * prefix `src/auth`), normalised as the filter compares it; `undefined` for a glob or no path.
 */
export function plainFilterPath(filter: SearchFilter | undefined): string | undefined {
  const path = filter?.path
  if (typeof path !== 'string') return undefined
  const pattern = path.replace(/^\.\//, '')
  return picomatch().scan(pattern).isGlob ? undefined : pattern.replace(/\/+$/, '')
}

