import { createServer } from 'node:net'
import { inspect } from 'node:util'
import { CancelledError, InvalidArgumentError } from '@rag/core'
import { startOpenAiChatServer, type OpenAiChatServer } from '@rag/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createChatClient, type ChatClientOptions } from './chat-client.js'
import { ChatError } from './chat-error.js'
import type { ChatStreamEvent } from './chat-message.js'

const KEY = 'sk-test-0123456789abcdefSECRET'
const QUESTION = [{ role: 'user' as const, content: 'How is a token verified?' }]

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = []
  for await (const event of stream) events.push(event)
  return events
}

async function failure(stream: AsyncIterable<ChatStreamEvent>): Promise<unknown> {
  try {
    await collect(stream)
  } catch (error) {
    return error
  }
  throw new Error('expected the stream to fail')
}

function text(events: readonly ChatStreamEvent[]): string {
  return events.map((e) => (e.type === 'token' ? e.text : '')).join('')
}

/** A gate the test opens: `pace` waits on it before a token is written. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = (): void => {}
  const wait = new Promise<void>((resolve) => (open = resolve))
  return { wait, open }
}

describe('createChatClient', () => {
  let model: OpenAiChatServer
  const client = (options: Partial<ChatClientOptions> = {}) =>
    createChatClient({ baseUrl: model.baseUrl, model: 'test-model', apiKey: KEY, retryDelayMs: 10, ...options })

  beforeEach(async () => {
    model = await startOpenAiChatServer({ apiKey: KEY })
  })
  afterEach(async () => {
    await model.close()
  })

  it('POSTs the conversation with stream: true and yields each token, then the finish reason', async () => {
    model.script.push({ tokens: ['Tokens', ' are', ' checked', ' in verifyToken.'] })
    const events = await collect(client({ temperature: 0, maxTokens: 200 }).stream(QUESTION))
    expect(text(events)).toBe('Tokens are checked in verifyToken.')
    expect(events.filter((e) => e.type === 'token')).toHaveLength(4)
    expect(events.at(-1)).toEqual({ type: 'end', finishReason: 'stop', usage: undefined, attempts: 1 })
    const [seen] = model.requests
    expect(seen?.path).toBe('/v1/chat/completions')
    expect(seen?.authorization).toBe(`Bearer ${KEY}`)
    expect(seen?.body).toEqual({ model: 'test-model', messages: QUESTION, stream: true, temperature: 0, max_tokens: 200 })
  })

  it('yields a token as soon as it arrives, before the next one is written', async () => {
    const second = gate()
    model.script.push({ tokens: ['first', ' second'], pace: (i) => (i === 1 ? second.wait : Promise.resolve()) })
    const stream = client().stream(QUESTION)
    const first = await stream.next()
    expect(first.value).toEqual({ type: 'token', text: 'first' })
    expect(model.requests[0]?.tokensSent).toBe(1)
    second.open()
    expect(text(await collect(stream))).toBe(' second')
  })

  it('retries a 429, waiting as Retry-After asks, then streams', async () => {
    model.script.push({ status: 429, retryAfter: '1' }, { status: 429, retryAfter: '0' })
    const started = performance.now()
    const events = await collect(client({ retryDelayMs: 0 }).stream(QUESTION))
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    expect(text(events)).toBe('Grounded answer.')
    expect(events.at(-1)).toMatchObject({ type: 'end', attempts: 3 })
    expect(model.requests).toHaveLength(3)
  })

  it('caps the Retry-After wait at maxRetryDelayMs', async () => {
    model.script.push({ status: 503, retryAfter: '3600' })
    const started = performance.now()
    await collect(client({ maxRetryDelayMs: 50 }).stream(QUESTION))
    expect(performance.now() - started).toBeLessThan(5000)
    expect(model.requests).toHaveLength(2)
  })

  it('gives up after maxRetries with one line naming the endpoint, the status and the attempts', async () => {
    for (let i = 0; i < 3; i++) model.script.push({ status: 500, body: '{"error":{"message":"model crashed\\nwhile loading"}}' })
    const error = await failure(client({ maxRetries: 2 }).stream(QUESTION))
    expect(error).toBeInstanceOf(ChatError)
    expect((error as ChatError).message).toBe(`POST ${model.baseUrl}/chat/completions answered 500 Internal Server Error: model crashed while loading (3 attempts).`)
    expect(error).toMatchObject({ code: 'IO', failure: 'status', status: 500, attempts: 3 })
  })

  it('turns a 401 into one line that names endpoint and status and never the key, without retrying', async () => {
    const wrong = 'sk-wrong-key-9876543210zyxw'
    const error = await failure(client({ apiKey: wrong }).stream(QUESTION))
    expect(error).toBeInstanceOf(ChatError)
    const { message } = error as ChatError
    expect(message).toBe(`POST ${model.baseUrl}/chat/completions answered 401 Unauthorized; check the API key.`)
    expect(message).not.toContain('\n')
    expect(message).not.toContain(wrong.slice(0, 8))
    expect(model.requests).toHaveLength(1)
  })

  it('keeps the key out of the client object and of messages that quote the body', async () => {
    const shown = client()
    expect(JSON.stringify(shown)).not.toContain(KEY)
    expect(inspect(shown, { depth: 5 })).not.toContain(KEY)
    model.script.push({ status: 400, body: `{"error":{"message":"bad request from key ${KEY.slice(3, 15)}..."}}` })
    const error = (await failure(shown.stream(QUESTION))) as ChatError
    expect(error.message).toContain('answered 400 Bad Request: bad request from key [redacted]')
    expect(error.message).not.toContain(KEY.slice(3, 15))
  })

  it('advises on the base URL and model for a 404', async () => {
    model.script.push({ status: 404, body: '{"error":{"message":"model \\"llama9\\" not found, try pulling it first"}}' })
    const error = (await failure(client().stream(QUESTION))) as ChatError
    expect(error.message).toBe(
      `POST ${model.baseUrl}/chat/completions answered 404 Not Found: model "llama9" not found, try pulling it first; check the base URL (OpenAI-compatible servers usually end it in /v1) and the model name.`,
    )
  })

  it('cancels mid-answer through the AbortSignal: the upstream request is aborted', async () => {
    const never = new Promise<void>(() => {})
    model.script.push({ tokens: ['partial', ' never'], pace: (i) => (i === 0 ? Promise.resolve() : never) })
    const controller = new AbortController()
    const stream = client().stream(QUESTION, { signal: controller.signal })
    expect((await stream.next()).value).toEqual({ type: 'token', text: 'partial' })
    const next = stream.next()
    controller.abort()
    await expect(next).rejects.toBeInstanceOf(CancelledError)
    await expect(model.requests[0]!.closed).resolves.toEqual({ aborted: true })
  })

  it('cancels while waiting to retry, and before sending when already aborted', async () => {
    model.script.push({ status: 429, retryAfter: '30' })
    const controller = new AbortController()
    const pending = failure(client().stream(QUESTION, { signal: controller.signal }))
    await model.request(0)
    setTimeout(() => controller.abort(), 50)
    expect(await pending).toBeInstanceOf(CancelledError)
    expect(model.requests).toHaveLength(1)
    expect(await failure(client().stream(QUESTION, { signal: AbortSignal.abort() }))).toBeInstanceOf(CancelledError)
    expect(model.requests).toHaveLength(1)
  })

  it('aborts the upstream request when the caller stops reading early', async () => {
    const never = new Promise<void>(() => {})
    model.script.push({ tokens: ['one', ' two'], pace: (i) => (i === 0 ? Promise.resolve() : never) })
    for await (const event of client().stream(QUESTION)) {
      expect(event).toEqual({ type: 'token', text: 'one' })
      break
    }
    await expect(model.requests[0]!.closed).resolves.toEqual({ aborted: true })
  })

  it('times out a request that does not answer, and retries it', async () => {
    model.script.push({ silent: true })
    // Long enough for the retry's answer on a loaded machine; the silent request never answers.
    const events = await collect(client({ timeoutMs: 1_000 }).stream(QUESTION))
    expect(text(events)).toBe('Grounded answer.')
    expect(model.requests).toHaveLength(2)
    await expect(model.requests[0]!.closed).resolves.toEqual({ aborted: true })
    model.script.push({ silent: true })
    const error = (await failure(client({ timeoutMs: 200, maxRetries: 0 }).stream(QUESTION))) as ChatError
    expect(error.message).toBe(`POST ${model.baseUrl}/chat/completions did not answer within 200 ms.`)
    expect(error.failure).toBe('timeout')
  })

  it('aborts a stream that falls silent for idleTimeoutMs, keeping what arrived', async () => {
    const never = new Promise<void>(() => {})
    model.script.push({ tokens: ['so far', ' never'], pace: (i) => (i === 0 ? Promise.resolve() : never) })
    const seen: ChatStreamEvent[] = []
    let error: unknown
    try {
      for await (const event of client({ idleTimeoutMs: 200 }).stream(QUESTION)) seen.push(event)
    } catch (e) {
      error = e
    }
    expect(text(seen)).toBe('so far')
    expect(error).toBeInstanceOf(ChatError)
    expect((error as ChatError).message).toBe(`POST ${model.baseUrl}/chat/completions sent nothing for 200 ms in the middle of the answer; the request was aborted.`)
    await expect(model.requests[0]!.closed).resolves.toEqual({ aborted: true })
    // Content had arrived: the request was not repeated.
    expect(model.requests).toHaveLength(1)
  })

  it('reads a non-streaming JSON completion from an endpoint that ignores stream: true', async () => {
    model.script.push({ completion: 'The whole answer at once.' })
    const events = await collect(client().stream(QUESTION))
    expect(events).toEqual([
      { type: 'token', text: 'The whole answer at once.' },
      { type: 'end', finishReason: 'stop', usage: undefined, attempts: 1 },
    ])
  })

  it('reads CRLF-separated events, comments, usage and a stream without [DONE]', async () => {
    model.script.push({ tokens: ['a', 'b'], crlf: true })
    expect(text(await collect(client().stream(QUESTION)))).toBe('ab')
    const chunk = (delta: object, finish: string | null, extra: object = {}) => JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }], ...extra })
    model.script.push({
      rawEvents: `: keep-alive\n\ndata: ${chunk({ content: 'x' }, null)}\n\ndata: ${chunk({}, 'length', { usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 } })}`,
    })
    expect(await collect(client().stream(QUESTION))).toEqual([
      { type: 'token', text: 'x' },
      { type: 'end', finishReason: 'length', usage: { promptTokens: 5, completionTokens: 1, totalTokens: 6 }, attempts: 1 },
    ])
  })

  it('fails clearly on a cut stream, an error event and an event that is not JSON', async () => {
    const endpoint = `${model.baseUrl}/chat/completions`
    model.script.push({ tokens: ['half'], cut: true })
    const cut = (await failure(client().stream(QUESTION))) as ChatError
    expect(cut.message).toBe(`POST ${endpoint} ended the stream before the model finished (no finish reason and no [DONE]); the answer is incomplete.`)
    expect(cut.failure).toBe('protocol')
    model.script.push({ rawEvents: 'data: {"error":{"message":"context length exceeded"}}\n\n' })
    expect(((await failure(client().stream(QUESTION))) as ChatError).message).toBe(`POST ${endpoint} sent an error in the stream: context length exceeded.`)
    model.script.push({ rawEvents: 'data: <html>oops</html>\n\n' })
    expect(((await failure(client().stream(QUESTION))) as ChatError).message).toBe(`POST ${endpoint} sent an event that is not JSON: "<html>oops</html>".`)
  })

  it('names the endpoint when nothing listens there', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const error = (await failure(createChatClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', maxRetries: 1, retryDelayMs: 1 }).stream(QUESTION))) as ChatError
    expect(error.message).toMatch(new RegExp(`^POST http://127\\.0\\.0\\.1:${port}/v1/chat/completions failed: .*ECONNREFUSED.* \\(2 attempts\\)\\.$`))
    expect(error.failure).toBe('network')
  })

  it('refuses malformed options and messages with errors naming them', () => {
    expect(() => createChatClient({ baseUrl: 'localhost:11434', model: 'm' })).toThrow(/^baseUrl must be an http\(s\) URL; received protocol "localhost:"\.$/)
    expect(() => createChatClient({ baseUrl: 'not a url', model: 'm' })).toThrow(InvalidArgumentError)
    expect(() => createChatClient({ baseUrl: 'http://bob:hunter2@127.0.0.1:1/v1', model: 'm' })).toThrow(
      /^baseUrl must not carry a user name or password \(http:\/\/127\.0\.0\.1:1\/v1 has them\); give the API key through its environment variable\.$/,
    )
    expect(() => createChatClient({ baseUrl: 'http://x/v1', model: ' ' })).toThrow(/^model must be a non-empty string; received " "\.$/)
    expect(() => createChatClient({ baseUrl: 'http://x/v1', model: 'm', timeoutMs: 0 })).toThrow(/^timeoutMs must be a positive integer; received 0\.$/)
    expect(() => createChatClient({ baseUrl: 'http://x/v1', model: 'm', apiKey: 'a\nb' })).toThrow(/apiKey must be a non-empty string on one line/)
    expect(createChatClient({ baseUrl: 'http://127.0.0.1:11434/v1/', model: 'm' }).endpoint).toBe('http://127.0.0.1:11434/v1/chat/completions')
    const stream = client().stream([{ role: 'robot', content: 'x' }] as never)
    return expect(stream.next()).rejects.toThrow(/^messages\[0\]\.role must be "system", "user" or "assistant"; received "robot"\.$/)
  })
})
