import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import type { PostgresKnowledgeBase } from './postgres-knowledge-base.js'
import { childScripts, killChildren, runChild } from './testing/child-process.js'
import { GENERATION_WRITER, generationOf } from './testing/generation-writer.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let scripts: ReturnType<typeof childScripts>

beforeAll(async () => {
  test = await createTestDatabase('concurrency')
  database = await test.open()
  scripts = childScripts()
})
afterAll(async () => {
  killChildren()
  scripts?.dispose()
  await test?.dispose()
})

/** Proves documents are one whole generation of GENERATION_WRITER with `count` documents; returns its number. */
function oneGeneration(docs: readonly { metadata: Record<string, unknown> }[], count: number): number {
  const gens = new Set(docs.map((d) => d.metadata['gen']))
  expect(gens.size).toBe(1)
  expect(docs.length).toBe(count)
  return [...gens][0] as number
}

/** Proves the project holds exactly one whole generation (chunks, file records, state, postings, code layers, vectors). */
async function wholeGeneration(kb: PostgresKnowledgeBase, count: number): Promise<number> {
  const gen = oneGeneration(await kb.list(), count)
  expect((await kb.loadState()).state).toEqual({ marker: gen, chunkCount: count })
  const files = await kb.loadFingerprints()
  expect(files.size).toBe(100)
  for (const record of files.values()) expect(record.fingerprint.startsWith(`g${gen}-`)).toBe(true)
  expect((await kb.search(`marker${gen}`, count + 10)).length).toBe(count)
  expect((await kb.search('shared', 2 * count)).length).toBe(count)
  expect(await kb.auditChunks({ exceptPrefix: 'doc:', full: true })).toEqual({ consistent: true, missing: [], orphans: [] })
  const layers = await kb.loadLayers()
  expect(layers.map((file) => file.symbols.map((s) => s.name)).flat()).toEqual(layers.map((file) => `gen${gen}_${file.path.replace('.ts', '')}`))
  expect(layers.length).toBe(100)
  expect((await kb.loadLayersWhere({ namePrefix: `gen${gen}_` })).length).toBe(100)
  expect(await kb.loadVectorEmbedder()).toMatchObject({ name: 'writer-e', state: { generation: gen }, vectorCount: count })
  const { ids, vectors } = await kb.loadVectors('writer-e')
  expect(ids.every((id) => id.startsWith(`g${gen}-`)) && vectors.every((v) => v[0] === gen)).toBe(true)
  expect(ids.length).toBe(count)
  return gen
}

describe('PostgresKnowledgeBase shared by processes', () => {
  it('answers both rankings of a hybrid search from one generation while another process commits', async () => {
    const COUNT = 300
    const repoId = 'readers'
    const seed = runChild(scripts.dir, 'seed', GENERATION_WRITER, [test.url, repoId, String(COUNT), '0', '1'])
    expect((await seed.exited).code).toBe(0)
    const writer = runChild(scripts.dir, 'writer', GENERATION_WRITER, [test.url, repoId, String(COUNT), '1', '25'])
    let done = false
    const finished = writer.exited.then((result) => {
      done = true
      return result
    })
    await writer.waitForLine((l) => l.startsWith('begin '))
    const reader = database.project({ repoId })
    const seen = new Set<number>()
    while (!done) {
      // As a hybrid search asks: both rankings in the same turn, answered from one snapshot.
      const [bm25, tfidf] = await Promise.all([reader.search('shared', COUNT * 2), reader.searchTfidf('shared', COUNT * 2)])
      const gen = oneGeneration(bm25.map((h) => h.document), COUNT)
      expect(oneGeneration(tfidf.map((h) => h.document), COUNT)).toBe(gen)
      seen.add(gen)
      oneGeneration(await reader.list(), COUNT)
    }
    const { code, stderr } = await finished
    expect([code, stderr]).toEqual([0, ''])
    expect(await wholeGeneration(reader, COUNT)).toBe(25)
    expect(seen.size).toBeGreaterThan(3)
  }, 120_000)

  it('keeps the previous generation whole when a writer is killed (SIGKILL) in the middle of commits, and a later run succeeds', async () => {
    const COUNT = 1500
    const repoId = 'crash'
    const seed = runChild(scripts.dir, 'seed-crash', GENERATION_WRITER, [test.url, repoId, String(COUNT), '0', '1'])
    expect((await seed.exited).code).toBe(0)
    const kb = database.project({ repoId })
    expect(await wholeGeneration(kb, COUNT)).toBe(0)
    let rolledBack = 0
    for (const [round, fraction] of [0.3, 0.6, 0.9].entries()) {
      const start = (round + 1) * 100
      const writer = runChild(scripts.dir, `crash-writer-${round}`, GENERATION_WRITER, [test.url, repoId, String(COUNT), String(start)])
      const timed = await writer.waitForLine((l) => l.startsWith(`committed ${start} `), 60_000)
      const ms = Number(timed.split(' ')[2])
      const begun = await writer.waitForLine((l) => l === `begin ${start + 1}`, 60_000)
      await new Promise((r) => setTimeout(r, Math.max(1, Math.round(ms * fraction))))
      writer.child.kill('SIGKILL')
      expect((await writer.exited).signal).toBe('SIGKILL')
      const committed = writer.lines.filter((l) => l.startsWith('committed ')).map(generationOf)
      const last = Math.max(...committed)
      const gen = await wholeGeneration(kb, COUNT)
      expect([last, last + 1]).toContain(gen)
      if (gen === last && generationOf(begun) === last + 1) rolledBack++
      // The killed writer's connection is gone: nothing stays locked.
      expect(await kb.writeLockHolder()).toBeUndefined()
    }
    expect(rolledBack).toBeGreaterThan(0)
    const after = runChild(scripts.dir, 'after-crash', GENERATION_WRITER, [test.url, repoId, String(COUNT), '900', '1'])
    expect((await after.exited).code).toBe(0)
    expect(await wholeGeneration(kb, COUNT)).toBe(900)
  }, 180_000)
})
