import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, lastJson, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

interface DoneEvent {
  event: 'done'
  initial: boolean
  stats: { chunked: number; files: number }
}

const isDone = (e: Record<string, unknown>): e is Record<string, unknown> & DoneEvent => e['event'] === 'done'

describe('rag watch (end to end)', () => {
  let box: Sandbox
  beforeAll(async () => {
    box = await createSandbox({
      'src/a.ts': 'export function alpha(): string {\n  return "apple"\n}\n',
      'src/b.ts': 'export function beta(): string {\n  return "banana"\n}\n',
      'docs/notes.md': '# Notes\n\nNothing about fruit here.\n',
    })
  })
  afterAll(async () => {
    await box.dispose()
  })

  it('re-indexes an edit within a bounded wait, while searches in other processes run without errors', async () => {
    const env = { ...box.env, RAG_WATCH_DEBOUNCE_MS: '100' }
    const watch = startRag(['--json', 'watch'], { cwd: box.root, env })
    const finished = collect(watch, 120_000)
    const events = jsonLines(watch)
    try {
      const initial = await events.waitFor((e) => isDone(e) && e.initial, 30_000)
      expect(initial).toMatchObject({ stats: { files: 3, chunked: 3 } })
      await events.waitFor((e) => e['event'] === 'watching', 30_000)

      // One edit, timed from the write to the committed run.
      const started = Date.now()
      await box.write('src/a.ts', 'export function alpha(): string {\n  return "kiwi"\n}\n')
      await events.waitFor((e) => isDone(e) && !e.initial && e.stats.chunked >= 1, 15_000)
      const latencyMs = Date.now() - started
      console.log(`rag watch: edit to committed run in ${latencyMs} ms`)
      expect(latencyMs).toBeLessThan(5_000)
      const found = lastJson<{ results: { file: string }[] }>(await runRag(['--json', 'search', 'kiwi'], { cwd: box.root, env: box.env }))
      expect(found.results.map((r) => r.file)).toEqual(['src/a.ts'])

      // Edits keep coming while other processes search, list and read status on the same index.
      const runs = []
      for (let round = 0; round < 6; round++) {
        await box.write(`src/gen${round}.ts`, `export const generated${round} = "cherry ${round}"\n`)
        runs.push(
          ...(await Promise.all([
            runRag(['--json', 'search', 'cherry'], { cwd: box.root, env: box.env }),
            runRag(['--json', 'status'], { cwd: box.root, env: box.env }),
          ])),
        )
      }
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(0)
        expect(run.stderr).toBe('')
      }
      await events.waitFor((e) => isDone(e) && e.stats.files === 9, 15_000)
      const cherries = lastJson<{ results: unknown[] }>(await runRag(['--json', 'search', 'cherry', '-k', '20'], { cwd: box.root, env: box.env }))
      expect(cherries.results).toHaveLength(6)
      expect(events.events.filter((e) => e['event'] === 'error')).toEqual([])
    } finally {
      watch.kill('SIGTERM')
    }
    const end = await finished
    expect(end.code).toBe(0)
  })
})
