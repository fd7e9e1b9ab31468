import { describeValue, InvalidArgumentError, type Analyzer, type EmbedOptions, type Embedder } from '@rag/core'
import { basicAnalyzer } from '@rag/lexical'
import { embedLocally, LOCAL_BATCH_SIZE } from './local-batches.js'
import { toUnitVector } from './unit-vector.js'

/** Options of {@link createHashEmbedder}. */
export interface HashEmbedderOptions {
  /**
   * Turns text into terms (documents through `analyze`, queries through `analyzeQuery`), e.g.
   * `codeAwareAnalyzer` of `@rag/bm25`.
   * @default basicAnalyzer
   */
  readonly analyzer?: Analyzer
  /**
   * Vector length; more dimensions mean fewer terms sharing a bucket.
   * @default 256
   */
  readonly dimensions?: number
  /**
   * Varies the hash function; part of the embedder's `name`.
   * @default 0
   */
  readonly seed?: number
  /**
   * Texts embedded between two yields to the event loop.
   * @default 256
   */
  readonly batchSize?: number
}

/** FNV-1a over the UTF-16 code units of `text`, started from `seed`. */
function hashTerm(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  // A final avalanche so low bits (the bucket) and the top bit (the sign) are independent.
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  return hash >>> 0
}

function checkPositiveInteger(value: unknown, what: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentError(`${what} must be a positive integer; received ${describeValue(value)}.`)
  }
}

/**
 * Feature hashing (the "hashing trick"), seed 002's last fallback: each analyzer term adds
 * `±(1 + ln tf)` to one of `dimensions` buckets chosen by a hash, then the vector is scaled to unit
 * length. Deterministic and free, but **weak**: it knows nothing of meaning (two texts are close
 * only if they share terms, a bag-of-words overlap that BM25 already ranks better), and unrelated
 * terms that share a bucket add noise. Use it as a last resort or a test embedder, not as a
 * semantic default (SPEC §6); the default is the static embedder trained on the corpus.
 *
 * @example
 * const stream = new VectorStream({ embedder: createHashEmbedder({ analyzer: codeAwareAnalyzer }) })
 */
export function createHashEmbedder({ analyzer = basicAnalyzer, dimensions = 256, seed = 0, batchSize = LOCAL_BATCH_SIZE }: HashEmbedderOptions = {}): Embedder {
  if (typeof analyzer !== 'object' || analyzer === null || typeof analyzer.analyze !== 'function' || typeof analyzer.analyzeQuery !== 'function') {
    throw new InvalidArgumentError(`analyzer must be an Analyzer (name, analyze, analyzeQuery); received ${describeValue(analyzer)}.`)
  }
  checkPositiveInteger(dimensions, 'dimensions')
  checkPositiveInteger(batchSize, 'batchSize')
  if (!Number.isSafeInteger(seed)) throw new InvalidArgumentError(`seed must be an integer; received ${describeValue(seed)}.`)
  const embedTerms = (terms: readonly string[]): Float32Array => {
    const counts = new Map<string, number>()
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1)
    const vector = new Float64Array(dimensions)
    for (const [term, tf] of counts) {
      const hash = hashTerm(term, seed)
      vector[(hash & 0x7fffffff) % dimensions]! += (hash >>> 31 === 1 ? -1 : 1) * (1 + Math.log(tf))
    }
    return toUnitVector(vector)
  }
  return Object.freeze({
    name: `hash@1:${analyzer.name}:${dimensions}:${seed}`,
    dimensions,
    embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
      const analyze = options.inputType === 'query' ? (t: string) => analyzer.analyzeQuery(t) : (t: string) => analyzer.analyze(t)
      return embedLocally(texts, (text) => embedTerms(analyze(text)), options, batchSize)
    },
  })
}
