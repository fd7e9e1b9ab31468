import type { BenchResult } from '../bench-result.js'
import { barChart, logLineChart, svgDocument, type BarGroup } from './svg-chart.js'

const WIDTH = 960

/** Labels short enough for the chart; the report names the full configuration. */
function short(label: string): string {
  return label.startsWith('@rag recommended') ? '@rag recommended' : label.replace('InMemoryKnowledgeBase', 'InMemoryKB')
}

/**
 * The report's chart: test-split chunk-level MRR@10 of every engine on each evaluation corpus,
 * then index time and query p50 of every engine from 1x to the largest size (log scale).
 */
export function renderChart(result: BenchResult): string {
  const corpora = result.peers.map((p) => p.corpus)
  const labels = result.peers[0]?.engines.map((e) => e.label) ?? []
  const groups: BarGroup[] = labels.map((label) => ({
    label: short(label),
    values: result.peers.map((p) => p.engines.find((e) => e.label === label)?.chunk.mrr10 ?? Number.NaN),
  }))
  const top = Math.max(0, ...groups.flatMap((g) => g.values.filter(Number.isFinite)))
  const bars = barChart(20, 10, WIDTH - 40, 'Quality: chunk-level MRR@10, test split (CodeSearchNet method)', corpora, groups, Math.max(0.1, Math.ceil((top + 0.05) * 10) / 10))
  const points = result.scaling.points
  const xLabels = points.map((p) => `${p.scale}x`)
  const lines = (figure: (label: string, i: number) => number): { label: string; values: number[] }[] =>
    (points[0]?.engines ?? []).map((e) => ({ label: short(e.label), values: points.map((_, i) => figure(e.label, i)) }))
  const at = (label: string, i: number) => points[i]!.engines.find((e) => e.label === label)!
  const lineTop = 10 + bars.height + 10
  const index = logLineChart(20, lineTop, WIDTH - 40, 260, `Index time (wall, log scale) by corpus size, x = ${(result.scaling.baseChars / 1e6).toFixed(1)} M chars of Python`, xLabels, lines((l, i) => at(l, i).indexMs), 'ms')
  const query = logLineChart(20, lineTop + 270, WIDTH - 40, 260, 'Query p50 (log scale) by corpus size', xLabels, lines((l, i) => at(l, i).p50Ms), 'ms')
  return svgDocument(WIDTH, lineTop + 540, [bars.svg, index, query])
}
