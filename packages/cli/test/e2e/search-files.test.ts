import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, runRag, type Sandbox } from '../../src/testing/cli-process.js'

// The tests repeat the request's words more often than the source does: the fused chunk order
// puts the test first, the file ranking the source.
const FILES: Record<string, string> = {
  'src/http/retry.ts': [
    '/** Retries a request with exponential backoff until the deadline. */',
    'export function retryRequest(request: Request, attempts: number): Promise<Response> {',
    '  return fetch(request).catch(() => (attempts > 0 ? retryRequest(request, attempts - 1) : Promise.reject(new Error("gave up"))))',
    '}',
    '',
  ].join('\n'),
  'src/http/timeout.ts': '/** Aborts a request after a timeout in milliseconds. */\nexport function withTimeout(request: Request, ms: number): Request {\n  return new Request(request, { signal: AbortSignal.timeout(ms) })\n}\n',
  'test/retry.test.ts': [
    'import { retryRequest } from "../src/http/retry"',
    '',
    'describe("retryRequest", () => {',
    '  it("retries a request with backoff", () => retryRequest(new Request("http://x"), 3))',
    '  it("retry request timeout backoff", () => retryRequest(new Request("http://y"), 1))',
    '  it("retryRequest retries the request", () => retryRequest(new Request("http://z"), 2))',
    '})',
    '',
  ].join('\n'),
  'docs/retry.md': '# Retry\n\nretryRequest retries a request with backoff; retry, retry, retry.\n',
  // A file name that would clear the screen if printed as it is.
  'src/evil\u001b[2J.ts': 'export function clearScreenRetry(request: Request): Request {\n  return request\n}\n',
}

const QUERY = 'retryRequest retries the request too often'

interface FilesJson {
  query: string
  root: string
  topK: number
  tookMs: number
  depth: number
  plan: { intent: string; anchors: { kind: string; text: string }[]; reasons: string[]; priors: { demote: string[] } }
  files: { file: string; rank: number; score: number; prior: number; categories: string[]; contributions: { signal: string; value: number }[]; chunks: { id: string; startLine: number; endLine: number }[] }[]
}

describe('rag search --files (end to end)', () => {
  let box: Sandbox
  const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })

  beforeAll(async () => {
    box = await createSandbox(FILES)
    expect((await rag(['index', '.'])).code).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await box.dispose()
  })

  it('prints one line per file, path, best chunks\' line ranges and score, source before its test', async () => {
    // Chunk search applies the same path prior: the source's chunk before the test's.
    const chunks = lastJson<{ results: { file: string }[] }>(await rag(['--json', 'search', QUERY])).results.map((r) => r.file)
    expect(chunks[0]).toBe('src/http/retry.ts')
    expect(chunks).toContain('test/retry.test.ts')

    const run = await rag(['search', '--files', '-k', '3', QUERY])
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toMatch(/^src\/http\/retry\.ts {2}L1-4 {2}score \d+\.\d{4}$/)
    expect(lines.slice(0, 3).every((line) => /^\S+ {2}(L\d+-\d+(, )?)+ {2}score \d+\.\d{4}$/.test(line))).toBe(true)
    expect(lines[4]).toMatch(new RegExp(`^3 files for "${QUERY}" in .* \\(\\d+ ms\\)$`))
  })

  it('escapes a path from the corpus for the terminal', async () => {
    const run = await rag(['search', '--files', 'clearScreenRetry'])
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('\u001b')
    expect(run.stdout).toContain('src/evil\\x1b[2J.ts  L1-3  score ')
  })

  it('shows the plan and each signal\'s contribution with --explain', async () => {
    const run = await rag(['search', '--files', '--explain', '-k', '2', QUERY])
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toMatch(/^plan: intent locate: /)
    expect(run.stdout).toMatch(/^plan: anchors: identifier retryRequest/m)
    expect(run.stdout).toMatch(/^plan: demote test, fixture, docs, .*; 300 chunks searched$/m)
    const source = lines.findIndex((line) => line.startsWith('src/http/retry.ts  '))
    expect(lines[source + 1]).toMatch(/^ {6}first-hit \d\.\d{3}, .*definitions \d\.\d{3}/)
  })

  it('prints the plan, the files with their contributions and chunks with --json', async () => {
    const run = await rag(['--json', 'search', '--files', '-k', '4', QUERY])
    expect(run.code).toBe(0)
    const json = lastJson<FilesJson>(run)
    expect(json).toMatchObject({ query: QUERY, root: box.root, topK: 4, depth: 300, plan: { intent: 'locate' } })
    expect(json.plan.anchors).toContainEqual(expect.objectContaining({ kind: 'identifier', text: 'retryRequest' }))
    expect(json.files.map((f) => f.rank)).toEqual([1, 2, 3, 4])
    expect(json.files[0]).toMatchObject({ file: 'src/http/retry.ts', prior: 1, categories: [], chunks: [{ startLine: 1, endLine: 4 }] })
    expect(json.files[0]!.contributions.map((c) => c.signal)).toContain('definitions')
    const test = json.files.find((f) => f.file === 'test/retry.test.ts')
    expect(test).toMatchObject({ categories: ['test'] })
    expect(test!.prior).toBeLessThan(1)
  })

  it('narrows the files with --path', async () => {
    const run = await rag(['--json', 'search', '--files', '--path', 'test', QUERY])
    const json = lastJson<FilesJson>(run)
    expect(json.files.map((f) => f.file)).toEqual(['test/retry.test.ts'])
  })

  it('refuses an empty query with a clear error', async () => {
    const run = await rag(['search', '--files', '   '])
    expect(run.code).not.toBe(0)
    expect(run.stderr).toMatch(/query must be a non-empty string/)
  })
})
