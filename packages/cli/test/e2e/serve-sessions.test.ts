import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

const TOKEN = 'cli-test-token-0123456789'

describe('rag serve: tokens and sessions (end to end)', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await createSandbox({ 'src/a.ts': 'export const alpha = 1\n' })
  })
  afterAll(() => sandbox.dispose())

  it.each([
    ['--token with a space', ['--token', `${TOKEN} extra`], {}, /^error: The auth token \(token option, --token or RAG_TOKEN\) contains whitespace \(" " at position 26\);/],
    ['an empty --token', ['--token', ''], {}, /^error: The auth token \(token option, --token or RAG_TOKEN\) is empty;/],
    ['RAG_TOKEN with a trailing newline', [], { RAG_TOKEN: `${TOKEN}\n` }, /contains whitespace \("\\n" at position 26\)/],
  ])('refuses %s at start-up with one line, before listening', async (_name, flags, env, message) => {
    const run = await runRag(['serve', '--port', '0', ...flags], { cwd: sandbox.root, env: { ...sandbox.env, ...env }, timeoutMs: 15_000 })
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toMatch(message)
    expect(run.stderr).not.toContain(TOKEN)
    expect(run.stdout).toBe('')
  })

  it('refuses a new session with 429 when --max-sessions are live, never dropping a live one', async () => {
    const child = startRag(['--json', 'serve', '--port', '0', '--max-sessions', '2', '--token', TOKEN], { cwd: sandbox.root, env: sandbox.env })
    const finished = collect(child)
    const { url } = (await jsonLines(child).waitFor((e) => e['event'] === 'listening', 20_000)) as { url: string }
    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }
    const put = (id: string) => fetch(`${url}/sessions/${id}`, { method: 'PUT', headers, body: '{}' })
    expect((await put('alice')).status).toBe(201)
    expect((await fetch(`${url}/sessions/alice/documents`, { method: 'POST', headers, body: JSON.stringify({ content: 'alice keeps her notes' }) })).status).toBe(201)
    expect((await put('m0')).status).toBe(201)
    for (let i = 1; i <= 16; i++) {
      const refused = await put(`m${i}`)
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/cannot start: all 2 sessions \(maxSessions\) are live; a session is evicted only after 30 min idle/)
    }
    const alice = (await (await fetch(`${url}/sessions/alice/search?q=notes`, { headers })).json()) as { results: { content: string }[] }
    expect(alice.results.map((r) => r.content)).toEqual(['alice keeps her notes'])
    child.kill('SIGTERM')
    expect((await finished).code).toBe(0)
  })
})
