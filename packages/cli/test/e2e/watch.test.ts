import { symlink } from 'node:fs/promises'
import { join } from 'node:path'
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

  it('does not follow a symbolic link out of the root, as indexing does not: changes behind it start no run', async () => {
    const linked = await createSandbox({ 'src/app.ts': 'export const app = 1\n' })
    const outside = await createSandbox({ 'elsewhere.ts': 'export const elsewhere = 1\n' })
    await symlink(outside.root, join(linked.root, 'outside-link'))
    const watch = startRag(['--json', 'watch'], { cwd: linked.root, env: { ...linked.env, RAG_WATCH_DEBOUNCE_MS: '100' } })
    const finished = collect(watch, 60_000)
    const events = jsonLines(watch)
    try {
      await events.waitFor((e) => e['event'] === 'watching', 30_000)
      await outside.write('elsewhere.ts', 'export const elsewhere = 2\n')
      await outside.write('more.ts', 'export const more = 3\n')
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(events.events.filter((e) => isDone(e) && !e.initial)).toEqual([])
    } finally {
      watch.kill('SIGTERM')
      await finished
      await linked.dispose()
      await outside.dispose()
    }
  })

  it('starts no run for changes the index skips by rule: an ignored log directory, an ignored file, node_modules', async () => {
    const app = await createSandbox({
      '.gitignore': 'logs/\n*.tmp\n',
      'src/app.ts': 'export const app = 1\n',
      'logs/app.log': 'started\n',
      'scratch.tmp': 'draft\n',
      'node_modules/dep/index.js': 'module.exports = 1\n',
    })
    const watch = startRag(['--json', 'watch'], { cwd: app.root, env: { ...app.env, RAG_WATCH_DEBOUNCE_MS: '100' } })
    const finished = collect(watch, 60_000)
    const events = jsonLines(watch)
    try {
      await events.waitFor((e) => e['event'] === 'watching', 30_000)
      // An app writing its log (or `rag watch > logs/watch.log`) for longer than the longest debounce.
      for (let line = 0; line < 12; line++) {
        await app.write('logs/app.log', `started\n${'request\n'.repeat(line)}`)
        await app.write('scratch.tmp', `draft ${line}\n`)
        await app.write('node_modules/dep/index.js', `module.exports = ${line}\n`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(events.events.filter((e) => isDone(e) && !e.initial)).toEqual([])
      // A change the index does see still runs.
      await app.write('src/app.ts', 'export const app = 2 // mango\n')
      await events.waitFor((e) => isDone(e) && !e.initial && e.stats.chunked === 1, 15_000)
      // And so does a change to the rules: the log directory is indexed once no rule skips it.
      await app.write('.gitignore', '*.tmp\n')
      await events.waitFor((e) => isDone(e) && e.stats.files === 2, 15_000) // src/app.ts and logs/app.log
    } finally {
      watch.kill('SIGTERM')
      await finished
      await app.dispose()
    }
  })

  it('applies a change to the rules even where they ignore themselves: .git/info/exclude, a .gitignore its own /* matches', async () => {
    const app = await createSandbox({
      '.git/info/exclude': 'src/b.ts\n',
      '.gitignore': '/*\n!/src/\n',
      'src/a.ts': 'export const a = 1\n',
      'src/b.ts': 'export const b = "excluded banana"\n',
      'gen/g.ts': 'export const g = "generated grape"\n',
    })
    const watch = startRag(['--json', 'watch'], { cwd: app.root, env: { ...app.env, RAG_WATCH_DEBOUNCE_MS: '100' } })
    const finished = collect(watch, 60_000)
    const events = jsonLines(watch)
    try {
      await events.waitFor((e) => e['event'] === 'watching', 30_000)
      expect(events.events.find((e) => isDone(e) && e.initial)).toMatchObject({ stats: { files: 1 } })
      await app.write('.git/info/exclude', '# nothing excluded\n')
      await events.waitFor((e) => isDone(e) && e.stats.files === 2, 15_000)
      await app.write('.gitignore', '/*\n!/src/\n!/gen/\n')
      await events.waitFor((e) => isDone(e) && e.stats.files === 3, 15_000)
      const found = lastJson<{ results: { file: string }[] }>(await runRag(['--json', 'search', 'grape'], { cwd: app.root, env: app.env }))
      expect(found.results.map((r) => r.file)).toEqual(['gen/g.ts'])
    } finally {
      watch.kill('SIGTERM')
      await finished
      await app.dispose()
    }
  })

  it('re-opens the index with a changed rag.config.json, so it and `rag index` no longer undo each other; a broken one is reported and the watch goes on', async () => {
    const app = await createSandbox({
      'rag.config.json': JSON.stringify({ index: { exclude: ['gen/**'] } }),
      'src/app.ts': 'export const app = 1\n',
      'gen/out.ts': 'export const generatedPapaya = 1\n',
    })
    const watch = startRag(['--json', 'watch'], { cwd: app.root, env: { ...app.env, RAG_WATCH_DEBOUNCE_MS: '100' } })
    const finished = collect(watch, 60_000)
    const events = jsonLines(watch)
    try {
      await events.waitFor((e) => e['event'] === 'watching', 30_000)
      expect(events.events.find((e) => isDone(e) && e.initial)).toMatchObject({ stats: { files: 2 } }) // src/app.ts, rag.config.json
      await app.write('rag.config.json', '{ "index": ')
      await events.waitFor((e) => e['event'] === 'error', 15_000)
      await app.write('rag.config.json', JSON.stringify({ index: { exclude: [] } }))
      await events.waitFor((e) => e['event'] === 'config', 15_000)
      await events.waitFor((e) => isDone(e) && e.stats.files === 3, 15_000)
      // Another process indexing with the same file agrees: nothing to chunk.
      const index = await runRag(['--json', 'index'], { cwd: app.root, env: app.env })
      expect(index.code, index.stderr).toBe(0)
      expect(lastJson<DoneEvent>(index).stats.chunked).toBe(0)
      const found = lastJson<{ results: { file: string }[] }>(await runRag(['--json', 'search', 'generatedPapaya'], { cwd: app.root, env: app.env }))
      expect(found.results.map((r) => r.file)).toEqual(['gen/out.ts'])
    } finally {
      watch.kill('SIGTERM')
      await finished
      await app.dispose()
    }
  })

  it("keeps the layers and embedder another process gives the index, both ways, instead of undoing them", async () => {
    const app = await createSandbox({ 'src/app.ts': 'export function papaya(): number {\n  return 1\n}\n', 'src/b.ts': "import { papaya } from './app'\nexport const b = papaya()\n" })
    const rag = (args: string[]) => runRag(args, { cwd: app.root, env: app.env })
    const status = async () => lastJson<{ layers?: { files: number } | null; vectors?: { embedder: string; embedded: number } | null }>(await rag(['--json', 'status']))
    try {
      expect((await rag(['index', '--layers', '--embedder', 'hash'])).code).toBe(0)
      const watch = startRag(['--json', 'watch'], { cwd: app.root, env: { ...app.env, RAG_WATCH_DEBOUNCE_MS: '100' } })
      const finished = collect(watch, 60_000)
      const events = jsonLines(watch)
      try {
        await events.waitFor((e) => e['event'] === 'watching', 30_000)
        // Another process drops the layers and the vectors; the watch's next run must not bring them back.
        expect((await rag(['index', '--no-layers', '--embedder', 'none'])).code).toBe(0)
        await app.write('src/app.ts', 'export function papaya(): number {\n  return 2\n}\n')
        await events.waitFor((e) => e['event'] === 'index', 15_000)
        await events.waitFor((e) => isDone(e) && !e.initial && e.stats.chunked >= 1, 15_000)
        const dropped = await status()
        expect(dropped.layers ?? null).toBeNull()
        expect(dropped.vectors ?? null).toBeNull()
        // And back: layers and hash vectors given again are kept, every chunk embedded.
        expect((await rag(['index', '--layers', '--embedder', 'hash'])).code).toBe(0)
        const before = events.events.filter((e) => e['event'] === 'index').length
        await app.write('src/app.ts', 'export function papaya(): number {\n  return 3\n}\n')
        await events.waitFor((e) => e['event'] === 'index' && events.events.filter((x) => x['event'] === 'index').length > before, 15_000)
        await events.waitFor((e) => isDone(e) && !e.initial && e.stats.chunked >= 1 && events.events.indexOf(e) > events.events.findLastIndex((x) => x['event'] === 'index'), 15_000)
        const kept = await status()
        expect(kept.layers).toMatchObject({ files: 2 })
        expect(kept.vectors).toMatchObject({ embedded: 2 })
      } finally {
        watch.kill('SIGTERM')
        await finished
      }
    } finally {
      await app.dispose()
    }
  })

  it('indexes what changes while its first run is still indexing', async () => {
    const files = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`src/m${i}.ts`, `export const value${i} = ${i} // module ${i}\n`]))
    const big = await createSandbox(files)
    const env = { ...big.env, RAG_WATCH_DEBOUNCE_MS: '100' }
    const watch = startRag(['--json', 'watch'], { cwd: big.root, env })
    const finished = collect(watch, 120_000)
    const events = jsonLines(watch)
    try {
      // The first run has started reading files: a file written now is not in its walk.
      await events.waitFor((e) => e['event'] === 'progress' && Number(e['indexedFiles']) > 0, 30_000)
      await big.write('src/late.ts', 'export const lateArrival = "durian"\n')
      await events.waitFor((e) => isDone(e) && e.initial, 30_000)
      await events.waitFor((e) => isDone(e) && e.stats.files === 301, 15_000)
      const found = lastJson<{ results: { file: string }[] }>(await runRag(['--json', 'search', 'durian'], { cwd: big.root, env: big.env }))
      expect(found.results.map((r) => r.file)).toEqual(['src/late.ts'])
    } finally {
      watch.kill('SIGTERM')
      await finished
      await big.dispose()
    }
  })
})
