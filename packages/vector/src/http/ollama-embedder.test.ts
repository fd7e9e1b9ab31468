import { CancelledError, ConfigError } from '@rag/core'
import { afterEach, describe, expect, it } from 'vitest'
import { EmbeddingError } from '../embedding-error.js'
import { expectedVector, startEmbeddingServer, type EmbeddingServer } from '@rag/test-utils'
import { createOllamaEmbedder } from './ollama-embedder.js'

let server: EmbeddingServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

const texts = (n: number): string[] => Array.from({ length: n }, (_, i) => `chunk ${i}`)

describe('createOllamaEmbedder', () => {
  it('posts batches to /api/embed and returns the vectors in input order', async () => {
    server = await startEmbeddingServer({ dimensions: 4 })
    const embedder = createOllamaEmbedder({ baseUrl: server.url, model: 'nomic-embed-text', dimensions: 4, batchSize: 4 })
    const vectors = await embedder.embed(texts(9))
    expect(server.requests.map((r) => [r.path, r.inputs.length, r.body['truncate']])).toEqual(
      expect.arrayContaining([
        ['/api/embed', 4, true],
        ['/api/embed', 1, true],
      ]),
    )
    expect(server.requests).toHaveLength(3)
    vectors.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(Float32Array.from(expectedVector(`chunk ${i}`, 4)))))
    expect(embedder.name).toBe('ollama:nomic-embed-text:4')
    expect(embedder.endpoint).toBe(`${server.url}/api/embed`)
  })

  it('retries 429 and 503 with backoff', async () => {
    server = await startEmbeddingServer({ dimensions: 4 })
    server.script.push({ status: 503 }, { status: 429 })
    const embedder = createOllamaEmbedder({ baseUrl: server.url, model: 'm', dimensions: 4, retryDelayMs: 1 })
    expect(await embedder.embed(['x'])).toHaveLength(1)
    expect(server.requests).toHaveLength(3)
  })

  it('times out, checks dimensions, and cancels', async () => {
    server = await startEmbeddingServer({ dimensions: 4, delayMs: 10 })
    server.script.push({ hangMs: 5_000 })
    const hasty = createOllamaEmbedder({ baseUrl: server.url, model: 'm', dimensions: 4, timeoutMs: 80, maxRetries: 0 })
    await expect(hasty.embed(['x'])).rejects.toThrow(EmbeddingError)
    // The answers below must not time out on a loaded machine: only the hang above should.
    const embedder = createOllamaEmbedder({ baseUrl: server.url, model: 'm', dimensions: 4, timeoutMs: 10_000, maxRetries: 0, batchSize: 1, concurrency: 1 })
    server.script.push({ dimensions: 3 })
    await expect(embedder.embed(['x'])).rejects.toThrow(ConfigError)
    const controller = new AbortController()
    const run = embedder.embed(texts(10), { signal: controller.signal, onProgress: ({ embedded }) => embedded === 2 && controller.abort() })
    await expect(run).rejects.toBeInstanceOf(CancelledError)
  })
})
