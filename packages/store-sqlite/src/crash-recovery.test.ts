import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { runChild, useChildProcesses } from './testing/child-process.js'
import { GENERATION_WRITER, generationOf } from './testing/generation-writer.js'
import { createTempStores } from './testing/temp-stores.js'

const COUNT = 4000

const stores = createTempStores()
const build = useChildProcesses(stores)

/** Opens the store and proves it holds exactly one whole generation; returns its number. */
async function wholeGeneration(path: string): Promise<number> {
  const kb = await stores.open(path)
  try {
    const docs = await kb.list()
    expect(docs.length).toBe(COUNT)
    const gens = new Set(docs.map((d) => d.metadata['gen']))
    expect(gens.size).toBe(1)
    const gen = [...gens][0] as number
    expect((await kb.loadState()).state).toEqual({ marker: gen, chunkCount: COUNT })
    const fingerprints = await kb.loadFingerprints()
    expect(fingerprints.size).toBe(100)
    for (const fp of fingerprints.values()) expect(fp.fingerprint.startsWith(`g${gen}-`)).toBe(true)
    expect((await kb.search(`marker${gen}`, COUNT + 10)).length).toBe(COUNT)
    expect((await kb.search('shared', 2 * COUNT)).length).toBe(COUNT)
    return gen
  } finally {
    await kb.close()
  }
}

describe('SqliteKnowledgeBase after SIGKILL', () => {
  it('keeps the previous generation whole when a writer is killed in the middle of big commits', async () => {
    const path = stores.path('crash.db')
    const seed = runChild(build.dir, 'seed', GENERATION_WRITER, [path, String(COUNT), '0', '1'])
    expect((await seed.exited).code).toBe(0)
    expect(await wholeGeneration(path)).toBe(0)

    let rolledBack = 0
    for (const [round, fraction] of [0.3, 0.5, 0.7, 0.9].entries()) {
      const start = (round + 1) * 100
      const writer = runChild(build.dir, `writer-${round}`, GENERATION_WRITER, [path, String(COUNT), String(start)])
      // Learn how long one commit takes here, then kill the next one part-way through.
      const timed = await writer.waitForLine((l) => l.startsWith(`committed ${start + 1} `))
      const ms = Number(timed.split(' ')[2])
      const begun = await writer.waitForLine((l) => l === `begin ${start + 2}`)
      await new Promise((r) => setTimeout(r, Math.max(1, Math.round(ms * fraction))))
      writer.child.kill('SIGKILL')
      const { signal } = await writer.exited
      expect(signal).toBe('SIGKILL')

      const committed = writer.lines.filter((l) => l.startsWith('committed ')).map(generationOf)
      const last = Math.max(...committed)
      const gen = await wholeGeneration(path)
      // The store holds the last generation reported committed, or the one being committed if
      // the kill landed after COMMIT but before the child could print it.
      expect([last, last + 1]).toContain(gen)
      if (gen === last && generationOf(begun) === last + 1 && !committed.includes(last + 1)) rolledBack++
    }
    // At least one kill landed inside a transaction and was rolled back on reopen.
    expect(rolledBack).toBeGreaterThan(0)

    const check = new Database(path, { readonly: true })
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
    } finally {
      check.close()
    }
    const kb = await stores.open(path)
    await kb.commitGeneration({ removeIds: (await kb.list()).map((d) => d.id), addDocuments: [], state: { marker: -1 } })
    expect(await kb.size()).toBe(0)
  }, 60_000)
})
