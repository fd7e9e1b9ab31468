import type { SymbolRecord } from '@rag/core'

/** What `SymbolIndex.namedOfKinds` finds: a count, and the symbol when it is the only one. */
export interface NamedOfKinds {
  readonly count: number
  readonly only: SymbolRecord | undefined
  /** The file every one of them is defined in (Java's overloads of one method), else `undefined`. */
  readonly path: string | undefined
}

/** Counts definitions of one name for {@link NamedOfKinds}. */
export class NameCount {
  count = 0
  #only: SymbolRecord | undefined
  #path: string | undefined

  add(symbol: SymbolRecord): void {
    this.count++
    this.#only = this.count === 1 ? symbol : undefined
    this.#path = this.count === 1 || symbol.path === this.#path ? symbol.path : ''
  }

  found(): NamedOfKinds {
    return { count: this.count, only: this.#only, path: this.#path || undefined }
  }
}

/**
 * Which definitions a name may stand for where it is written: any of them; only `free` ones, not
 * members of a type (a bare call in a language without an implicit `this`: `helper()` in
 * TypeScript cannot call a method); or only `member`s (`x.save()` cannot call a top-level function).
 */
export type NameScope = 'any' | 'free' | 'member'
