import type { EngineQuality, EngineSpeed, ScalePoint } from '../bench-result.js'
import { fixed, mb, ms, table, times } from './format.js'

/** Quality and speed of every engine on one evaluation corpus. */
export function engineQualityTable(engines: readonly EngineQuality[]): string {
  return table(
    ['engine', 'chunks', 'R@1', 'R@10', 'MRR@10', 'nDCG@10', 'file R@10', 'file MRR@10', 'R@20k chars', 'index ms', 'query p50 ms', 'p95 ms'],
    engines.map((e) => [
      e.label,
      String(e.docs),
      fixed(e.chunk.recall1),
      fixed(e.chunk.recall10),
      fixed(e.chunk.mrr10),
      fixed(e.chunk.ndcg10),
      fixed(e.file.recall10),
      fixed(e.file.mrr10),
      fixed(e.budgetRecall),
      ms(e.indexMs),
      ms(e.p50Ms),
      ms(e.p95Ms),
    ]),
  )
}

/**
 * Every engine against a reference `@rag` engine on the same chunks: absolute figures and the
 * ratio engine / reference (above 1: slower or larger than the reference).
 */
export function speedRatioTable(engines: readonly EngineSpeed[], reference: string): string {
  const ref = engines.find((e) => e.label === reference) ?? engines[0]!
  return table(
    ['engine', 'index ms (wall)', 'x ref', 'index CPU ms', 'x ref', 'query p50 ms', 'x ref', 'query p95 ms', 'x ref', 'heap MB', 'x ref'],
    engines.map((e) => [
      e.label === ref.label ? `**${e.label}** (ref)` : e.label,
      ms(e.indexMs),
      times(e.indexMs / ref.indexMs),
      ms(e.indexCpuMs),
      times(e.indexCpuMs / ref.indexCpuMs),
      ms(e.p50Ms),
      times(e.p50Ms / ref.p50Ms),
      ms(e.p95Ms),
      times(e.p95Ms / ref.p95Ms),
      mb(e.heapBytes),
      times(e.heapBytes / ref.heapBytes),
    ]),
  )
}

/** One figure of every engine at every scale, with the growth from the smallest to the largest. */
export function growthTable(points: readonly ScalePoint[], figure: (e: EngineSpeed) => number, format: (v: number) => string): string {
  const labels = points[0]?.engines.map((e) => e.label) ?? []
  const first = points[0]
  const last = points[points.length - 1]
  return table(
    ['engine', ...points.map((p) => `${p.scale}x (${p.chunks} chunks)`), `growth ${first?.scale ?? 1}x to ${last?.scale ?? 1}x`],
    labels.map((label) => {
      const values = points.map((p) => figure(p.engines.find((e) => e.label === label)!))
      return [label, ...values.map(format), times(values[values.length - 1]! / values[0]!)]
    }),
  )
}

/** The full pipeline and the chunker at each scale. */
export function pipelineTable(points: readonly ScalePoint[]): string {
  return table(
    ['size', 'files', 'MB', 'chunks', 'cold index ms', 'cold MB/s', 'no-op ms', 'no-op % of cold', 'one-file edit ms (1st / 2nd)', 'edit: files re-chunked', 'raw parse MB/s', 'chunking MB/s', 'chunking / parse time'],
    points.map((p) => {
      const mbytes = p.pipeline.bytes / 1e6
      const chars = p.chars / 1e6
      return [
        `${p.scale}x`,
        String(p.files),
        mb(p.pipeline.bytes),
        String(p.pipeline.chunks),
        ms(p.pipeline.coldMs),
        fixed(mbytes / (p.pipeline.coldMs / 1000), 2),
        ms(p.pipeline.noopMs),
        `${fixed((p.pipeline.noopMs / p.pipeline.coldMs) * 100, 1)} %`,
        `${ms(p.pipeline.editMs[0])} / ${ms(p.pipeline.editMs[1])}`,
        p.pipeline.editChunked.join(' / '),
        fixed(chars / (p.parseMs / 1000), 2),
        fixed(chars / (p.chunkMs / 1000), 2),
        times(p.chunkMs / p.parseMs),
      ]
    }),
  )
}

/** The exact settings of every engine, as a list. */
export function settingsList(engines: readonly EngineSpeed[]): string {
  return engines.map((e) => `- **${e.label}**: ${e.settings}`).join('\n')
}
