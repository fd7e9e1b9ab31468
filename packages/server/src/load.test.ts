import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, startServer, type Running, type Sandbox } from './testing/harness.js'

const FILES = 60
const SEARCHES = 200
const CYCLES = 3
const MAX_ROUNDS = 40

// Every file names its generation; a search for "needle" ranks chunks of many files, so a
// response that mixed two generations would show both markers.
function generationFile(marker: string, i: number): string {
  const body = Array.from({ length: 30 }, (_, line) => `  const line${line} = compute${i}(${line}) // filler ${marker}`).join('\n')
  return `// needle ${marker} file ${i}\nexport function needle${i}(): string {\n${body}\n  return "needle ${marker}"\n}\n`
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

describe('createRagServer under load', () => {
  let sandbox: Sandbox
  let running: Running

  beforeAll(async () => {
    sandbox = await createSandbox({})
    for (let i = 0; i < FILES; i++) await sandbox.write(`src/f${i}.ts`, generationFile('genzero', i))
    // Every client here is 127.0.0.1 and the test measures throughput: no per-client rate limit.
    running = await startServer({ roots: [sandbox.root], limits: { requestsPerMinute: Number.POSITIVE_INFINITY } })
    const events = await running.events('load')
    await running.request('POST', '/sessions/load/index', { path: '.' })
    await events.waitFor((e) => e.type === 'done')
    events.close()
  })
  afterAll(async () => {
    await running.server.close()
    await sandbox.dispose()
  })

  it(`answers ${SEARCHES} concurrent search clients during re-index runs without errors or mixed generations`, async () => {
    const latencies: number[] = []
    let overlapped = 0
    let straddled = 0
    let errors = 0
    let mixed = 0
    const seen = new Set<string>()
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const marker = `gen${['zero', 'one', 'two', 'three'][cycle]}`
      // Files change between runs only: each run indexes one whole generation.
      for (let i = 0; i < FILES; i++) await sandbox.write(`src/f${i}.ts`, generationFile(marker, i))
      const events = await running.events('load')
      const started = await running.request('POST', '/sessions/load/index', { path: '.', force: true })
      expect(started.status).toBe(202)
      let committed = false
      const done = events.waitFor((e) => e.runId === started.json.runId && e.type === 'done', 50_000).then(() => (committed = true))
      // SEARCHES clients search in a loop while the run goes on; each stops after its first search
      // issued once the run committed (bounded by MAX_ROUNDS searches per client).
      const cycleMarkers = new Set<string>()
      const client = async (): Promise<void> => {
        for (let round = 0; round < MAX_ROUNDS; round++) {
          const after = committed
          const t0 = performance.now()
          const { status, json } = await running.request('GET', '/sessions/load/search?q=needle&k=10')
          latencies.push(performance.now() - t0)
          if (!after) overlapped++
          if (status !== 200) errors++
          expect(status).toBe(200)
          expect(json.results.length).toBe(10)
          const markers = new Set<string>(json.results.map((r: { content: string }) => /needle (gen\w+)/.exec(r.content)?.[1]))
          if (markers.size !== 1) mixed++
          for (const m of markers) cycleMarkers.add(m)
          if (after) return
        }
      }
      await Promise.all(Array.from({ length: SEARCHES }, client))
      if (cycleMarkers.size > 1) straddled++
      for (const m of cycleMarkers) seen.add(m)
      await done
      events.close()
    }
    latencies.sort((a, b) => a - b)
    const p50 = percentile(latencies, 50)
    const p95 = percentile(latencies, 95)
    console.log(
      `load: ${CYCLES} re-index runs of ${FILES} files, ${SEARCHES} concurrent searches each (${latencies.length} total, ${overlapped} issued while a run was in progress, ${straddled} of ${CYCLES} runs answered by both generations, ${mixed} mixed responses, ${errors} errors): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms; generations seen: ${[...seen].sort().join(', ')}`,
    )
    // Searches really ran while runs were in progress, and both old and new generations answered.
    expect(overlapped).toBeGreaterThan(0)
    expect(mixed).toBe(0)
    expect(errors).toBe(0)
    expect(seen.size).toBeGreaterThanOrEqual(2)
    expect(straddled).toBeGreaterThan(0)
  }, 60_000)
})
