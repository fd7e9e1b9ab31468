import type { Analyzer } from '@rag/core'
import { codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'

/** The analyzers the CLI can index with, by their configuration name. */
export const ANALYZERS: Readonly<Record<AnalyzerName, Analyzer>> = Object.freeze({
  'code-aware': codeAwareAnalyzer,
  compatible: compatibleAnalyzer,
})

/** Configuration names of {@link ANALYZERS}. */
export type AnalyzerName = 'code-aware' | 'compatible'

/** The configuration name of an analyzer by its stored name (`code-aware@1` → `code-aware`), if known. */
export function analyzerByStoredName(stored: string): AnalyzerName | undefined {
  return (Object.keys(ANALYZERS) as AnalyzerName[]).find((name) => ANALYZERS[name].name === stored)
}
