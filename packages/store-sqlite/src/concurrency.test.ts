import { generation } from '@rag/test-utils'
import { describe, expect, it } from 'vitest'
import { runChild, useChildProcesses } from './testing/child-process.js'
import { GENERATION_WRITER } from './testing/generation-writer.js'
import { createTempStores } from './testing/temp-stores.js'

const COUNT = 500
const stores = createTempStores()
const build = useChildProcesses(stores)

/** Proves a list of documents is one whole generation of GENERATION_WRITER; returns its number. */
function oneGeneration(docs: readonly { metadata: Record<string, unknown> }[]): number {
  const gens = new Set(docs.map((d) => d.metadata['gen']))
  expect(gens.size).toBe(1)
  expect(docs.length).toBe(COUNT)
  return [...gens][0] as number
}

describe('SqliteKnowledgeBase shared by two processes', () => {
  it('lets a reader list and search while another process commits generations, always seeing one whole generation', async () => {
    const path = stores.path('shared.db')
    const seed = runChild(build.dir, 'seed', GENERATION_WRITER, [path, String(COUNT), '0', '1'])
    expect((await seed.exited).code).toBe(0)

    const writer = runChild(build.dir, 'writer', GENERATION_WRITER, [path, String(COUNT), '1', '60'])
    let done = false
    const finished = writer.exited.then((result) => {
      done = true
      return result
    })
    await writer.waitForLine((l) => l.startsWith('begin '))

    const reader = await stores.open(path)
    const seen = new Set<number>()
    let reads = 0
    let freshOpens = 0
    while (!done) {
      const gen = oneGeneration(await reader.list())
      seen.add(gen)
      const hits = await reader.search('shared', COUNT * 2)
      oneGeneration(hits.map((h) => h.document))
      const state = await reader.loadState()
      expect(typeof (state.state?.['marker'] as number)).toBe('number')
      if (reads % 5 === 0) {
        // A fresh connection per query, as a `rag search` process would open.
        const fresh = await stores.open(path, { create: false })
        oneGeneration((await fresh.search('shared', COUNT * 2)).map((h) => h.document))
        await fresh.close()
        freshOpens++
      }
      reads++
      await new Promise((r) => setImmediate(r))
    }
    const { code, stderr } = await finished
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(oneGeneration(await reader.list())).toBe(60)
    // The reader really overlapped the writer: it saw several generations go by.
    expect(seen.size).toBeGreaterThan(3)
    expect(freshOpens).toBeGreaterThan(0)
  }, 60_000)

  it('serialises two writer processes through the busy timeout without errors', async () => {
    const path = stores.path('two-writers.db')
    const first = runChild(build.dir, 'writer-a', GENERATION_WRITER, [path, String(COUNT), '1000', '15'])
    const second = runChild(build.dir, 'writer-b', GENERATION_WRITER, [path, String(COUNT), '2000', '15'])
    const [a, b] = await Promise.all([first.exited, second.exited])
    expect([a.code, a.stderr, b.code, b.stderr]).toEqual([0, '', 0, ''])
    const kb = await stores.open(path)
    const gens = new Set((await kb.list()).map((d) => d.metadata['gen']))
    // Each writer removed only its own previous generation, so its last one is left of each.
    expect([...gens].sort()).toEqual([1014, 2014])
    expect(await kb.size()).toBe(2 * COUNT)
    expect((await kb.loadState()).generation).toBe(30)
  }, 60_000)

  it('opens a brand-new store while another process holds the write lock of the still empty file', async () => {
    // What a second process creating the same store can meet: the first holds the rollback
    // journal's write lock, and switching to WAL needs an exclusive lock SQLite will not wait for.
    const path = stores.path('created-twice.db')
    const holder = runChild(build.dir, 'lock-holder', HOLD_WRITE_LOCK, [path, '400'])
    await holder.waitForLine((l) => l === 'held')
    const started = Date.now()
    const kb = await stores.open(path)
    const waited = Date.now() - started
    await kb.add(generation('after', 3))
    expect(await kb.size()).toBe(3)
    expect((await holder.exited).code).toBe(0)
    expect(waited).toBeGreaterThanOrEqual(100)
  }, 60_000)

  it('lets 4 processes create the same new stores at once: each store is made once, and every write lands', async () => {
    const base = stores.path('created-together')
    const children = [0, 1, 2, 3].map((id) => runChild(build.dir, `creator-${id}`, CREATE_AND_ADD, [base, String(CREATED), String(id)]))
    const exits = await Promise.all(children.map((c) => c.exited))
    expect(exits.map((e) => [e.code, e.stderr])).toEqual([0, 1, 2, 3].map(() => [0, '']))
    for (let i = 0; i < CREATED; i++) {
      const kb = await stores.open(`${base}-${i}.db`)
      expect((await kb.list()).map((d) => d.id).sort()).toEqual(['p0', 'p1', 'p2', 'p3'])
      await kb.close()
    }
  }, 120_000)
})

/** How many new stores the creators of the test above make together. */
const CREATED = 40

/** Child script: opens (creating) argv[2]-0.db ... argv[2]-(argv[3]-1).db in turn and adds one document to each. */
const CREATE_AND_ADD = `
import { openSqliteKnowledgeBase } from './index.js'
const [base, count, id] = process.argv.slice(2)
for (let i = 0; i < Number(count); i++) {
  const kb = await openSqliteKnowledgeBase(base + '-' + i + '.db')
  await kb.add([{ id: 'p' + id, content: 'written by process ' + id, metadata: {} }])
  await kb.close()
}
`

/** Child script: makes an empty rollback-journal SQLite file, holds its write lock argv[3] ms, releases it. */
const HOLD_WRITE_LOCK = `
import Database from 'better-sqlite3'
const [path, ms] = process.argv.slice(2)
const db = new Database(path)
db.exec('BEGIN IMMEDIATE')
console.log('held')
setTimeout(() => { db.exec('COMMIT'); db.close() }, Number(ms))
`

