import { deflateRawSync } from 'node:zlib'
import Database from 'better-sqlite3'
import type { LayerCommit } from '@rag/core'
import { describeLayerStoreContract, doc, layerEdge as edge, layerFile as file, layerRoute as route } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from './schema.js'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-layers-')
afterAll(() => stores.dispose())

function rows(path: string, sql: string): unknown[] {
  const raw = new Database(path, { readonly: true })
  try {
    return raw.prepare(sql).raw().all()
  } finally {
    raw.close()
  }
}

describeLayerStoreContract('SqliteKnowledgeBase', {
  create: () => stores.open(),
  reopen: (kb: SqliteKnowledgeBase) => stores.open(kb.path),
  rows: async (kb) => ({
    symbols: rows(kb.path, 'SELECT f.path, s.name FROM layer_symbols AS s JOIN layer_files AS f ON f.id = s.file') as [string, string][],
    edges: rows(
      kb.path,
      "SELECT f.path, e.kind, coalesce(t.path, ''), e.target_qname FROM layer_edges AS e JOIN layer_files AS f ON f.id = e.file LEFT JOIN layer_targets AS t ON t.id = e.target_file",
    ) as [string, string, string, string][],
    entrypoints: rows(kb.path, 'SELECT f.path, e.method, e.route FROM layer_entrypoints AS e JOIN layer_files AS f ON f.id = e.file') as [string, string, string][],
  }),
})

describe('SqliteKnowledgeBase code layer tables', () => {
  it('indexes symbols by name, edges by source and target, entrypoints by file and route', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    const layers: LayerCommit = {
      upsertFiles: [file('src/a.ts', ['parseArgs', 'parseFile']), file('src/b.ts', ['main'], [route('src/b.ts', 'GET', '/orders')])],
      removeFiles: [],
      resolvedFiles: ['src/a.ts', 'src/b.ts'],
      edges: [edge('src/b.ts', './a.js', 'src/a.ts')],
    }
    await kb.commitGeneration({ addDocuments: [doc('a1', 'parse args')], layers })
    const plan = (sql: string): string => rows(path, `EXPLAIN QUERY PLAN ${sql}`).map((r) => String((r as unknown[])[3])).join(' ')
    expect(plan("SELECT * FROM layer_symbols WHERE name >= 'parse' AND name < 'parsf'")).toMatch(/layer_symbols_by_name/)
    expect(plan("SELECT * FROM layer_symbols WHERE name = 'main'")).toMatch(/layer_symbols_by_name/)
    // A glob's prefix in any case: the ranges of its first two letters in each case, through the index (not a scan of every symbol).
    const anyCase = "SELECT file FROM layer_symbols WHERE ((name >= 'PA' AND name < 'PB') OR (name >= 'Pa' AND name < 'Pb') OR (name >= 'pA' AND name < 'pB') OR (name >= 'pa' AND name < 'pb')) AND name LIKE 'parse%'"
    expect(plan(anyCase)).toMatch(/layer_symbols_by_name/)
    expect(plan(anyCase)).not.toMatch(/SCAN layer_symbols(?! USING)/)
    const importers = "SELECT e.* FROM layer_edges AS e JOIN layer_targets AS t ON t.id = e.target_file WHERE t.path = 'src/a.ts'"
    expect(plan(importers)).toMatch(/layer_edges_by_target/)
    expect(plan(`${importers} AND e.target_qname = 'parseArgs'`)).toMatch(/layer_edges_by_target/)
    expect(plan(importers)).toMatch(/sqlite_autoindex_layer_targets_1/)
    expect(plan("SELECT e.* FROM layer_edges AS e JOIN layer_files AS f ON f.id = e.file WHERE f.path = 'src/b.ts'")).toMatch(/layer_edges_by_file/)
    expect(plan("SELECT e.* FROM layer_entrypoints AS e JOIN layer_files AS f ON f.id = e.file WHERE f.path = 'src/b.ts'")).toMatch(/layer_entrypoints_by_file/)
    expect(plan("SELECT * FROM layer_entrypoints WHERE route = '/orders'")).toMatch(/layer_entrypoints_by_route/)
    // The file ranking's graph signal reads only the resolved (file, target file) pairs.
    expect(await kb.loadResolvedFileEdges()).toEqual([{ path: 'src/b.ts', targetPath: 'src/a.ts' }])
  })

  it('builds the row indexes after the rows of a big commit into empty tables: same rows, same schema, all or nothing', async () => {
    const names = (prefix: string): string[] => Array.from({ length: 5_100 }, (_, i) => `${prefix}${i}`)
    const big: LayerCommit = {
      upsertFiles: [file('src/a.ts', names('a'), [route('src/a.ts', 'GET', '/a')]), file('src/b.ts', names('b'))],
      removeFiles: [],
      resolvedFiles: ['src/a.ts', 'src/b.ts'],
      edges: [edge('src/b.ts', './a.js', 'src/a.ts', 'src/a.ts#a7')],
    }
    const schema = (path: string): unknown[] => rows(path, "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name LIKE 'layer_%' ORDER BY name")
    const tableRows = (path: string): unknown[] =>
      [...['layer_files', 'layer_symbols', 'layer_edges', 'layer_entrypoints'].map((table) => rows(path, `SELECT * FROM ${table} ORDER BY 1, 2, 3`)), rows(path, 'SELECT * FROM layer_targets ORDER BY 1')]
    // Bulk: into empty tables. One at a time: the same commit after a small one was undone again.
    const bulkPath = stores.path()
    const bulk = await stores.open(bulkPath)
    const fresh = schema(bulkPath)
    await bulk.commitGeneration({ layers: big })
    const stepPath = stores.path()
    const step = await stores.open(stepPath)
    await step.commitGeneration({ layers: { upsertFiles: [file('src/c.ts', ['c'])], removeFiles: [], resolvedFiles: [], edges: [] } })
    await step.commitGeneration({ layers: { ...big, removeFiles: ['src/c.ts'] } })
    expect(schema(bulkPath)).toEqual(fresh)
    expect(schema(stepPath)).toEqual(fresh)
    expect(tableRows(bulkPath)).toEqual(tableRows(stepPath))
    expect((await bulk.loadLayersWhere({ name: 'b5099' })).map((f) => f.path)).toEqual(['src/b.ts'])
    // A commit that fails halfway leaves the tables and their indexes as they were.
    const failPath = stores.path()
    const fail = await stores.open(failPath)
    const broken = { ...big, upsertFiles: [...big.upsertFiles, { ...file('src/z.ts', ['z']), symbols: [{ ...file('src/z.ts', ['z']).symbols[0]!, name: null as unknown as string }] }] }
    await expect(fail.commitGeneration({ layers: broken })).rejects.toThrow()
    expect(schema(failPath)).toEqual(fresh)
    expect(rows(failPath, 'SELECT count(*) FROM layer_symbols')).toEqual([[0]])
  })

  it('reads back records stored compactly exactly as committed, and rows written as FileLayers JSON before the compact form', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    const a = { ...file('src/a.ts', ['parseArgs']), edges: [edge('src/a.ts', './b.js', 'src/b.ts')].map(({ resolution: _r, targetPath: _p, targetSymbolId: _s, candidates: _c, ...raw }) => raw) }
    await kb.commitGeneration({ layers: { upsertFiles: [a], removeFiles: [], resolvedFiles: [], edges: [] } })
    expect(await kb.loadLayers()).toStrictEqual([a])
    // A row as the first schema 5 release wrote it: the deflated JSON of the FileLayers object.
    const old = file('src/old.ts', ['legacy'])
    const raw = new Database(path)
    raw.prepare('INSERT INTO layer_files (path, layers) VALUES (?, ?)').run(old.path, deflateRawSync(JSON.stringify(old)))
    raw.close()
    expect(await kb.loadLayers()).toStrictEqual([a, old])
  })

  it('upgrades a version 4 store (written by the previous release) in place, keeping its chunks', async () => {
    const path = stores.path()
    const old = await openSqliteKnowledgeBase(path)
    await old.add([doc('a1', 'open the pool')])
    await old.close()
    const raw = new Database(path)
    for (const table of ['layer_files', 'layer_symbols', 'layer_edges', 'layer_targets', 'layer_entrypoints']) raw.exec(`DROP TABLE ${table}`)
    raw.exec('DROP TRIGGER document_vectors_follow_documents; DROP TABLE document_vectors; DROP TABLE vector_embedder')
    raw.pragma('user_version = 4')
    raw.close()
    expect(rows(path, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'layer_%'")).toEqual([[0]])

    const kb = await stores.open(path)
    expect(rows(path, 'PRAGMA user_version')).toEqual([[SCHEMA_VERSION]])
    expect(SCHEMA_VERSION).toBe(7)
    expect((await kb.search('pool', 1)).map((hit) => hit.document.id)).toEqual(['a1'])
    await kb.commitGeneration({ layers: { upsertFiles: [file('src/a.ts', ['open'])], removeFiles: [], resolvedFiles: [], edges: [] } })
    expect((await kb.loadLayers()).map((f) => f.path)).toEqual(['src/a.ts'])
  })
})
