import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLayeredChunker } from '@rag/chunker'
import { describe, expect, it } from 'vitest'
import { FileIngestionService } from './index.js'
import { tree, workerScript } from './testing/helpers.js'

const files = {
  'src/store.ts': 'export class Store {\n  read(key: string) {\n    return key\n  }\n}\n',
  'src/app.ts': "import { Store } from './store.js'\nexport function main() {\n  return new Store().read('a')\n}\n",
  'README.md': '# Read me\n',
}

describe('FileIngestionService with a layered chunker', () => {
  it('stages the code layers of exactly the files it chunks, from the same run', async () => {
    const root = tree(files)
    const service = new FileIngestionService({ chunker: createLayeredChunker(), workers: 0 })
    const first = await service.ingest(root)
    expect(first.layers?.map((l) => l.path).sort()).toEqual(['README.md', 'src/app.ts', 'src/store.ts'])
    const store = first.layers?.find((l) => l.path === 'src/store.ts')
    expect(store?.symbols.map((s) => `${s.kind} ${s.qname}`)).toEqual(['class Store', 'method Store.read'])
    expect(first.layers?.find((l) => l.path === 'src/app.ts')?.edges.some((e) => e.kind === 'imports' && e.target === './store.js')).toBe(true)

    writeFileSync(join(root, 'src/app.ts'), "import { Store } from './store.js'\nexport function start() {\n  return new Store()\n}\n")
    const second = await service.ingest(root, { previous: first.state })
    expect(second.stats.chunked).toBe(1)
    expect(second.layers?.map((l) => l.path)).toEqual(['src/app.ts'])
    expect(second.layers?.[0]?.symbols.map((s) => s.name)).toEqual(['start'])
  })

  it('extracts the layers on worker threads from a chunker spec', async () => {
    const root = tree(files)
    const service = new FileIngestionService({
      chunker: { module: '@rag/chunker', factory: 'createLayeredChunker' },
      workers: 2,
      workerThresholdBytes: 0,
      workerScript: workerScript(),
    })
    const result = await service.ingest(root)
    expect(result.stats.workerThreads).toBeGreaterThan(0)
    expect(result.layers?.find((l) => l.path === 'src/store.ts')?.symbols.map((s) => s.qname)).toEqual(['Store', 'Store.read'])
    // The records crossed as compact JSON: the same records, key order included, as a run on this thread.
    const local = await new FileIngestionService({ chunker: { module: '@rag/chunker', factory: 'createLayeredChunker' }, workers: 0 }).ingest(root)
    const byPath = (layers: typeof result.layers): string => JSON.stringify([...(layers ?? [])].sort((a, b) => (a.path < b.path ? -1 : 1)))
    expect(byPath(result.layers)).toBe(byPath(local.layers))
  })

  it('stages no layers with a chunker that does not extract them', async () => {
    const root = tree(files)
    const result = await new FileIngestionService({ workers: 0 }).ingest(root)
    expect(result.layers).toBeUndefined()
  })
})
