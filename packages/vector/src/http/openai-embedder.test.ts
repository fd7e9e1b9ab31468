import { inspect } from 'node:util'
import { CancelledError, ConfigError, InvalidArgumentError, type EmbedProgress } from '@rag/core'
import { afterEach, describe, expect, it } from 'vitest'
import { EmbeddingError } from '../embedding-error.js'
import { expectedVector, startEmbeddingServer, type EmbeddingServer } from '@rag/test-utils'
import { VectorStream } from '../vector-stream.js'
import { createOpenAiEmbedder } from './openai-embedder.js'

const KEY = 'sk-test-0123456789abcdefSECRET'
let server: EmbeddingServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(options: { apiKey?: string; delayMs?: number } = {}): Promise<EmbeddingServer> {
  server = await startEmbeddingServer({ dimensions: 8, ...options })
  return server
}

const texts = (n: number): string[] => Array.from({ length: n }, (_, i) => `text number ${i}`)
const fast = { retryDelayMs: 1, maxRetryDelayMs: 20 }

describe('createOpenAiEmbedder', () => {
  it('posts batches to /v1/embeddings and returns the vectors in input order', async () => {
    const s = await start({ apiKey: KEY })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, apiKey: KEY, batchSize: 3 })
    const progress: EmbedProgress[] = []
    const vectors = await embedder.embed(texts(10), { onProgress: (p) => progress.push(p) })
    expect(s.requests.map((r) => r.inputs.length).sort()).toEqual([1, 3, 3, 3])
    expect(s.requests.every((r) => r.path === '/v1/embeddings' && r.body['model'] === 'm' && r.authorization === `Bearer ${KEY}`)).toBe(true)
    vectors.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(Float32Array.from(expectedVector(`text number ${i}`, 8)))))
    expect(progress.map((p) => p.total)).toEqual([10, 10, 10, 10])
    expect(progress.map((p) => p.embedded)).toEqual([...progress.map((p) => p.embedded)].sort((a, b) => a - b))
    expect(progress.at(-1)).toEqual({ embedded: 10, total: 10 })
    expect(embedder.name).toBe('openai:m:8')
  })

  it('keeps at most `concurrency` requests in flight', async () => {
    const s = await start({ delayMs: 40 })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, batchSize: 1, concurrency: 2 })
    await embedder.embed(texts(6))
    expect(s.requests).toHaveLength(6)
    expect(s.maxInFlight).toBe(2)
  })

  it('retries a 429 and a 503, then succeeds', async () => {
    const s = await start()
    s.script.push({ status: 429, retryAfter: '0' }, { status: 503 })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, ...fast })
    const vectors = await embedder.embed(['a b c'])
    expect(vectors).toHaveLength(1)
    expect(s.requests).toHaveLength(3)
  })

  it('gives up after maxRetries with a one-line error naming endpoint and status', async () => {
    const s = await start()
    s.script.push({ status: 503 }, { status: 503 }, { status: 503 })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, maxRetries: 2, ...fast })
    const error = await embedder.embed(['x']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmbeddingError)
    const e = error as EmbeddingError
    expect(e.status).toBe(503)
    expect(e.endpoint).toBe(`${s.url}/v1/embeddings`)
    expect(e.message).toBe(`POST ${s.url}/v1/embeddings answered 503 Service Unavailable: {"error":{"message":"scripted 503"}} (3 attempts).`)
    expect(s.requests).toHaveLength(3)
  })

  it('does not retry a 400 and quotes the server', async () => {
    const s = await start()
    s.script.push({ status: 400, body: '{"error":{"message":"model \\"m\\" not found"}}' })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, ...fast })
    await expect(embedder.embed(['x'])).rejects.toThrow(/answered 400 Bad Request: .*model \\"m\\" not found/)
    expect(s.requests).toHaveLength(1)
  })

  it('times out a request that hangs, and retries it', async () => {
    const s = await start()
    s.script.push({ hangMs: 5_000 })
    const once = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, timeoutMs: 100, maxRetries: 0 })
    const started = performance.now()
    await expect(once.embed(['x'])).rejects.toThrow(`POST ${s.url}/v1/embeddings timed out after 100 ms.`)
    expect(performance.now() - started).toBeLessThan(2_000)
    s.script.push({ hangMs: 5_000 })
    // Long enough for the retry's answer on a loaded machine, short of the hang.
    const twice = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, timeoutMs: 1_000, maxRetries: 1, ...fast })
    expect(await twice.embed(['x'])).toHaveLength(1)
  })

  it('rejects vectors of the wrong dimension with a ConfigError naming both', async () => {
    const s = await start()
    s.script.push({ dimensions: 5 })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8 })
    await expect(embedder.embed(['x'])).rejects.toThrow(ConfigError)
    s.script.push({ dimensions: 5 })
    await expect(embedder.embed(['x'])).rejects.toThrow('Embedder openai:m:8 returned a vector of 5 dimensions for text 0; expected 8 (check the configured dimensions).')
  })

  it('rejects a response that is not embeddings', async () => {
    const s = await start()
    s.script.push({ rawBody: '<html>proxy error</html>' })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8 })
    await expect(embedder.embed(['x'])).rejects.toThrow(/answered 200 with a body that is not JSON/)
    s.script.push({ rawBody: '{"data":[]}' })
    await expect(embedder.embed(['x'])).rejects.toThrow(`POST ${s.url}/v1/embeddings answered with 0 embeddings for 1 inputs.`)
  })

  it('fails a bad key once, on one line, without the key, and leaves a stream unchanged', async () => {
    const s = await start({ apiKey: 'sk-the-right-key-000000' })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, apiKey: KEY, ...fast })
    const error = (await embedder.embed(['x']).catch((e: unknown) => e)) as EmbeddingError
    expect(error).toBeInstanceOf(EmbeddingError)
    expect(error.status).toBe(401)
    expect(error.message).toBe(`POST ${s.url}/v1/embeddings answered 401 Unauthorized; check the API key.`)
    expect(s.requests).toHaveLength(1)
    for (const text of [error.message, String(error.stack), JSON.stringify(embedder), inspect(embedder, { showHidden: true, depth: 5 }), embedder.name]) {
      expect(text).not.toContain(KEY)
      expect(text).not.toContain('SECRET')
    }
    // The stream's writer fails the same way and keeps what it had.
    const keyed = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, apiKey: 'sk-the-right-key-000000' })
    const stream = new VectorStream({ embedder: keyed, minScore: Number.NEGATIVE_INFINITY })
    await stream.add([{ id: 'kept', content: 'kept text', metadata: {} }])
    const broken = new VectorStream({ embedder, minScore: Number.NEGATIVE_INFINITY })
    await expect(broken.add([{ id: 'lost', content: 'x', metadata: {} }])).rejects.toThrow(EmbeddingError)
    expect(await broken.size()).toBe(0)
    expect((await stream.search('kept text', 5)).map((r) => r.document.id)).toEqual(['kept'])
  })

  it('reports an unreachable server after its retries', async () => {
    const s = await start()
    const url = s.url
    await s.close()
    server = undefined
    const embedder = createOpenAiEmbedder({ baseUrl: `${url}/v1`, model: 'm', dimensions: 8, maxRetries: 1, ...fast })
    await expect(embedder.embed(['x'])).rejects.toThrow(new RegExp(`^POST ${url}/v1/embeddings failed: .*ECONNREFUSED.* \\(2 attempts\\)\\.$`))
  })

  it('cancels mid-run through an AbortSignal: no further requests, CancelledError', async () => {
    const s = await start({ delayMs: 20 })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8, batchSize: 1, concurrency: 1 })
    const controller = new AbortController()
    const run = embedder.embed(texts(20), {
      signal: controller.signal,
      onProgress: ({ embedded }) => {
        if (embedded === 3) controller.abort()
      },
    })
    await expect(run).rejects.toBeInstanceOf(CancelledError)
    const seen = s.requests.length
    expect(seen).toBeLessThanOrEqual(4)
    await new Promise((r) => setTimeout(r, 100))
    expect(s.requests.length).toBe(seen)
  })

  it('aborts a request in flight when cancelled', async () => {
    const s = await start()
    s.script.push({ hangMs: 5_000 })
    const embedder = createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const started = performance.now()
    await expect(embedder.embed(['x'], { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('sends dimensions only when asked to', async () => {
    const s = await start()
    await createOpenAiEmbedder({ baseUrl: `${s.url}/v1`, model: 'm', dimensions: 8 }).embed(['x'])
    await createOpenAiEmbedder({ baseUrl: `${s.url}/v1/`, model: 'm', dimensions: 8, requestDimensions: true }).embed(['x'])
    expect(s.requests.map((r) => r.body['dimensions'])).toEqual([undefined, 8])
    expect(s.requests.map((r) => r.path)).toEqual(['/v1/embeddings', '/v1/embeddings'])
  })

  it('rejects bad options with InvalidArgumentError', () => {
    expect(() => createOpenAiEmbedder({ model: '', dimensions: 8 })).toThrow(InvalidArgumentError)
    expect(() => createOpenAiEmbedder({ model: 'm', dimensions: 0 })).toThrow('dimensions must be a positive integer; received 0.')
    expect(() => createOpenAiEmbedder({ model: 'm', dimensions: 8, baseUrl: 'localhost:1234' })).toThrow(InvalidArgumentError)
    // A password in the URL: fetch refuses it, and the error must not repeat it.
    expect(() => createOpenAiEmbedder({ model: 'm', dimensions: 8, baseUrl: 'http://bob:hunter2@127.0.0.1:1/v1' })).toThrow(/^baseUrl must not carry a user name or password \(http:\/\/127\.0\.0\.1:1\/v1 has them\)/)
    expect(() => createOpenAiEmbedder({ model: 'm', dimensions: 8, batchSize: 1.5 })).toThrow(InvalidArgumentError)
    expect(() => createOpenAiEmbedder({ model: 'm', dimensions: 8, apiKey: '' })).toThrow('apiKey must be a non-empty string when given; received an empty string.')
  })
})
