/**
 * Child-process entry of one engine measurement (run by `run-engine.ts`, not by hand): a fresh
 * process per engine, so one library's heap, JIT state and garbage do not bleed into the next.
 *
 *   node --expose-gc <tsx loader flags> engine-worker.ts <job.json>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { Document } from '@rag/core'
import { engineSpec } from './engines/registry.js'
import type { EngineJob, EngineResult } from './run-engine.js'

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('engine-worker needs --expose-gc.')
  gc()
  gc()
}

function memory(): number {
  const { heapUsed, external } = process.memoryUsage()
  return heapUsed + external
}

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as EngineJob
  const docs = JSON.parse(readFileSync(job.chunksFile, 'utf8')) as Document[]
  const queries = JSON.parse(readFileSync(job.queriesFile, 'utf8')) as string[]
  const spec = await engineSpec(job.engine)
  const engine = await spec.create()
  collect()
  const before = memory()
  const cpu = process.cpuUsage()
  const started = performance.now()
  await engine.index(docs)
  const indexMs = performance.now() - started
  const { user, system } = process.cpuUsage(cpu)
  collect()
  const heapBytes = memory() - before
  for (const query of queries.slice(0, job.warmup)) await engine.search(query, job.topK)
  const queryMs: number[] = []
  const top: string[][] = []
  for (const query of queries) {
    const t = performance.now()
    const ids = await engine.search(query, job.topK)
    queryMs.push(performance.now() - t)
    top.push([...ids])
  }
  const wide: string[][] = []
  if (job.wideTopK) for (const query of queries) wide.push([...(await engine.search(query, job.wideTopK))])
  const result: EngineResult = { label: spec.label, settings: spec.settings, docs: docs.length, indexMs, indexCpuMs: (user + system) / 1000, heapBytes, queryMs, top, wide }
  writeFileSync(job.outFile, JSON.stringify(result))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
