import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { describe, expect, it } from 'vitest'
import { contents, StagingIndexer, tree, workerScript } from './testing/helpers.js'
import { FileIngestionService } from './file-ingestion-service.js'

const source = (i: number): string =>
  `export class Service${i} {\n  /** Runs job ${i}. */\n  run(input: string): string {\n    return input.repeat(${i})\n  }\n}\n\nexport function helper${i}() {\n  return new Service${i}().run('x')\n}\n`

function corpus(): string {
  const entries: Record<string, string> = {}
  for (let i = 0; i < 24; i++) entries[`src/m${i}.ts`] = source(i)
  for (let i = 0; i < 6; i++) entries[`docs/d${i}.md`] = `# Doc ${i}\n\n## Part\n\nText ${i}.\n`
  entries['scripts/run'] = '#!/usr/bin/env python3\ndef main():\n    pass\n'
  return tree(entries)
}

function activeWorkers(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'Worker' || r === 'MessagePort').length
}

describe('worker-thread chunking', () => {
  it('produces exactly the chunks of an in-process run, on every requested thread', async () => {
    const root = corpus()
    const threaded = new InMemoryKnowledgeBase()
    const local = new InMemoryKnowledgeBase()
    const before = activeWorkers()
    const report = await new StagingIndexer({ knowledgeBase: threaded, workers: 2, workerThresholdBytes: 0, workerScript: workerScript() }).index(root)
    expect(report.stats.workerThreads).toBe(2)
    expect(report.warnings).toEqual([])
    await new StagingIndexer({ knowledgeBase: local, workers: 0 }).index(root)
    expect(await contents(threaded)).toEqual(await contents(local))
    expect((await threaded.list()).find((d) => d.metadata['file'] === 'scripts/run')?.metadata['language']).toBe('python')
    expect(activeWorkers()).toBe(before)
  })

  it('stays on the calling thread below the threshold and for a Chunker instance', async () => {
    const root = corpus()
    const service = new FileIngestionService({ workers: 2, workerScript: workerScript() })
    expect((await service.ingest(root)).stats.workerThreads).toBe(0)
    writeFileSync(join(root, 'big.txt'), 'word '.repeat(300_000))
    expect((await service.ingest(root)).stats.workerThreads).toBe(2)
    const chunker = await service.chunker()
    const instance = new FileIngestionService({ chunker, workers: 2, workerThresholdBytes: 0, workerScript: workerScript() })
    expect((await instance.ingest(root)).stats.workerThreads).toBe(0)
  })

  it('warns and uses one thread when no built worker script exists', async () => {
    const root = corpus()
    const service = new FileIngestionService({ workers: 2, workerThresholdBytes: 0 })
    const result = await service.ingest(root)
    expect(result.stats.workerThreads).toBe(0)
    expect(result.warnings.map((w) => w.code)).toEqual(['NO_WORKER_SCRIPT'])
  })

  it('terminates its workers when the run is cancelled mid-way', async () => {
    const root = corpus()
    const controller = new AbortController()
    const service = new FileIngestionService({ workers: 2, workerThresholdBytes: 0, workerScript: workerScript() })
    const before = activeWorkers()
    const run = service.ingest(root, { signal: controller.signal, onProgress: (p) => p.indexedFiles === 3 && controller.abort() })
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(activeWorkers()).toBe(before)
  })
})
