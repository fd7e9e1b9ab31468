import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, RAG, runRag, type Sandbox } from '../../src/testing/cli-process.js'

const FILES: Record<string, string> = {
  'src/auth/token.ts': '/** Checks the signature and expiry of a bearer token. */\nexport function verifyToken(token: string): boolean {\n  return token.startsWith("Bearer ")\n}\n',
  'src/auth/session.ts': '/** Keeps the session cookie fresh. */\nexport function refreshSession(cookie: string): string {\n  return cookie.trim()\n}\n',
  'src/db/pool.py': 'class ConnectionPool:\n    """Keeps open database connections for reuse."""\n\n    def acquire(self):\n        return self.connections.pop()\n',
  'docs/deploy.md': '# Deploy\n\n## Rollback\n\nRedeploy the previous release tag to roll back.\n',
  'node_modules/dep/index.js': 'module.exports = "never indexed"\n',
}

interface SearchJson {
  results: { file: string; startLine: number; endLine: number; score: number; explain: { stream: string; rank: number; score: number }[] }[]
}
interface IndexDone {
  event: string
  added: number
  removed: number
  stats: { files: number; chunked: number; unchanged: number; statReused: number; removed: number }
}
interface StatusJson {
  root: string
  files: number
  chunks: number
  documents: number
  lastIndexedAt: string
  generation: number
  indexing: unknown
  weights: { bm25: number; tfidf: number }
}

describe('rag (end to end, on a real temporary repository)', () => {
  let box: Sandbox
  const rag = (args: string[], input?: string) => runRag(args, { cwd: box.root, env: box.env, ...(input === undefined ? {} : { input }) })

  beforeAll(async () => {
    box = await createSandbox(FILES)
  })
  afterAll(async () => {
    await box.dispose()
  })

  it('indexes a directory into <root>/.rag, never indexing .rag itself, with JSON progress events', async () => {
    const run = await rag(['--json', 'index', box.root])
    expect(run.code).toBe(0)
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { event: string })
    expect(events[0]?.event).toBe('progress')
    const done = lastJson<IndexDone>(run)
    expect(done).toMatchObject({ event: 'done', stats: { files: 4, chunked: 4 } })
    expect(existsSync(join(box.root, '.rag', 'index.db'))).toBe(true)
    expect(await readFile(join(box.root, '.rag', '.gitignore'), 'utf8')).toBe('*\n')

    const again = lastJson<IndexDone>(await rag(['--json', 'index']))
    expect(again.stats.files).toBe(4)
    expect(again.stats.chunked).toBe(0)
  })

  it('searches from a subdirectory (finding the index like git) with path:line ranges and scores', async () => {
    const run = await runRag(['search', 'verify', 'bearer', 'token'], { cwd: join(box.root, 'src', 'db'), env: box.env })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^ 1\. src\/auth\/token\.ts:1-4 {2}score 0\.0164 {2}function verifyToken$/m)
    expect(run.stdout).toMatch(/1 result for "verify bearer token"/)

    const json = lastJson<SearchJson>(await rag(['--json', 'search', 'connections', '--explain']))
    expect(json.results[0]).toMatchObject({ file: 'src/db/pool.py', startLine: 1 })
    // Two streams of the one index, fused 0.7 / 0.3: BM25 and TF-IDF.
    expect(json.results[0]?.explain).toEqual([
      expect.objectContaining({ stream: 'bm25', rank: 1 }),
      expect.objectContaining({ stream: 'tfidf', rank: 1 }),
    ])
    expect(json.results[0]?.score).toBeCloseTo(1 / 61, 6)

    const explained = await rag(['search', 'connections', '--explain'])
    expect(explained.stdout).toMatch(/bm25: rank 1, score /)
    expect(explained.stdout).toMatch(/tfidf: rank 1, score /)
  })

  it('fuses with the configured stream weights', async () => {
    const env = { ...box.env, RAG_SEARCH_WEIGHTS_BM25: '1', RAG_SEARCH_WEIGHTS_TFIDF: '2' }
    const json = lastJson<SearchJson>(await runRag(['--json', 'search', 'connections'], { cwd: box.root, env }))
    expect(json.results[0]?.score).toBeCloseTo(3 / 61, 6)
    const bad = await runRag(['search', 'connections'], { cwd: box.root, env: { ...box.env, RAG_SEARCH_WEIGHTS_TFIDF: '0' } })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/search\.weights\.tfidf in the environment variable RAG_SEARCH_WEIGHTS_TFIDF must be a number greater than 0; received "0"/)
  })

  it('filters by path and language and limits with -k', async () => {
    const byPath = lastJson<SearchJson>(await rag(['--json', 'search', 'session token cookie', '--path', 'src/auth', '-k', '1']))
    expect(byPath.results).toHaveLength(1)
    const byLang = lastJson<SearchJson>(await rag(['--json', 'search', 'keeps', '--lang', 'python']))
    expect(byLang.results.map((r) => r.file)).toEqual(['src/db/pool.py'])
    // An alias is its language; a name rag does not know gets a note, not silence.
    expect(lastJson<SearchJson>(await rag(['--json', 'search', 'keeps', '--lang', 'py'])).results.map((r) => r.file)).toEqual(['src/db/pool.py'])
    // From a subdirectory: `./` paths and absolute ones are read from where the command runs; others stay the root's.
    const inSrc = (args: string[]) => runRag(args, { cwd: join(box.root, 'src'), env: box.env })
    expect(lastJson<SearchJson>(await inSrc(['--json', 'search', 'keeps', '--path', './db'])).results.map((r) => r.file)).toEqual(['src/db/pool.py'])
    expect(lastJson<SearchJson>(await inSrc(['--json', 'search', 'keeps', '--path', join(box.root, 'src/db')])).results.map((r) => r.file)).toEqual(['src/db/pool.py'])
    expect(lastJson<SearchJson>(await inSrc(['--json', 'search', 'keeps', '--path', 'src/db'])).results.map((r) => r.file)).toEqual(['src/db/pool.py'])
    const rootRelative = await inSrc(['search', 'keeps', '--path', 'db'])
    expect(rootRelative.stdout).toMatch(/^No results for "keeps"/)
    expect(rootRelative.stderr).toContain('note: --path is relative to the index root; from src/ you may mean --path ./db.')
    const outside = await inSrc(['search', 'keeps', '--path', '../..'])
    expect(outside.code).toBe(2)
    expect(outside.stderr).toMatch(/^error: --path "\.\.\/\.\." is outside the index root /)
    const unknown = await rag(['search', 'keeps', '--lang', 'klingon'])
    expect(unknown.code).toBe(0)
    expect(unknown.stderr).toMatch(/^note: --lang "klingon" is no language rag knows \(typescript, tsx, javascript, python, .*\); only chunks whose language is exactly that match\.$/m)
    const none = await rag(['search', 'zebra'])
    expect(none.code).toBe(0)
    expect(none.stdout).toMatch(/No results for "zebra"/)
  })

  it('re-chunks only an edited file and drops the chunks of a deleted one', async () => {
    await box.write('src/auth/session.ts', '/** Rotates the signing keys every night. */\nexport function rotateKeys(): void {}\n')
    const edited = lastJson<IndexDone>(await rag(['--json', 'index']))
    expect(edited.stats).toMatchObject({ files: 4, chunked: 1 })
    expect(edited.removed).toBeGreaterThan(0)
    expect(lastJson<SearchJson>(await rag(['--json', 'search', 'rotates signing keys'])).results[0]?.file).toBe('src/auth/session.ts')
    expect(lastJson<SearchJson>(await rag(['--json', 'search', 'cookie'])).results).toEqual([])

    await box.remove('docs/deploy.md')
    const removed = lastJson<IndexDone>(await rag(['--json', 'index']))
    expect(removed.stats).toMatchObject({ files: 3, chunked: 0, removed: 1 })
    expect(lastJson<SearchJson>(await rag(['--json', 'search', 'rollback release tag'])).results).toEqual([])
  })

  it('reports counts and times in status', async () => {
    const before = Date.now()
    await box.write('src/new.ts', 'export const answer = 42\n')
    expect((await rag(['index'])).code).toBe(0)
    const status = lastJson<StatusJson>(await rag(['--json', 'status']))
    expect(status).toMatchObject({ root: box.root, files: 4, indexing: null, weights: { bm25: 0.7, tfidf: 0.3 }, layers: null })
    expect(status.chunks).toBeGreaterThanOrEqual(4)
    expect(status.documents).toBe(status.chunks)
    expect(Date.parse(status.lastIndexedAt)).toBeGreaterThanOrEqual(before - 1000)
    const human = await rag(['status'])
    expect(human.stdout).toMatch(/^Files {6}4$/m)
    expect(human.stdout).toMatch(/^Ranking {4}bm25 0\.7 \+ tfidf 0\.3 \(search\.weights\)$/m)
    expect(human.stdout).toMatch(/^Indexed {4}\d{4}-\d\d-\d\dT.* \(\d+ s ago\)$/m)
    expect(human.stdout).toMatch(/^Layers {5}none \(`rag index --layers` adds symbols, dependencies and entrypoints\)$/m)
  })

  it('previews a run with plan: counts per directory and format, and every skipped path with its reason', async () => {
    await box.write('.gitignore', 'secret.txt\n')
    await box.write('secret.txt', 'do not index\n')
    const plan = await rag(['plan'])
    expect(plan.code).toBe(0)
    expect(plan.stdout).toMatch(/^Plan for .*: 4 files/m)
    expect(plan.stdout).toMatch(/^ +2 +[\d.]+ MB +src\/auth$/m)
    expect(plan.stdout).toMatch(/^ {2}node_modules\/ {2}default skip \(node_modules\)$/m)
    expect(plan.stdout).toMatch(/^ {2}secret\.txt {2}ignored by \.gitignore:1 \(secret\.txt\)$/m)
    expect(plan.stdout).toMatch(/^ {2}\.rag\/ {2}default skip \(\.rag\)$/m)
    const json = lastJson<{ totals: { files: number }; byFormat: { key: string }[]; skipped: unknown[] }>(await rag(['--json', 'plan']))
    expect(json.totals.files).toBe(4)
    expect(json.byFormat.map((f) => f.key)).toContain('code')
  })

  it('adds, lists and removes documents of your own', async () => {
    const added = await rag(['docs', 'add', '--text', 'Escalation policy: page the on-call engineer first.', '--meta', 'topic=ops'])
    expect(added.code).toBe(0)
    const id = added.stdout.trim()
    expect(id).toMatch(/^doc:/)
    const fromStdin = await rag(['docs', 'add', '-'], 'Second note about the escalation ladder.')
    expect(fromStdin.code).toBe(0)

    const list = lastJson<{ documents: { id: string; metadata: Record<string, string> }[] }>(await rag(['--json', 'docs', 'list']))
    expect(list.documents).toHaveLength(2)
    expect(list.documents.find((d) => d.id === id)?.metadata).toEqual({ topic: 'ops' })
    expect(lastJson<SearchJson & { results: { id?: string }[] }>(await rag(['--json', 'search', 'escalation on-call'])).results.length).toBe(2)

    expect((await rag(['docs', 'rm', id])).code).toBe(0)
    const missing = await rag(['docs', 'rm', id])
    expect(missing.code).toBe(1)
    expect(missing.stderr.trim()).toMatch(/^error: No document doc:.* in the index at /)
    // With --json, one document on stdout: what was removed and missing, and the error.
    const missingJson = await rag(['--json', 'docs', 'rm', id])
    expect(missingJson.code).toBe(1)
    expect(missingJson.stdout.trim().split('\n')).toHaveLength(1)
    expect(JSON.parse(missingJson.stdout)).toMatchObject({ removed: [], missing: [id], error: { code: 'NOT_FOUND' } })
    expect(lastJson<{ documents: unknown[] }>(await rag(['--json', 'docs', 'list'])).documents).toHaveLength(1)

    // A pipe whose writer is slow is read whole (the descriptor stays blocking), and an empty document is refused.
    const late = spawnSync('sh', ['-c', `(sleep 0.3; echo 'A note that arrives late through a pipe.') | "${process.execPath}" "${RAG}" docs add`], { cwd: box.root, env: box.env, encoding: 'utf8' })
    expect(late.stderr).toBe('')
    expect(late.status).toBe(0)
    const empty = await rag(['docs', 'add', '--text', ' '])
    expect(empty.code).toBe(2)
    expect(empty.stderr.trim()).toBe('error: the document from --text is empty; give some text.')
  })

  it('prints a context prompt in either format within a token budget', async () => {
    const fenced = await rag(['prompt', 'How', 'is', 'a', 'bearer', 'token', 'verified?', '-k', '2'])
    expect(fenced.code).toBe(0)
    expect(fenced.stdout).toContain('<entry><key>file</key><value>src/auth/token.ts</value></entry>')
    expect(fenced.stdout.trimEnd().endsWith('<rag-user-message>\nHow is a bearer token verified?\n</rag-user-message>')).toBe(true)
    const plain = await rag(['prompt', 'bearer token', '--format', 'plain'])
    expect(plain.stdout).toMatch(/^--- file: src\/auth\/token\.ts \(lines 1-4\) ---$/m)
    const tight = lastJson<{ status: string; tokens: number }>(await rag(['--json', 'prompt', 'bearer token', '--max-tokens', '60']))
    expect(['truncated', 'over-budget']).toContain(tight.status)
    expect(tight.tokens).toBeLessThanOrEqual(60)
  })

  it('applies configuration by precedence and shows where each value came from', async () => {
    await box.write('rag.config.json', JSON.stringify({ search: { topK: 2 }, watch: { debounceMs: 50 } }))
    const config = await runRag(['--json', 'config'], { cwd: box.root, env: { ...box.env, RAG_SEARCH_TOP_K: '3' } })
    const values = lastJson<{ values: Record<string, { value: unknown; source: { kind: string; where?: string } }> }>(config).values
    expect(values['search.topK']).toEqual({ value: 3, source: { kind: 'env', where: 'RAG_SEARCH_TOP_K' } })
    expect(values['watch.debounceMs']).toEqual({ value: 50, source: { kind: 'project', where: join(box.root, 'rag.config.json') } })
    expect(values['analyzer']).toEqual({ value: 'code-aware', source: { kind: 'default' } })
    expect(values['index.fields']).toEqual({ value: 'path+symbol', source: { kind: 'default' } })

    const viaProject = lastJson<SearchJson>(await rag(['--json', 'search', 'token session keys connections']))
    expect(viaProject.results).toHaveLength(2)
    const viaFlag = lastJson<SearchJson>(await runRag(['--json', 'search', 'token session keys connections', '-k', '1'], { cwd: box.root, env: { ...box.env, RAG_SEARCH_TOP_K: '3' } }))
    expect(viaFlag.results).toHaveLength(1)
    await box.remove('rag.config.json')
  })

  it('clears the index', async () => {
    const cleared = await rag(['clear'])
    expect(cleared.code).toBe(0)
    expect(lastJson<StatusJson>(await rag(['--json', 'status']))).toMatchObject({ files: 0, chunks: 0, documents: 0, lastIndexedAt: null })
    expect(lastJson<IndexDone>(await rag(['--json', 'index'])).stats.chunked).toBe(4)
  })
})
