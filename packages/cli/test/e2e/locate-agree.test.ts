import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastJson, runRag, type Sandbox } from '../../src/testing/cli-process.js'
import { exportedNames, indexedRealCodeSandbox, mcpSession, servedSession, wordsOf } from '../../src/testing/surface-agreement.js'

/** A located file as every surface can state it. */
interface Located {
  readonly file: string
  readonly score: number
  readonly ranges: string[]
  readonly contributions: { signal: string; value: number }[]
}

/**
 * 16 requests as a user or an agent writes them, from the corpus's exported names: a fix, a
 * question about tests, a plain name, words of two names.
 */
function queriesFrom(root: string): string[] {
  const sorted = exportedNames(root)
  // Distinct queries until there are 16, whatever the copied sources hold.
  const queries = new Set<string>()
  for (let i = 0; queries.size < 16 && i < sorted.length * 4; i++) {
    const name = sorted[(i * 11) % sorted.length]!
    const other = sorted[(i * 17 + 3) % sorted.length]!
    queries.add([`Fix ${name} when ${wordsOf(other)} is empty`, `where are the tests for ${name}?`, name, `${wordsOf(name)} ${wordsOf(other)}`][i % 4]!)
  }
  return [...queries]
}

/** A located file as the CLI's JSON and the server state it: its best chunks, not yet as ranges. */
type LocatedJson = Omit<Located, 'ranges'> & { chunks: { startLine?: number; endLine?: number }[] }

const ranges = (chunks: { startLine?: number; endLine?: number }[]): string[] => chunks.filter((c) => c.startLine !== undefined).map((c) => `L${c.startLine}-${c.endLine ?? c.startLine}`)

describe('rag search --files, GET /sessions/:id/files and MCP locate_files over one configuration', () => {
  let sandbox: Sandbox
  let queries: string[]
  beforeAll(async () => {
    sandbox = await indexedRealCodeSandbox()
    queries = queriesFrom(sandbox.root)
  }, 180_000)
  afterAll(() => sandbox.dispose())

  it('return identical files, scores, line ranges and contributions', async () => {
    expect(queries.length).toBeGreaterThanOrEqual(15)
    const k = 8

    // rag search --files, one process per query, as a user runs it.
    const byCli: Located[][] = []
    const intents = new Set<string>()
    for (const query of queries) {
      const run = await runRag(['--json', 'search', '--files', '-k', String(k), '--', query], { cwd: sandbox.root, env: sandbox.env })
      expect(run.code).toBe(0)
      const json = lastJson<{ plan: { intent: string }; files: LocatedJson[] }>(run)
      intents.add(json.plan.intent)
      byCli.push(json.files.map(({ file, score, chunks, contributions }) => ({ file, score, ranges: ranges(chunks), contributions })))
    }
    expect(byCli.filter((files) => files.length > 0).length).toBe(queries.length)
    expect([...intents].sort()).toEqual(expect.arrayContaining(['find-tests', 'locate']))

    // rag serve: a session indexes the same tree over HTTP and answers the same queries.
    const session = await servedSession(sandbox, 'agree')
    const byServe: Located[][] = []
    for (const query of queries) {
      const reply = (await (await fetch(`${session.url}/files?q=${encodeURIComponent(query)}&k=${k}`)).json()) as { files: LocatedJson[] }
      byServe.push(reply.files.map(({ file, score, chunks, contributions }) => ({ file, score, ranges: ranges(chunks), contributions })))
    }
    expect((await session.stop()).code).toBe(0)

    // rag mcp: locate_files over the project's index, with room for every file.
    const mcp = await mcpSession(sandbox)
    const byMcp: Located[][] = []
    for (const query of queries) {
      const reply = await mcp.request('tools/call', { name: 'locate_files', arguments: { query, k, max_tokens: 100_000 } })
      expect(reply['result'].structuredContent.omitted).toBe(0)
      byMcp.push((reply['result'].structuredContent.files as Located[]).map(({ file, score, ranges, contributions }) => ({ file, score, ranges, contributions })))
    }
    expect((await mcp.close()).code).toBe(0)

    for (const [i, query] of queries.entries()) {
      expect({ query, files: byServe[i] }).toEqual({ query, files: byCli[i] })
      expect({ query, files: byMcp[i] }).toEqual({ query, files: byCli[i] })
    }
  }, 600_000)
})
