import { join } from 'node:path'
import type { ScalePoint } from '../bench-result.js'
import { readRealCode, realCodeFiles, type LoadedFile } from '../corpus/real-code.js'
import type { AnalyzerName } from '../eval/engines.js'
import { runEngines, speedOf, type EngineRunOptions } from './engine-runs.js'
import type { EngineRequest } from './engines/registry.js'
import { parseAndChunk } from './parse-vs-chunk.js'
import { measurePipeline } from './pipeline-speed.js'

/** Options of {@link runScaling}. */
export interface ScalingOptions extends EngineRunOptions {
  /** Characters of code at scale 1 (x). */
  readonly baseChars: number
  /** Multiples of x to measure, ascending. */
  readonly scales: readonly number[]
  readonly requests: readonly EngineRequest[]
  /** Timed queries (each engine runs all of them). */
  readonly queries: readonly string[]
  /** Analyzers of the pipeline's BM25 stream and knowledge base. */
  readonly bm25Analyzer: AnalyzerName
  readonly tfidfAnalyzer: AnalyzerName
}

/** The first files whose text adds up to at most `chars` (at least one file). */
function prefix(files: readonly LoadedFile[], chars: number): LoadedFile[] {
  const out: LoadedFile[] = []
  let total = 0
  for (const file of files) {
    if (out.length > 0 && total + file.content.length > chars) break
    out.push(file)
    total += file.content.length
  }
  return out
}

/**
 * Growth from 1x to the largest scale. The code: the Python standard library (tests included) of
 * the machine's python3, files in a fixed hashed order, so each size is a representative mix and
 * contains the smaller ones. Per size: every engine on the same `@rag/chunker` chunks (default
 * options), raw parse vs chunking time, and the full `FileIndexer` pipeline on a directory of
 * those files.
 */
export async function runScaling(options: ScalingOptions): Promise<ScalePoint[]> {
  const largest = Math.max(...options.scales) * options.baseChars
  const files = prefix(readRealCode(realCodeFiles({ sources: ['python-stdlib'], maxBytes: largest * 1.1, order: 'hashed' })), largest)
  const { chunks, costs } = await parseAndChunk(files, 'python', 2000)
  options.log(`  ${files.length} files, ${chunks.length} chunks at ${Math.max(...options.scales)}x`)
  const points: ScalePoint[] = []
  for (const scale of options.scales) {
    const subset = prefix(files, scale * options.baseChars)
    const labels = new Set(subset.map((f) => f.label))
    const docs = chunks.filter((c) => labels.has(String(c.metadata.file)))
    const cost = costs.filter((c) => labels.has(c.label))
    options.log(`  ${scale}x: ${subset.length} files, ${docs.length} chunks`)
    const results = await runEngines(options.requests, docs, options.queries, `scale-${scale}`, options)
    const pipeline = await measurePipeline(subset, join(options.scratch, `tree-${scale}`), options.bm25Analyzer, options.tfidfAnalyzer)
    options.log(`    pipeline: cold ${pipeline.coldMs.toFixed(0)} ms, no-op ${pipeline.noopMs.toFixed(0)} ms, edit ${pipeline.editMs.map((m) => m.toFixed(0)).join('/')} ms`)
    points.push({
      scale,
      files: subset.length,
      chars: subset.reduce((s, f) => s + f.content.length, 0),
      chunks: docs.length,
      engines: results.map(speedOf),
      parseMs: cost.reduce((s, c) => s + c.parseMs, 0),
      chunkMs: cost.reduce((s, c) => s + c.chunkMs, 0),
      pipeline,
    })
  }
  return points
}
