import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, runRag, type RagRun, type Sandbox } from '../../src/testing/cli-process.js'

// Small chunks split the class into a header and one chunk per method: a method's chunk holds
// `prune(...)` but not `LedgerReconciler`, which only its metadata (qname) names.
const FILES: Record<string, string> = {
  'src/billing/ledger.ts': [
    'export class LedgerReconciler {',
    '  private readonly entries: number[] = []',
    '',
    '  /** Adds up the amounts that were booked today. */',
    '  total(): number {',
    '    let sum = 0',
    '    for (const amount of this.entries) sum += amount',
    '    return sum',
    '  }',
    '',
    '  /** Drops the amounts older than the cut-off. */',
    '  prune(cutoff: number): void {',
    '    while (this.entries.length > 0 && this.entries[0]! < cutoff) this.entries.shift()',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/notes.md': '# Notes\n\nNothing about the ledger here, only amounts.\n',
}

interface SearchJson {
  results: { file: string; startLine: number; endLine: number; metadata: { qname?: string }; content: string }[]
}

function expectOneLineError(run: RagRun, code: number, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(code)
  const lines = run.stderr.trimEnd().split('\n')
  expect(lines, run.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(pattern)
  expect(run.stdout).toBe('')
}

describe('rag index.fields (end to end)', () => {
  let box: Sandbox
  let env: NodeJS.ProcessEnv
  const rag = (args: string[], extra: NodeJS.ProcessEnv = {}) => runRag(args, { cwd: box.root, env: { ...env, ...extra } })
  const methods = async (query: string, extra: NodeJS.ProcessEnv = {}) =>
    lastJson<SearchJson>(await rag(['--json', 'search', query], extra))
      .results.map((r) => r.metadata.qname)
      .filter((qname) => qname?.includes('.'))

  beforeAll(async () => {
    box = await createSandbox(FILES)
    env = { ...box.env, RAG_CHUNKER_MAX_CHARS: '200', RAG_CHUNKER_MIN_CHARS: '0', RAG_SEARCH_MAX_PER_FILE: '10' }
  })
  afterAll(async () => {
    await box.dispose()
  })

  it('shows path+symbol as the default, set by RAG_INDEX_FIELDS', async () => {
    const values = lastJson<{ values: Record<string, unknown> }>(await rag(['--json', 'config'])).values
    expect(values['index.fields']).toEqual({ value: 'path+symbol', source: { kind: 'default' } })
    const fromEnv = lastJson<{ values: Record<string, unknown> }>(await rag(['--json', 'config'], { RAG_INDEX_FIELDS: 'content' })).values
    expect(fromEnv['index.fields']).toEqual({ value: 'content', source: { kind: 'env', where: 'RAG_INDEX_FIELDS' } })
    expectOneLineError(await rag(['config'], { RAG_INDEX_FIELDS: 'symbols' }), 2, /index\.fields in the environment variable RAG_INDEX_FIELDS must be one of "content", "path\+symbol"; received "symbols"\./)
  })

  it('finds a method by its class name, which only its metadata holds, and returns the chunk unchanged', async () => {
    expect((await rag(['index'])).code).toBe(0)
    const hits = lastJson<SearchJson>(await rag(['--json', 'search', 'LedgerReconciler'])).results
    const prune = hits.find((r) => r.metadata.qname === 'LedgerReconciler.prune')
    expect(prune, JSON.stringify(hits)).toBeDefined()
    expect(prune?.content).not.toContain('LedgerReconciler')
    expect(prune?.content).toContain('prune(cutoff: number)')
    // Path words rank too: `billing` appears in no file's content.
    expect(lastJson<SearchJson>(await rag(['--json', 'search', 'billing'])).results.map((r) => r.file)).toContain('src/billing/ledger.ts')
    expect(lastJson<{ fields: string }>(await rag(['--json', 'status'])).fields).toBe('path+symbol')
  })

  it('refuses to index or watch with other fields; search uses the fields the index was built with', async () => {
    const other = { RAG_INDEX_FIELDS: 'content' }
    const refusal = /^error: The index at .* was built with index\.fields path\+symbol, but the configuration asks for content; run `rag clear` and `rag index` to rebuild it, or set index\.fields to "path\+symbol"\.$/
    expectOneLineError(await rag(['index'], other), 1, refusal)
    expectOneLineError(await rag(['watch'], other), 1, refusal)
    expect(await methods('LedgerReconciler', other)).toContain('LedgerReconciler.prune')
    expect(lastJson<{ fields: string }>(await rag(['--json', 'status'], other)).fields).toBe('path+symbol')
  })

  it('with content alone, after `rag clear`, ranks by the content only', async () => {
    const content = { RAG_INDEX_FIELDS: 'content' }
    expect((await rag(['clear'])).code).toBe(0)
    expect((await rag(['index'], content)).code).toBe(0)
    expect(await methods('LedgerReconciler', content)).toEqual([])
    expect(lastJson<SearchJson>(await rag(['--json', 'search', 'prune'], content)).results.map((r) => r.metadata.qname)).toContain('LedgerReconciler.prune')
    expect(lastJson<{ fields: string }>(await rag(['--json', 'status'])).fields).toBe('content')
    expectOneLineError(await rag(['index']), 1, /was built with index\.fields content, but the configuration asks for path\+symbol; run `rag clear`/)
  })
})
