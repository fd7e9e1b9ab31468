import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IndexState } from '@rag/ingest'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { doc, layerFile } from '@rag/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { storeOptions } from './create-rag.js'
import { resolveRetrieval } from './retrieval-presets.js'
import { SessionLayers, type LayerSource } from './session-layers.js'

let dir: string | undefined
let store: SqliteKnowledgeBase | undefined
afterEach(async () => {
  await store?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  store = dir = undefined
})

/** The state an index run hands `stage` after indexing `paths` (it reads only their paths). */
const indexed = (...paths: string[]): IndexState => ({ version: 1, root: '/', context: '', files: paths.map((path) => ({ path })) }) as unknown as IndexState

describe('SessionLayers.sync with loads that overlap', () => {
  it('never lets an earlier load of the store replace a graph a run has changed since', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rag-session-layers-'))
    store = await openSqliteKnowledgeBase(join(dir, 'index.db'), storeOptions(resolveRetrieval()))
    await store.commitGeneration({ addDocuments: [doc('a1', 'alpha')], layers: { upsertFiles: [layerFile('src/a.ts', ['alpha'])], removeFiles: [], resolvedFiles: [], edges: [] } })
    const generation = (await store.loadState()).generation

    // The first load's answer is held back (a slow read by a query), the others are not.
    const real = store
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let loads = 0
    const source: LayerSource = {
      loadLayers: async () => {
        const files = await real.loadLayers()
        if (++loads === 1) await held
        return files
      },
    }
    const layers = new SessionLayers(source)

    const query = layers.sync(generation)
    // An index run of the same process: it syncs, then changes the graph in its commit.
    const run = layers.sync(generation).then(() => layers.stage([layerFile('src/b.ts', ['bravo'])], indexed('src/a.ts', 'src/b.ts'))!.apply())
    // Before: the run loaded on its own and committed while the query's load was held. Now it waits for that load.
    await Promise.race([run, new Promise((resolve) => setTimeout(resolve, 300))])
    release()
    await Promise.all([query, run])

    expect([...layers.graph.files()].map((file) => file.path).sort()).toEqual(['src/a.ts', 'src/b.ts'])
    expect(loads).toBe(1)
  })
})
