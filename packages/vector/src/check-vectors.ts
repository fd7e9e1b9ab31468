import { ConfigError } from '@rag/core'
import { EmbeddingError } from './embedding-error.js'

/**
 * Checks what an embedder returned: `count` vectors of `dimensions` finite numbers each.
 *
 * @throws ConfigError when a vector has another length (the configured dimensions do not match
 * the model); EmbeddingError for a wrong count or a value that is not a finite number.
 */
export function checkVectors(embedder: string, dimensions: number, vectors: readonly ArrayLike<number>[], count: number): void {
  if (!Array.isArray(vectors) || vectors.length !== count) {
    const got = Array.isArray(vectors) ? `${vectors.length} vectors` : 'no array'
    throw new EmbeddingError(`Embedder ${embedder} returned ${got} for ${count} texts.`)
  }
  for (let i = 0; i < vectors.length; i++) {
    const vector = vectors[i]!
    if (vector.length !== dimensions) {
      throw new ConfigError(`Embedder ${embedder} returned a vector of ${vector.length} dimensions for text ${i}; expected ${dimensions} (check the configured dimensions).`)
    }
    for (let j = 0; j < dimensions; j++) {
      if (!Number.isFinite(vector[j])) {
        throw new EmbeddingError(`Embedder ${embedder} returned a non-finite value at dimension ${j} of vector ${i}.`)
      }
    }
  }
}
