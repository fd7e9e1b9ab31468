import { CancelledError, RagError, type Document } from '@rag/core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import { childScripts, killChildren, runChild } from './testing/child-process.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let scripts: ReturnType<typeof childScripts>
let counter = 0

beforeAll(async () => {
  test = await createTestDatabase('write_lock')
  database = await test.open()
  scripts = childScripts()
})
afterAll(async () => {
  killChildren()
  scripts?.dispose()
  await test?.dispose()
})

const doc = (id: string, content = `text of ${id}`): Document => ({ id, content, metadata: {} })
const key = () => ({ repoId: `lock-${++counter}` })

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    return error instanceof RagError ? error.code : String(error)
  }
}

describe('PostgresKnowledgeBase write lock', () => {
  it('survives the server ending the lock connection mid-run (a restart): the run fails with a store error, the process lives, the lock is taken again', async () => {
    const project = key()
    const a = database.project(project)
    const lock = await a.acquireWriteLock('rag index')
    // What a restart or failover does to the connection that holds the lock for the whole run.
    const admin = new pg.Client({ connectionString: test.url })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(backend_pid) AS ended FROM rag_write_locks')
      expect(rows.map((row) => row.ended)).toEqual([true])
    } finally {
      await admin.end()
    }
    // Without a listener on the checked-out connection, its `error` event ended the process here.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await lock.release()
    const again = await database.project(project).acquireWriteLock('rag index', { wait: false })
    await again.release()
    await a.add([doc('after')])
    expect(await a.size()).toBe(1)
  })

  it('lets one writer hold it; another fails fast with LOCKED naming the holder, and cannot write', async () => {
    const project = key()
    const a = database.project(project)
    const b = database.project(project)
    const lock = await a.acquireWriteLock('rag index')
    expect(await b.writeLockHolder()).toMatchObject({ pid: process.pid, command: 'rag index' })
    await expect(b.acquireWriteLock('rag clear', { wait: false })).rejects.toThrow(/being written elsewhere by rag index \(pid \d+/)
    expect(await codeOf(b.acquireWriteLock('rag clear', { wait: false }))).toBe('LOCKED')
    expect(await codeOf(b.add([doc('x')]))).toBe('LOCKED')
    expect(await codeOf(b.clear())).toBe('LOCKED')
    expect(await codeOf(b.commitGeneration({ removeIds: [], addDocuments: [doc('y')] }))).toBe('LOCKED')
    await a.add([doc('a')])
    expect(await b.size()).toBe(1)
    await lock.release()
    expect(await b.writeLockHolder()).toBeUndefined()
    await b.add([doc('b')])
    expect(await a.size()).toBe(2)
  })

  it('makes a second writer wait until the first releases, telling it who holds the lock', async () => {
    const project = key()
    const a = database.project(project)
    const b = database.project(project)
    const first = await a.acquireWriteLock('rag index')
    const waitedFor: string[] = []
    let acquired = false
    const second = b.acquireWriteLock('rag clear', { onWait: (holder) => waitedFor.push(holder.command) }).then((lock) => {
      acquired = true
      return lock
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(acquired).toBe(false)
    expect(waitedFor).toEqual(['rag index'])
    await first.release()
    const lock = await second
    expect(lock.owner.command).toBe('rag clear')
    expect(await a.writeLockHolder()).toMatchObject({ command: 'rag clear' })
    await lock.release()
  })

  it('stops waiting when the signal aborts', async () => {
    const project = key()
    const lock = await database.project(project).acquireWriteLock('rag index')
    const controller = new AbortController()
    const waiting = database.project(project).acquireWriteLock('rag clear', { signal: controller.signal })
    setTimeout(() => controller.abort(), 150)
    await expect(waiting).rejects.toBeInstanceOf(CancelledError)
    await lock.release()
  })

  it('releases the lock when the store is closed, and does not count as a write', async () => {
    const project = key()
    const a = database.project(project)
    await a.add([doc('a')])
    const before = (await a.loadState()).generation
    await a.acquireWriteLock('rag watch')
    await a.close()
    const b = database.project(project)
    expect(await b.writeLockHolder()).toBeUndefined()
    const lock = await b.acquireWriteLock('rag index', { wait: false })
    await lock.release()
    expect((await b.loadState()).generation).toBe(before)
  })

  it('is released by PostgreSQL the moment a holder is killed (SIGKILL): the next writer takes it at once', async () => {
    const project = key()
    await database.project(project).add([doc('seed')])
    const holder = runChild(
      scripts.dir,
      'lock-holder',
      `import { openPostgresKnowledgeBase } from './store.js'
const kb = await openPostgresKnowledgeBase(process.argv[2], { project: { repoId: process.argv[3] } })
await kb.acquireWriteLock('rag index')
console.log('locked')
setInterval(() => {}, 1000)
`,
      [test.url, project.repoId],
    )
    await holder.waitForLine((line) => line === 'locked')
    const b = database.project(project)
    expect(await b.writeLockHolder()).toMatchObject({ command: 'rag index', pid: holder.child.pid })
    expect(await codeOf(b.add([doc('x')]))).toBe('LOCKED')
    holder.child.kill('SIGKILL')
    await holder.exited
    // PostgreSQL notices the closed connection and drops its session lock.
    let free = false
    for (let i = 0; i < 50 && !free; i++) {
      free = (await b.writeLockHolder()) === undefined
      if (!free) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(free).toBe(true)
    const lock = await b.acquireWriteLock('rag index', { wait: false })
    await b.add([doc('x')])
    await lock.release()
    expect(await b.size()).toBe(2)
  })

  it('keeps locks of different projects independent', async () => {
    const one = database.project(key())
    const two = database.project(key())
    const lock = await one.acquireWriteLock('rag index')
    const other = await two.acquireWriteLock('rag index', { wait: false })
    await two.add([doc('free')])
    await other.release()
    await lock.release()
  })
})
