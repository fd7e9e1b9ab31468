import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastJson, runRag, type Sandbox } from '../../src/testing/cli-process.js'
import { exportedNames, indexedRealCodeSandbox, mcpSession, servedSession, wordsOf } from '../../src/testing/surface-agreement.js'

/** A hit as every surface can state it: where, and with which score. */
interface Where {
  readonly file: string
  readonly startLine: number | null
  readonly endLine: number | null
  readonly score: number
}

/**
 * 50 queries from the corpus itself, the same on every run: exported names (whole, and split into
 * words) and pairs of them, so hits span identifiers, words and several files.
 */
function queriesFrom(root: string): string[] {
  const sorted = exportedNames(root)
  // Distinct queries until there are 50 (the copied sources change with the repository, so a
  // fixed number of draws could repeat one).
  const queries = new Set<string>()
  for (let i = 0; queries.size < 50 && i < sorted.length * 3; i++) {
    const name = sorted[(i * 7) % sorted.length]!
    const other = sorted[(i * 13 + 5) % sorted.length]!
    queries.add([name, wordsOf(name), `${wordsOf(name)} ${wordsOf(other)}`][i % 3]!)
  }
  return [...queries]
}

describe('rag search, rag serve and rag mcp over one configuration', () => {
  let sandbox: Sandbox
  let queries: string[]
  beforeAll(async () => {
    sandbox = await indexedRealCodeSandbox()
    queries = queriesFrom(sandbox.root)
  }, 180_000)
  afterAll(() => sandbox.dispose())

  it('return identical ids and scores for 50 queries', async () => {
    expect(queries).toHaveLength(50)
    const k = 10

    // rag search, one process per query, as a user runs it.
    const bySearch: { id: string; score: number; where: Where }[][] = []
    for (const query of queries) {
      const run = await runRag(['--json', 'search', '-k', String(k), '--', query], { cwd: sandbox.root, env: sandbox.env })
      expect(run.code).toBe(0)
      const results = lastJson<{ results: { id: string; file: string; startLine: number | null; endLine: number | null; score: number }[] }>(run).results
      bySearch.push(results.map(({ id, file, startLine, endLine, score }) => ({ id, score, where: { file, startLine, endLine, score } })))
    }
    expect(bySearch.filter((hits) => hits.length > 0).length).toBeGreaterThanOrEqual(45)

    // rag serve: a session indexes the same tree over HTTP and answers the same queries.
    const session = await servedSession(sandbox, 'agree')
    const byServe: { id: string; score: number }[][] = []
    for (const query of queries) {
      const reply = (await (await fetch(`${session.url}/search?q=${encodeURIComponent(query)}&k=${k}`)).json()) as { results: { id: string; score: number }[] }
      byServe.push(reply.results.map(({ id, score }) => ({ id, score })))
    }
    expect((await session.stop()).code).toBe(0)

    // rag mcp: search_code over the project's index, with room for every hit.
    const mcp = await mcpSession(sandbox)
    const byMcp: Where[][] = []
    for (const query of queries) {
      const reply = await mcp.request('tools/call', { name: 'search_code', arguments: { query, k, max_tokens: 100_000 } })
      byMcp.push((reply['result'].structuredContent.results as Where[]).map(({ file, startLine, endLine, score }) => ({ file, startLine, endLine, score })))
    }
    expect((await mcp.close()).code).toBe(0)

    for (const [i, query] of queries.entries()) {
      const search = bySearch[i]!
      expect({ query, hits: byServe[i] }).toEqual({ query, hits: search.map(({ id, score }) => ({ id, score })) })
      expect({ query, hits: byMcp[i] }).toEqual({ query, hits: search.map(({ where }) => where) })
    }
  }, 600_000)
})
