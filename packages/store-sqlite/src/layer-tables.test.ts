import { deflateRawSync } from 'node:zlib'
import Database from 'better-sqlite3'
import type { EdgeRecord, EntrypointRecord, FileLayers, SymbolRecord } from '@rag/core'
import { doc } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import type { LayerCommit } from './layer-tables.js'
import { SCHEMA_VERSION } from './schema.js'
import { openSqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-layers-')
afterAll(() => stores.dispose())

const base = { language: 'typescript', isTest: false, startLine: 1, endLine: 3 } as const

function symbol(path: string, name: string): SymbolRecord {
  return { ...base, layer: 'C1_SYMBOL_CATALOG', id: `${path}#${name}`, path, title: `function ${name}`, name, qname: name, kind: 'function', signature: `function ${name}()`, parentId: '', module: path, exported: true }
}

function edge(path: string, target: string, targetPath: string): EdgeRecord {
  return {
    ...base,
    layer: 'C2_DEPENDENCY_GRAPH',
    id: `${path}>${target}`,
    path,
    title: `imports ${target}`,
    kind: 'imports',
    sourceSymbolId: '',
    sourceQname: '',
    target,
    names: [],
    resolution: targetPath ? 'resolved' : 'unresolved',
    targetPath,
    targetSymbolId: '',
    candidates: targetPath ? 1 : 0,
  }
}

function route(path: string, method: string, at: string): EntrypointRecord {
  return { ...base, layer: 'C3_ENTRYPOINTS', id: `${path}@${method} ${at}`, path, title: `${method} ${at}`, kind: 'http-route', framework: 'express', method, route: at, handler: 'show', handlerSymbolId: '', declaringSymbolId: '', text: `app.get('${at}', show)` }
}

function file(path: string, names: string[], entrypoints: EntrypointRecord[] = []): FileLayers {
  return { path, language: 'typescript', module: path, isTest: false, symbols: names.map((n) => symbol(path, n)), edges: [], entrypoints }
}

function rows(path: string, sql: string): unknown[] {
  const raw = new Database(path, { readonly: true })
  try {
    return raw.prepare(sql).raw().all()
  } finally {
    raw.close()
  }
}

describe('SqliteKnowledgeBase code layers', () => {
  it('commits layers with the chunks of the same generation, indexed by name, source, target and path', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    const layers: LayerCommit = {
      upsertFiles: [file('src/a.ts', ['parseArgs', 'parseFile']), file('src/b.ts', ['main'], [route('src/b.ts', 'GET', '/orders')])],
      removeFiles: [],
      resolvedFiles: ['src/a.ts', 'src/b.ts'],
      edges: [edge('src/b.ts', './a.js', 'src/a.ts'), { ...edge('src/a.ts', 'lodash', ''), kind: 'calls', resolution: 'external' }],
    }
    expect(await kb.hasLayers()).toBe(false)
    const before = (await kb.loadState()).generation
    await kb.commitGeneration({ addDocuments: [doc('a1', 'parse args')], layers })
    expect((await kb.loadState()).generation).toBe(before + 1)
    expect(await kb.hasLayers()).toBe(true)
    expect((await kb.loadLayers()).map((f) => [f.path, f.symbols.map((s) => s.name)])).toEqual([
      ['src/a.ts', ['parseArgs', 'parseFile']],
      ['src/b.ts', ['main']],
    ])
    expect(rows(path, "SELECT f.path, s.name FROM layer_symbols AS s JOIN layer_files AS f ON f.id = s.file WHERE s.name >= 'parse' AND s.name < 'parsf' ORDER BY s.name")).toEqual([
      ['src/a.ts', 'parseArgs'],
      ['src/a.ts', 'parseFile'],
    ])
    expect(rows(path, "SELECT f.path FROM layer_edges AS e JOIN layer_files AS f ON f.id = e.file WHERE e.target_path = 'src/a.ts'")).toEqual([['src/b.ts']])
    // A call of a library function stays in the file's records only.
    expect(rows(path, 'SELECT count(*) FROM layer_edges')).toEqual([[1]])
    expect(rows(path, "SELECT e.method, e.route FROM layer_entrypoints AS e JOIN layer_files AS f ON f.id = e.file WHERE f.path = 'src/b.ts'")).toEqual([['GET', '/orders']])
    const plan = (sql: string): string => rows(path, `EXPLAIN QUERY PLAN ${sql}`).map((r) => String((r as unknown[])[3])).join(' ')
    expect(plan("SELECT * FROM layer_symbols WHERE name >= 'parse' AND name < 'parsf'")).toMatch(/layer_symbols_by_name/)
    expect(plan("SELECT * FROM layer_edges WHERE target_path = 'src/a.ts'")).toMatch(/layer_edges_by_target/)
    expect(plan("SELECT * FROM layer_edges WHERE target_path = 'src/a.ts' AND target_qname = 'parseArgs'")).toMatch(/layer_edges_by_target/)
    expect(plan("SELECT e.* FROM layer_edges AS e JOIN layer_files AS f ON f.id = e.file WHERE f.path = 'src/b.ts'")).toMatch(/layer_edges_by_file/)
    expect(plan("SELECT e.* FROM layer_entrypoints AS e JOIN layer_files AS f ON f.id = e.file WHERE f.path = 'src/b.ts'")).toMatch(/layer_entrypoints_by_file/)
    expect(plan("SELECT * FROM layer_entrypoints WHERE route = '/orders'")).toMatch(/layer_entrypoints_by_route/)

    // Selected reads go through the name and entrypoint tables.
    const paths = (files: FileLayers[]): string[] => files.map((f) => f.path)
    expect(paths(await kb.loadLayersWhere({ name: 'main' }))).toEqual(['src/b.ts'])
    expect(paths(await kb.loadLayersWhere({ namePrefix: 'parse' }))).toEqual(['src/a.ts'])
    expect(paths(await kb.loadLayersWhere({ namePrefix: 'zzz' }))).toEqual([])
    expect(paths(await kb.loadLayersWhere({ entrypoints: true }))).toEqual(['src/b.ts'])
    expect(plan("SELECT * FROM layer_symbols WHERE name = 'main'")).toMatch(/layer_symbols_by_name/)
    // The file ranking's graph signal reads only the resolved (file, target file) pairs.
    expect(await kb.loadResolvedFileEdges()).toEqual([{ path: 'src/b.ts', targetPath: 'src/a.ts' }])

    // A change replaces one file's rows and drops another's; the rest stays.
    await kb.commitGeneration({
      layers: { upsertFiles: [file('src/a.ts', ['parseArgs'])], removeFiles: ['src/b.ts'], resolvedFiles: ['src/a.ts'], edges: [] },
    })
    expect((await kb.loadLayers()).map((f) => f.path)).toEqual(['src/a.ts'])
    expect(rows(path, 'SELECT name FROM layer_symbols')).toEqual([['parseArgs']])
    expect(rows(path, 'SELECT count(*) FROM layer_edges')).toEqual([[0]])
    expect(rows(path, 'SELECT count(*) FROM layer_entrypoints')).toEqual([[0]])

    await kb.clear()
    expect(await kb.loadLayers()).toEqual([])
    expect(rows(path, 'SELECT count(*) FROM layer_symbols')).toEqual([[0]])
  })

  it('writes no layers when the generation fails, and refuses a malformed layer change before writing', async () => {
    const kb = await stores.open()
    await kb.add([doc('a1', 'kept')])
    const layers: LayerCommit = { upsertFiles: [file('src/a.ts', ['lost'])], removeFiles: [], resolvedFiles: [], edges: [] }
    await expect(kb.commitGeneration({ addDocuments: [doc('a1', 'clash')], layers })).rejects.toMatchObject({ code: 'DUPLICATE_ID' })
    expect(await kb.loadLayers()).toEqual([])
    const bad = { ...layers, removeFiles: [42] } as unknown as LayerCommit
    await expect(kb.commitGeneration({ addDocuments: [doc('a2', 'new')], layers: bad })).rejects.toThrow(/layers\.removeFiles\[0\] must be a path; received 42/)
    expect(await kb.get('a2')).toBeUndefined()
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
    for (const table of ['layer_files', 'layer_symbols', 'layer_edges', 'layer_entrypoints']) raw.exec(`DROP TABLE ${table}`)
    raw.exec('DROP TRIGGER document_vectors_follow_documents; DROP TABLE document_vectors; DROP TABLE vector_embedder')
    raw.pragma('user_version = 4')
    raw.close()
    expect(rows(path, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'layer_%'")).toEqual([[0]])

    const kb = await stores.open(path)
    expect(rows(path, 'PRAGMA user_version')).toEqual([[SCHEMA_VERSION]])
    expect(SCHEMA_VERSION).toBe(6)
    expect((await kb.search('pool', 1)).map((hit) => hit.document.id)).toEqual(['a1'])
    await kb.commitGeneration({ layers: { upsertFiles: [file('src/a.ts', ['open'])], removeFiles: [], resolvedFiles: [], edges: [] } })
    expect((await kb.loadLayers()).map((f) => f.path)).toEqual(['src/a.ts'])
  })
})
