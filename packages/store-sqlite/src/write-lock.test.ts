import Database from 'better-sqlite3'
import { CancelledError, RagError, type Document } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { runChild, useChildProcesses } from './testing/child-process.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores()
const build = useChildProcesses(stores)

const doc = (id: string, content = `text of ${id}`): Document => ({ id, content, metadata: {} })

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise
    return undefined
  } catch (error) {
    return error instanceof RagError ? error.code : String(error)
  }
}

describe('SqliteKnowledgeBase write lock', () => {
  it('lets one writer hold it; another fails fast with LOCKED naming the holder, and cannot write', async () => {
    const path = stores.path()
    const a = await stores.open(path)
    const b = await stores.open(path)
    const lock = await a.acquireWriteLock('rag index')
    expect(await b.writeLockHolder()).toMatchObject({ pid: process.pid, command: 'rag index' })
    await expect(b.acquireWriteLock('rag clear', { wait: false })).rejects.toThrow(/being written by rag index \(pid \d+/)
    expect(await codeOf(b.acquireWriteLock('rag clear', { wait: false }))).toBe('LOCKED')
    // Every write of the other connection is refused while the lock is held; the holder writes.
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
    const path = stores.path()
    const a = await stores.open(path)
    const b = await stores.open(path)
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
    const path = stores.path()
    const a = await stores.open(path)
    const b = await stores.open(path)
    const lock = await a.acquireWriteLock('rag index')
    const controller = new AbortController()
    const waiting = b.acquireWriteLock('rag clear', { signal: controller.signal })
    setTimeout(() => controller.abort(), 150)
    await expect(waiting).rejects.toBeInstanceOf(CancelledError)
    await lock.release()
  })

  it('releases the lock when the store is closed', async () => {
    const path = stores.path()
    const a = await stores.open(path)
    const b = await stores.open(path)
    await a.acquireWriteLock('rag watch')
    await a.close()
    expect(await b.writeLockHolder()).toBeUndefined()
    const lock = await b.acquireWriteLock('rag index', { wait: false })
    await lock.release()
  })

  it('takes over at once from a writer that was killed while holding the lock', async () => {
    const path = stores.path()
    await (await stores.open(path)).close()
    const holder = runChild(
      build.dir,
      'lock-holder',
      `import { openSqliteKnowledgeBase } from './index.js'
const kb = await openSqliteKnowledgeBase(process.argv[2])
await kb.acquireWriteLock('rag index')
console.log('locked')
setInterval(() => {}, 1000)
`,
      [path],
    )
    await holder.waitForLine((line) => line === 'locked')
    const b = await stores.open(path)
    expect(await b.writeLockHolder()).toMatchObject({ command: 'rag index', pid: holder.child.pid })
    expect(await codeOf(b.add([doc('x')]))).toBe('LOCKED')
    holder.child.kill('SIGKILL')
    await holder.exited
    expect(await b.writeLockHolder()).toBeUndefined()
    const lock = await b.acquireWriteLock('rag index', { wait: false })
    await b.add([doc('x')])
    await lock.release()
  })

  it('takes over from a holder on another host that stopped proving it is alive', async () => {
    const path = stores.path()
    const b = await stores.open(path)
    const raw = new Database(path)
    const owner = JSON.stringify({ pid: 1, host: 'elsewhere.example', command: 'rag index', startedAt: '2026-01-01T00:00:00.000Z' })
    raw.prepare('INSERT INTO write_lock (id, token, owner, heartbeat_ms) VALUES (1, ?, ?, ?)').run('t1', owner, Date.now())
    expect(await b.writeLockHolder()).toMatchObject({ host: 'elsewhere.example' })
    expect(await codeOf(b.acquireWriteLock('rag clear', { wait: false }))).toBe('LOCKED')
    raw.prepare('UPDATE write_lock SET heartbeat_ms = ?').run(Date.now() - 61_000)
    raw.close()
    const lock = await b.acquireWriteLock('rag clear', { wait: false })
    expect(lock.owner.command).toBe('rag clear')
    await lock.release()
  })

  it('does not count as a write: taking and releasing the lock leaves the generation alone', async () => {
    const kb = await stores.open()
    await kb.add([doc('a')])
    const before = (await kb.loadState()).generation
    const lock = await kb.acquireWriteLock('rag index')
    await lock.release()
    expect((await kb.loadState()).generation).toBe(before)
  })
})

describe('SqliteKnowledgeBase.commitGeneration expectedGeneration', () => {
  it('commits when the store is still at the expected generation, and refuses with CONFLICT after another write', async () => {
    const path = stores.path()
    const a = await stores.open(path)
    const b = await stores.open(path)
    await a.add([doc('a')])
    const { generation } = await a.loadState()
    await a.commitGeneration({ removeIds: ['a'], addDocuments: [doc('a2')], expectedGeneration: generation })
    const staged = (await a.loadState()).generation
    await b.add([doc('other')])
    expect(await codeOf(a.commitGeneration({ removeIds: ['a2'], addDocuments: [doc('a3')], state: { marker: 1 }, expectedGeneration: staged }))).toBe('CONFLICT')
    expect((await a.list()).map((d) => d.id).sort()).toEqual(['a2', 'other'])
    expect((await a.loadState()).state).toBeUndefined()
  })
})
