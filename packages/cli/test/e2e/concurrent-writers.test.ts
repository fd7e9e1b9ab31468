import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, lastJson, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

// The red team's two data-loss repros of issue 11, with the real binary in separate processes.

const FILES = 600
const EDITED = 180

function module(i: number, variant: string): string {
  return [`/** Module ${i} (${variant}): lemon kiwi ${i}. */`, `export function fruit${i}_${variant}(count: number): number {`, `  return count * ${i + 1}`, '}', ''].join('\n')
}

interface Status {
  readonly files: number
  readonly chunks: number
  readonly documents: number
}

describe('concurrent writers from separate processes (issue 11)', () => {
  let box: Sandbox
  const rag = (args: string[], cwd = box.root) => runRag(args, { cwd, env: box.env, timeoutMs: 120_000 })
  beforeAll(async () => {
    box = await createSandbox()
  })
  afterAll(() => box.dispose())

  /** `rag status --json` of a clean index of a copy of the tree: what the index must hold. */
  async function cleanStatus(): Promise<Status> {
    const copy = join(box.root, '..', `clean-${Date.now()}`)
    cpSync(box.root, copy, { recursive: true, filter: (src) => !src.startsWith(join(box.root, '.rag')) })
    expect((await rag(['index', '.'], copy)).code).toBe(0)
    const { files, chunks, documents } = lastJson<Status>(await rag(['--json', 'status'], copy))
    return { files, chunks, documents }
  }

  it('rag clear while rag index runs loses nothing: clear waits, and the next plain index rebuilds it all', async () => {
    for (let i = 0; i < FILES; i++) await box.write(`src/m${i}.ts`, module(i, 'one'))
    expect((await rag(['index', '.'])).code).toBe(0)
    for (let i = 0; i < EDITED; i++) await box.write(`src/m${i * 3}.ts`, module(i * 3, 'two'))

    const index = startRag(['--json', 'index', '.'], { cwd: box.root, env: box.env })
    const indexed = collect(index, 120_000)
    await jsonLines(index).waitFor((e) => e['event'] === 'progress' && Number(e['indexedFiles']) > 0, 60_000)
    // Freeze the run in the middle (it has loaded the state and is reading files), so the clear
    // lands inside it every time, then let it go on.
    index.kill('SIGSTOP')
    const clear = startRag(['clear'], { cwd: box.root, env: box.env })
    const clearing = collect(clear, 120_000)
    let clearExited = false
    void clearing.then(() => (clearExited = true))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(clearExited).toBe(false) // it waits for the write lock the frozen run holds
    index.kill('SIGCONT')
    const cleared = await clearing
    expect(cleared.code).toBe(0)
    expect(cleared.stderr).toMatch(/Waiting for `rag index` \(pid \d+/)
    expect((await indexed).code).toBe(0)
    // The index run held the write lock from before its first progress event to its commit, so the
    // clear ran after it (waiting if it came early): the index is empty now, not half of a diff.
    expect(lastJson<Status>(await rag(['--json', 'status']))).toMatchObject({ files: 0, chunks: 0, documents: 0 })

    const again = lastJson<{ stats: { files: number; chunked: number } }>(await rag(['--json', 'index', '.']))
    expect(again.stats).toMatchObject({ files: FILES, chunked: FILES })
    const status = lastJson<Status>(await rag(['--json', 'status']))
    expect(status).toEqual(expect.objectContaining(await cleanStatus()))
  }, 240_000)

  it('two rag index runs while a file changes leave no stale text, and --force agrees', async () => {
    await box.write('src/changing.ts', 'export const watermelon = "old pineapple text"\n')
    expect((await rag(['index', '.'])).code).toBe(0)
    const first = startRag(['--json', 'index', '--force', '.'], { cwd: box.root, env: box.env })
    const firstDone = collect(first, 120_000)
    await jsonLines(first).waitFor((e) => e['event'] === 'progress' && Number(e['indexedFiles']) > 0, 60_000)
    // The first run is frozen after it read part of the tree; the file changes and a second run starts.
    first.kill('SIGSTOP')
    await box.write('src/changing.ts', 'export const watermelon = "new grapefruit text"\n')
    const second = startRag(['--json', 'index', '.'], { cwd: box.root, env: box.env })
    const secondDone = collect(second, 120_000)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    first.kill('SIGCONT')
    const [a, b] = await Promise.all([firstDone, secondDone])
    expect([a.code, b.code]).toEqual([0, 0])
    expect((await rag(['index', '.'])).code).toBe(0)

    const stale = lastJson<{ results: { content: string }[] }>(await rag(['--json', 'search', 'pineapple']))
    expect(stale.results.filter((r) => r.content.includes('pineapple'))).toEqual([])
    const fresh = lastJson<{ results: { content: string }[] }>(await rag(['--json', 'search', 'grapefruit']))
    expect(fresh.results.some((r) => r.content.includes('grapefruit'))).toBe(true)

    const status = lastJson<Status>(await rag(['--json', 'status']))
    expect((await rag(['index', '--force', '.'])).code).toBe(0)
    const forced = lastJson<Status>(await rag(['--json', 'status']))
    expect(forced).toEqual(expect.objectContaining({ files: status.files, chunks: status.chunks, documents: status.documents }))
    expect(forced.documents).toBe(forced.chunks)
    expect(status).toEqual(expect.objectContaining(await cleanStatus()))
  }, 240_000)
})
