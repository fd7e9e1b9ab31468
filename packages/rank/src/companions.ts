import { fileStem, normalizeName } from './normalize-name.js'
import type { RankingSignals } from './signals.js'
import { memoizeString } from './string-memo.js'

const DECLARATION = /\.(d\.ts|d\.mts|d\.cts|pyi|h|hh|hpp|hxx)$/i

/** Whether a path is a declaration file (`.d.ts`, `.pyi`, C and C++ headers): one whose implementation lives elsewhere. */
export function isDeclaration(path: string): boolean {
  return DECLARATION.test(path)
}

/**
 * The key under which a declaration and its implementation meet: the normalised file stem, so
 * `types/mock-pool.d.ts` and `lib/mock/mock-pool.js`, or `include/buf.h` and `src/buf.c`, share it.
 */
export const companionKey: (path: string) => string = memoizeString((path) => normalizeName(fileStem(path)))

/** A stem shared by more files than this (`index`, `util`) pairs nothing. */
export const MAX_COMPANIONS = 4

/**
 * Whether a declaration file's implementation is indexed: a twin of the same stem
 * (`types/pool.d.ts` and `lib/dispatcher/pool.js`), or a folder of that name holding code that is
 * no declaration (`types/cookies.d.ts` and `lib/web/cookies/parse.js`).
 */
export function hasImplementation(declaration: string, twins: (file: string) => readonly string[], signals: RankingSignals): boolean {
  if (twins(declaration).some((other) => !isDeclaration(other))) return true
  return (signals.paths?.filesInFolder(fileStem(declaration)) ?? []).some((file) => !isDeclaration(file))
}
