import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag } from './create-rag.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

// The test and the notes say "rate limit" more often than the source does: by the streams alone they come first.
const FILES = {
  'src/rate-limiter.ts': 'export function rateLimit(requests: number, windowMs: number): boolean {\n  return requests < windowMs / 1000\n}\n',
  'src/rate-limiter.test.ts': 'import { rateLimit } from "./rate-limiter"\n// rate limit rate limit requests window rate limit\ntest("rate limit", () => expect(rateLimit(1, 1000)).toBe(false))\n',
  'docs/rate-limits.md': '# Rate limits\n\nThe rate limit applies per window: rate limit requests, rate limit windows.\n',
  'LICENSE': 'Permission is granted to limit the rate of requests under the rate limit terms.\n',
}

const files = (hits: { document: { metadata: Record<string, unknown> } }[]): unknown[] => hits.map((hit) => hit.document.metadata['file'])

describe('path priors in search', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('puts source first for a code question, tests for "find the tests", docs for a docs question; pathPriors: false keeps the fused order', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const raw = files(await rag.search('how does rate limit work for requests', 4, undefined, { pathPriors: false }))
    expect(raw[0]).not.toBe('src/rate-limiter.ts')
    const code = await rag.search('how does rate limit work for requests', 4)
    expect(files(code)[0]).toBe('src/rate-limiter.ts')
    expect(new Set(files(code))).toEqual(new Set(raw))
    // The score is the fused score times the prior: a demoted hit's is a tenth of what the streams gave.
    const fused = new Map((await rag.search('how does rate limit work for requests', 4, undefined, { pathPriors: false })).map((hit) => [hit.document.id, hit.score]))
    const test = code.find((hit) => hit.document.metadata['file'] === 'src/rate-limiter.test.ts')!
    expect(test.score).toBeCloseTo(fused.get(test.document.id)! * 0.1, 10)
    expect(files(await rag.search('find the tests for rate limit', 4))[0]).toBe('src/rate-limiter.test.ts')
    expect(files(await rag.search('where do the docs describe the rate limit', 4))[0]).toBe('docs/rate-limits.md')
  })

  it('puts minified code behind source, whatever its file is named', async () => {
    const bundle = `var a=function(){${Array.from({ length: 400 }, (_, i) => `hashPassword(p${i},salt);`).join('')}};`
    await repo.write('web/js/chat.js', `${bundle}\n`)
    await repo.write('src/passwords.ts', 'export function hashPassword(password: string, salt: string): string {\n  return scrypt(password, salt)\n}\n')
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const raw = files(await rag.search('how are passwords hashed with hashPassword salt', 5, undefined, { pathPriors: false }))
    expect(raw[0]).toBe('web/js/chat.js')
    const hits = await rag.search('how are passwords hashed with hashPassword salt', 5)
    expect(files(hits)[0]).toBe('src/passwords.ts')
    expect(hits.find((hit) => hit.document.metadata['file'] === 'web/js/chat.js')?.explain).toBeDefined()
  })

  it('puts the definition of the name a query is first, even in a test file', async () => {
    const repo2 = await createTempRepo({
      'src/limiter.ts': '// checks whether the rate limit holds: isWithinLimit, isWithinLimit and isWithinLimit again\nexport const limits = isWithinLimit\n',
      'test/helpers.ts': 'export function isWithinLimit(count: number): boolean {\n  return count < 10\n}\n',
    })
    try {
      const rag = createRag()
      await rag.indexDirectory(repo2.root)
      // The lexical streams alone rank the file that says the name most first; the definitions stream the definition.
      const fused = await rag.search('isWithinLimit', 2, undefined, { pathPriors: false })
      expect(files(fused)).toEqual(['test/helpers.ts', 'src/limiter.ts'])
      expect(fused[0]!.explain?.map((e) => e.stream)).toContain('definitions')
      expect(fused[1]!.explain?.map((e) => e.stream)).not.toContain('definitions')
      // The path prior does not demote it: a test helper looked up by name is what was asked for.
      expect(files(await rag.search('isWithinLimit', 2))).toEqual(['test/helpers.ts', 'src/limiter.ts'])
    } finally {
      await repo2.dispose()
    }
  })

  it('asks the streams for more than topK, so demoted hits make room for source ones', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    expect(files(await rag.search('how does rate limit work for requests', 1))).toEqual(['src/rate-limiter.ts'])
  })

  it('puts the chunk that says a quoted message first, by the share of the message it says', async () => {
    // The client and the notes say the message's words more often; only the limiter raises it.
    await repo.write('src/client.ts', 'export async function send(request: Request) {\n  // a request over the rate limit is retried: rate limit exceeded, retry the request after the window\n  return fetch(request)\n}\n')
    await repo.write('src/window.ts', 'export function check(requests: number, limit: number): void {\n  if (requests > limit) throw new Error(`Rate limit exceeded: ${requests} requests in the window`)\n}\n')
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const query = 'I get "Rate limit exceeded: 12 requests in the window" when retrying a request'
    expect(files(await rag.search(query, 3, undefined, { pathPriors: false }))[0]).not.toBe('src/window.ts')
    expect(files(await rag.search(query, 3))[0]).toBe('src/window.ts')
  })
})
