import { codeAwareAnalyzer } from '@rag/bm25'
import type { Document, Embedder } from '@rag/core'
import { pathAndSymbolText } from '@rag/lexical'
import { createHashEmbedder, createStaticEmbedder, trainStaticModel, VectorStream, type Quantization, type StaticTrainingOptions } from '@rag/vector'

/** The embedder tiers compared: static embeddings trained on the corpus, and feature hashing. */
export type VectorTier = 'static' | 'hash'

/** A vector stream over a chunked corpus, with what it cost to build. */
export interface BuiltVectorStream {
  readonly stream: VectorStream
  /** Training the static model (0 for hashing), wall and main-thread CPU, ms. */
  readonly trainMs: number
  readonly trainCpuMs: number
  /** Embedding every chunk and filling the stream, wall and CPU, ms. */
  readonly embedMs: number
  readonly embedCpuMs: number
  /** Characters of indexed text (path + symbol lines + content). */
  readonly chars: number
  /** Vocabulary size of the static model (0 for hashing). */
  readonly vocabulary: number
}

async function measured<T>(run: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const value = await run()
  const used = process.cpuUsage(cpu)
  return { value, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
}

/**
 * Builds a `VectorStream` over `chunks` as the session would: the indexed text is
 * `pathAndSymbolText` (the recommended preset's), the analyzer `codeAwareAnalyzer`; the static
 * tier is trained on exactly those texts first.
 */
export async function buildVectorStream(
  tier: VectorTier,
  chunks: readonly Document[],
  { quantization = 'float32', training = {} }: { quantization?: Quantization; training?: Partial<StaticTrainingOptions> } = {},
): Promise<BuiltVectorStream> {
  const texts = chunks.map((chunk) => pathAndSymbolText.text(chunk))
  const chars = texts.reduce((sum, text) => sum + text.length, 0)
  let embedder: Embedder
  let train = { wallMs: 0, cpuMs: 0 }
  let vocabulary = 0
  if (tier === 'static') {
    const trained = await measured(() => trainStaticModel(texts, { analyzer: codeAwareAnalyzer, ...training }))
    train = trained
    vocabulary = trained.value.terms.length
    embedder = createStaticEmbedder(trained.value, { analyzer: codeAwareAnalyzer })
  } else {
    embedder = createHashEmbedder({ analyzer: codeAwareAnalyzer, dimensions: 256 })
  }
  const stream = new VectorStream({ embedder, indexedText: pathAndSymbolText, quantization, name: 'vector' })
  const embedded = await measured(() => stream.add(chunks))
  return { stream, trainMs: train.wallMs, trainCpuMs: train.cpuMs, embedMs: embedded.wallMs, embedCpuMs: embedded.cpuMs, chars, vocabulary }
}
