import { EMBEDDER_KINDS, createRag, type EmbedderKind, type RagService, type RetrievalOverrides } from '@rag/session'

const MiB = 2 ** 20

/**
 * The pipeline the localization suite measures: the real `@rag/ingest` walk and `@rag/chunker`
 * behind `@rag/session`, built by the session's `recommended` preset (`createRag`: code-aware
 * analyzer, path + symbol-name indexed text, BM25 0.7 / TF-IDF 0.3, at most 3 chunks per file;
 * the `rag` CLI ranks with the same preset from its SQLite store), with the CLI's admission limits
 * (`index.maxFiles` 50,000, `index.maxEntries` 200,000, `index.maxDecodedBytes` 512 MiB), and the
 * code layers on (`layers: true`, the CLI's `index.layers`), so the ranking's graph (C2) and route
 * (C3) signals can be measured; `layers: false` for an index without them.
 *
 * The one place the suite builds a pipeline. `RAG_BENCH_EMBEDDER=static` (or `hash`) fuses the
 * session's vector stream too (`embedder` of `createRag`, weight `weights.vector` 0.1), to measure
 * vectors on this suite; unset, none (the shipped default). `RAG_BENCH_RETRIEVAL` (JSON of
 * `RetrievalOverrides`, e.g. `{"maxPerFile":5}`) overrides the preset's settings, for experiments
 * with the recorded pool (`dump-pool.ts`); unset, the preset as shipped.
 */
export function createLocalizationPipeline({ layers = true }: { readonly layers?: boolean } = {}): RagService {
  const kind = process.env['RAG_BENCH_EMBEDDER'] as EmbedderKind | undefined
  if (kind !== undefined && !EMBEDDER_KINDS.includes(kind)) throw new Error(`RAG_BENCH_EMBEDDER must be one of ${EMBEDDER_KINDS.join(', ')}; received ${kind}.`)
  const retrieval = process.env['RAG_BENCH_RETRIEVAL']
  return createRag({
    preset: 'recommended',
    ...(retrieval !== undefined && retrieval !== '' ? { retrieval: JSON.parse(retrieval) as RetrievalOverrides } : {}),
    ingest: { limits: { maxFiles: 50_000, maxEntries: 200_000, maxDecodedBytes: 512 * MiB } },
    layers,
    ...(kind !== undefined ? { embedder: { kind } } : {}),
  })
}

/** A one-line description of {@link createLocalizationPipeline} for the report. */
export const PIPELINE_DESCRIPTION =
  "`createRag({ preset: 'recommended' })` of `@rag/session` (the `rag` CLI's ranking: code-aware analyzer, path + symbol names indexed before the content, BM25 0.7 / TF-IDF 0.3 fused by RRF, at most 3 chunks per file) with the CLI's admission limits and code layers on (`layers: true`: C1 symbols, C2 dependency edges, C3 entrypoints extracted while indexing); real `@rag/ingest` walk (ignore files, default skips, format detection) and `@rag/chunker`"
