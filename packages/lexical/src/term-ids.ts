import type { Analyzer } from '@rag/core'
import type { Uint32List } from './uint32-list.js'

/** Turns terms into the dense ids of one dictionary, giving new terms the next id. */
export interface TermResolver {
  /**
   * Changes whenever ids handed out before may have changed meaning (compaction, rollback,
   * clear). Unique across all dictionaries, so ids remembered for one never leak into another.
   */
  readonly epoch: number
  /** The id of `term`, added to the dictionary if new. */
  idOf(term: string): number
}

/**
 * A built-in analyzer's shortcut from text straight to term ids: it appends exactly the ids of
 * `analyze(text)`, in order, without building the strings it has seen before.
 */
export interface TermIdPath {
  appendIds(text: string, resolver: TermResolver, out: Uint32List): void
}

const paths = new WeakMap<Analyzer, TermIdPath>()
let lastEpoch = 0

/** A fresh epoch for a {@link TermResolver}. */
export function nextEpoch(): number {
  return ++lastEpoch
}

/**
 * Registers the shortcut of a built-in analyzer object. Keyed by object identity, so a copy or
 * wrapper of the analyzer (`{ ...compatibleAnalyzer, analyze }`) takes the ordinary path.
 */
export function registerTermIdPath<A extends Analyzer>(analyzer: A, path: TermIdPath): A {
  paths.set(analyzer, path)
  return analyzer
}

/** The registered shortcut of `analyzer`, if it is a built-in one. */
export function termIdPath(analyzer: Analyzer): TermIdPath | undefined {
  return paths.get(analyzer)
}
