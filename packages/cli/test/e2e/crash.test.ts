import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { collect, createSandbox, jsonLines, lastJson, runRag, startRag, type Sandbox } from '../../src/testing/cli-process.js'

const BASE_FILES = 10
const BULK_FILES = 1500

interface StatusJson {
  files: number
  chunks: number
}
interface IndexDone {
  stats: { files: number; chunked: number }
}

function bulkFile(i: number): string {
  const lines = [`/** Generated module ${i}: mango tango ${i}. */`]
  for (let f = 0; f < 6; f++) lines.push(`export function mango${i}_${f}(value: number): number {`, `  const doubled = value * ${f + 2}`, `  return doubled + ${i}`, '}', '')
  return lines.join('\n')
}

describe('rag index killed with SIGKILL', () => {
  let box: Sandbox
  const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })

  beforeAll(async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < BASE_FILES; i++) files[`base/file${i}.ts`] = `export const papaya${i} = "papaya ${i}"\n`
    box = await createSandbox(files)
  })
  afterAll(async () => {
    await box.dispose()
  })

  it.each([
    ['while reading and chunking', (e: Record<string, unknown>) => e['event'] === 'progress' && Number(e['indexedFiles']) >= 1],
    ['after the last file, during the commit', (e: Record<string, unknown>) => e['event'] === 'progress' && e['indexedFiles'] === e['totalFiles'] && Number(e['totalFiles']) > BASE_FILES],
  ])('%s leaves the previous index usable, and the next run completes it', async (_when, killAt) => {
    await box.remove('bulk')
    await box.remove('.rag')
    expect((await rag(['index'])).code).toBe(0)
    const before = lastJson<StatusJson>(await rag(['--json', 'status']))
    expect(before.files).toBe(BASE_FILES)
    for (let i = 0; i < BULK_FILES; i++) await box.write(`bulk/mod${i}.ts`, bulkFile(i))

    const child = startRag(['--json', 'index'], { cwd: box.root, env: box.env })
    const ended = collect(child, 120_000)
    const events = jsonLines(child)
    await events.waitFor(killAt, 60_000)
    child.kill('SIGKILL')
    const killed = await ended
    expect(killed.signal).toBe('SIGKILL')
    expect(events.events.some((e) => e['event'] === 'done')).toBe(false)

    // The index is the old generation or, if the kill came after the commit, the new one: never a mix.
    const after = lastJson<StatusJson>(await rag(['--json', 'status']))
    expect([BASE_FILES, BASE_FILES + BULK_FILES]).toContain(after.files)
    const committed = after.files === BASE_FILES + BULK_FILES
    console.log(`SIGKILL ${_when}: index after the kill holds the ${committed ? 'new' : 'previous'} generation`)
    if (!committed) expect(after).toEqual(expect.objectContaining({ files: before.files, chunks: before.chunks }))
    const papaya = await rag(['--json', 'search', 'papaya', '-k', '20'])
    expect(papaya.code, papaya.stderr).toBe(0)
    expect(lastJson<{ results: unknown[] }>(papaya).results).toHaveLength(BASE_FILES)
    const mango = lastJson<{ results: unknown[] }>(await rag(['--json', 'search', 'mango tango']))
    expect(mango.results.length > 0).toBe(committed)

    const next = lastJson<IndexDone>(await rag(['--json', 'index']))
    expect(next.stats.files).toBe(BASE_FILES + BULK_FILES)
    expect(next.stats.chunked).toBe(committed ? 0 : BULK_FILES)
    expect(lastJson<{ results: unknown[] }>(await rag(['--json', 'search', 'mango tango'])).results.length).toBeGreaterThan(0)
  })
})
