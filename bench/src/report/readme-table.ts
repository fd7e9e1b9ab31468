import type { BenchResult } from '../bench-result.js'
import { fixed, mb, ms, table } from './format.js'

/** The engine every speed ratio is taken against: BM25Stream with the recommended analyzer. */
export function referenceEngine(result: BenchResult): string {
  return result.selection.best.config.bm25Analyzer === 'code-aware' ? '@rag BM25Stream (code-aware)' : '@rag BM25Stream (compatible)'
}

/**
 * The short table for the root README: test-split quality on both corpora and speed at the
 * largest size, for `@rag` (seed defaults and recommended) and every peer.
 */
export function readmeTable(result: BenchResult): string {
  const largest = result.scaling.points[result.scaling.points.length - 1]
  const wanted = (label: string): boolean => !label.startsWith('@rag') || label.includes('seed') || label.includes('recommended') || label === referenceEngine(result)
  const labels = (result.peers[0]?.engines ?? []).map((e) => e.label).filter(wanted)
  const header = [
    'engine',
    ...result.peers.map((p) => `${p.corpus} MRR@10`),
    ...result.peers.map((p) => `${p.corpus} file R@10`),
    `index ms (${largest?.chunks ?? 0} chunks)`,
    'query p50 ms',
    'heap MB',
  ]
  const rows = labels.map((label) => {
    const speed = largest?.engines.find((e) => e.label === label)
    return [
      label,
      ...result.peers.map((p) => fixed(p.engines.find((e) => e.label === label)?.chunk.mrr10 ?? Number.NaN)),
      ...result.peers.map((p) => fixed(p.engines.find((e) => e.label === label)?.file.recall10 ?? Number.NaN)),
      speed ? ms(speed.indexMs) : 'n/a',
      speed ? ms(speed.p50Ms) : 'n/a',
      speed ? mb(speed.heapBytes) : 'n/a',
    ]
  })
  return table(header, rows)
}
