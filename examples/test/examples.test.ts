import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const examples = resolve(import.meta.dirname, '..')
const run = (script: string, ...args: string[]): string =>
  execFileSync(resolve(examples, 'node_modules/.bin/tsx'), [resolve(examples, 'src', script), ...args], {
    cwd: examples,
    encoding: 'utf8',
  })

describe('examples', () => {
  it('compose-pipeline finds the fusion code and renders a fenced prompt', () => {
    const out = run('compose-pipeline.ts', 'reciprocal rank fusion weight per stream')
    expect(out).toMatch(/Indexed \d+ chunks\. Top 5/)
    expect(out).toContain('packages/hybrid/')
    expect(out).toMatch(/bm25#\d/)
    expect(out).toContain('<rag-memory>')
  })

  it('custom-stream fuses a user-written stream with BM25', () => {
    const out = run('custom-stream.ts', 'hybrid retriever builder')
    expect(out).toContain('with a user-written path stream')
    expect(out).toMatch(/path#\d/)
    expect(out).toContain('packages/hybrid/')
  })
})
