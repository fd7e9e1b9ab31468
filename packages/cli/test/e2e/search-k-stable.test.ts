import { copyStdlibSubset, randomWordQueries } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/run-cli.js'
import { createSandbox, lastJson, runRag, type Sandbox } from '../../src/testing/cli-process.js'

interface SearchJson {
  results: { rank: number; id: string; file: string; startLine: number; endLine: number; score: number }[]
}

/** The first hit as `rag search --json` prints it: id, file, lines and score. */
const firstHit = ({ results }: SearchJson) => (results[0] === undefined ? undefined : { id: results[0].id, file: results[0].file, startLine: results[0].startLine, endLine: results[0].endLine, score: results[0].score })

describe('rag search -k 1 and -k 10 agree on the first hit (issue 11, defect 6; a real corpus)', () => {
  let box: Sandbox
  let files: string[]
  beforeAll(async () => {
    box = await createSandbox()
    files = copyStdlibSubset(box.root, ['json', 'email', 'http', 'argparse.py', 'functools.py', 'pathlib.py', 'subprocess.py'])
    const run = await runRag(['--json', 'index', box.root], { cwd: box.root, env: box.env, timeoutMs: 180_000 })
    expect(run.code).toBe(0)
  }, 240_000)
  afterAll(async () => {
    await box?.dispose()
  })

  it('as separate rag processes, for a handful of queries', async () => {
    // Seed 106: with 2 × topK candidates (the old depth), 3 of these 6 had a different first hit.
    for (const query of randomWordQueries(box.root, files, 6, 106)) {
      const [one, ten] = await Promise.all(
        ['1', '10'].map(async (k) => {
          const run = await runRag(['--json', 'search', '-k', k, '--', query], { cwd: box.root, env: box.env })
          expect(run.code, run.stderr).toBe(0)
          return lastJson<SearchJson>(run)
        }),
      )
      expect(firstHit(one!), query).toEqual(firstHit(ten!))
      expect(one!.results.length, query).toBe(1)
    }
  }, 120_000)

  it('through the CLI in process (runCli, the same commands), for 200 random queries', async () => {
    const search = async (query: string, k: string): Promise<SearchJson> => {
      let out = ''
      let err = ''
      const code = await runCli(['--json', 'search', '-k', k, '--', query], { cwd: box.root, env: box.env, stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) } })
      expect(code, err).toBe(0)
      return JSON.parse(out.trim().split('\n').at(-1)!) as SearchJson
    }
    let answered = 0
    for (const query of randomWordQueries(box.root, files, 200, 7)) {
      const one = await search(query, '1')
      const ten = await search(query, '10')
      expect(firstHit(one), query).toEqual(firstHit(ten))
      if (one.results.length > 0) answered++
    }
    expect(answered).toBeGreaterThan(190)
  }, 300_000)
})
