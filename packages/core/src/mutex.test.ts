import { describe, expect, it } from 'vitest'
import { Mutex } from './mutex.js'

describe('Mutex', () => {
  it('runs tasks one at a time in call order', async () => {
    const lock = new Mutex()
    const log: string[] = []
    const task = (name: string, ms: number) => async () => {
      log.push(`start ${name}`)
      await new Promise((r) => setTimeout(r, ms))
      log.push(`end ${name}`)
      return name
    }
    const results = await Promise.all([lock.runExclusive(task('a', 20)), lock.runExclusive(task('b', 1)), lock.runExclusive(task('c', 5))])
    expect(results).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('passes a rejection through and keeps serving later tasks', async () => {
    const lock = new Mutex()
    const failing = lock.runExclusive(() => {
      throw new Error('boom')
    })
    const next = lock.runExclusive(() => 42)
    await expect(failing).rejects.toThrow('boom')
    await expect(next).resolves.toBe(42)
    expect(lock.locked).toBe(false)
  })

  it('reports locked while a task is queued or running', async () => {
    const lock = new Mutex()
    let release!: () => void
    const held = lock.runExclusive(() => new Promise<void>((r) => (release = r)))
    expect(lock.locked).toBe(true)
    await Promise.resolve()
    release()
    await held
    await Promise.resolve()
    expect(lock.locked).toBe(false)
  })
})
