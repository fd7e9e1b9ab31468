import { describe, expect, it } from 'vitest'
import { DebouncedRunner } from './debounced-runner.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('DebouncedRunner', () => {
  it('runs once after a burst of triggers, and once more for triggers during a run', async () => {
    let runs = 0
    let release!: () => void
    const runner = new DebouncedRunner(async () => {
      runs++
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve))
    }, 20)
    for (let i = 0; i < 5; i++) runner.trigger()
    await sleep(60)
    expect(runs).toBe(1)
    runner.trigger()
    runner.trigger()
    await sleep(60)
    expect(runs).toBe(1)
    release()
    await sleep(80)
    expect(runs).toBe(2)
    await runner.close()
    runner.trigger()
    await sleep(60)
    expect(runs).toBe(2)
  })

  it('runs a burst that never goes quiet at least every maxWaitMs (a log file appended to without end)', async () => {
    let runs = 0
    const runner = new DebouncedRunner(async () => {
      runs++
    }, 50, 200)
    const started = Date.now()
    // A trigger every 20 ms for 700 ms: without the bound the 50 ms quiet period never comes.
    while (Date.now() - started < 700) {
      runner.trigger()
      await sleep(20)
    }
    expect(runs).toBeGreaterThanOrEqual(2)
    await runner.close()
  })

  it('keeps going after a failed run', async () => {
    let runs = 0
    const runner = new DebouncedRunner(async () => {
      runs++
      throw new Error('boom')
    }, 5)
    runner.trigger()
    await sleep(30)
    runner.trigger()
    await sleep(30)
    expect(runs).toBe(2)
    await runner.close()
  })
})
