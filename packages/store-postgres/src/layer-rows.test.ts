import { deflateRawSync, inflateRawSync } from 'node:zlib'
import pg from 'pg'
import { describeLayerStoreContract, layerEdge, layerFile, layerRoute } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import type { PostgresKnowledgeBase } from './postgres-knowledge-base.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let other: PostgresDatabase
let raw: pg.Client
let counter = 0

beforeAll(async () => {
  test = await createTestDatabase('layers')
  database = await test.open()
  other = await test.open()
  raw = new pg.Client({ connectionString: test.url })
  await raw.connect()
})
afterAll(async () => {
  await raw?.end()
  await test?.dispose()
})

/** Rows of a project's table `table` (aliased `t`, joined to its file `f`), as arrays. */
async function rowsOf(kb: PostgresKnowledgeBase, table: string, columns: string): Promise<string[][]> {
  const { rows } = await raw.query<string[]>({
    text: `SELECT ${columns} FROM ${table} t JOIN rag_layer_files f ON f.id = t.file JOIN rag_projects p ON p.id = t.project_id WHERE p.repo_id = $1 AND p.commit_sha = $2`,
    values: [kb.project.repoId, kb.project.commitSha],
    rowMode: 'array',
  })
  return rows
}

describeLayerStoreContract('PostgresKnowledgeBase', {
  create: async () => database.project({ repoId: `layers-${++counter}` }),
  // Another pool on the same database: what a fresh process sees.
  reopen: async (kb) => other.project(kb.project),
  rows: async (kb) => ({
    symbols: (await rowsOf(kb, 'rag_layer_symbols', 'f.path, t.name')) as [string, string][],
    edges: (await rowsOf(kb, 'rag_layer_edges', 'f.path, t.kind, t.target_path, t.target_qname')) as [string, string, string, string][],
    entrypoints: (await rowsOf(kb, 'rag_layer_entrypoints', 'f.path, t.method, t.route')) as [string, string, string][],
  }),
})

describe('PostgresKnowledgeBase code layer tables', () => {
  it('keeps each project its own layers: same paths and names in two projects never meet', async () => {
    const one = database.project({ repoId: 'shared-paths', commitSha: 'c1' })
    const two = database.project({ repoId: 'shared-paths', commitSha: 'c2' })
    await one.commitGeneration({ layers: { upsertFiles: [layerFile('src/a.ts', ['main'])], removeFiles: [], resolvedFiles: [], edges: [] } })
    await two.commitGeneration({ layers: { upsertFiles: [layerFile('src/a.ts', ['main', 'other'])], removeFiles: [], resolvedFiles: [], edges: [] } })
    expect((await one.loadLayersWhere({ name: 'main' })).map((f) => f.symbols.length)).toEqual([1])
    expect((await two.loadLayersWhere({ name: 'main' })).map((f) => f.symbols.length)).toEqual([2])
    await one.clear()
    expect(await one.hasLayers()).toBe(false)
    expect(await two.hasLayers()).toBe(true)
    expect(await database.dropProject(two.project)).toBe(true)
    const { rows } = await raw.query<{ n: string }>(
      "SELECT (SELECT count(*) FROM rag_layer_symbols s WHERE NOT EXISTS (SELECT 1 FROM rag_layer_files f WHERE f.id = s.file)) + (SELECT count(*) FROM rag_layer_files f JOIN rag_projects p ON p.id = f.project_id WHERE p.repo_id = 'shared-paths') AS n",
    )
    expect(rows[0]!.n).toBe('0')
  })

  it('stores the compact form of the records and reads back rows written as FileLayers JSON before it', async () => {
    const kb = database.project({ repoId: `layers-${++counter}` })
    const file = layerFile('src/new.ts', ['parseArgs'], [layerRoute('src/new.ts', 'GET', '/args')])
    await kb.commitGeneration({ layers: { upsertFiles: [file], removeFiles: [], resolvedFiles: [], edges: [] } })
    const [[blob]] = (await rowsOf(kb, 'rag_layer_symbols', 'f.layers')) as unknown as [[Buffer]]
    const stored: unknown = JSON.parse(inflateRawSync(blob).toString('utf8'))
    expect(Array.isArray(stored) && stored[0] === 2 && stored[1] === 'src/new.ts').toBe(true)
    const { rows } = await raw.query<{ id: string }>('SELECT id FROM rag_projects WHERE repo_id = $1', [kb.project.repoId])
    const old = layerFile('src/old.ts', ['legacy'])
    await raw.query('INSERT INTO rag_layer_files (project_id, path, layers) VALUES ($1, $2, $3)', [rows[0]!.id, old.path, deflateRawSync(JSON.stringify(old))])
    expect(await kb.loadLayers()).toStrictEqual([file, old])
  })

  it('keeps a name with U+0000, which PostgreSQL text cannot hold, in the records and finds it', async () => {
    const kb = database.project({ repoId: `layers-${++counter}` })
    const file = layerFile('src/odd.ts', ['a\u0000b'], [layerRoute('src/odd.ts', 'GET', '/x\u0000')])
    await kb.commitGeneration({ layers: { upsertFiles: [file], removeFiles: [], resolvedFiles: ['src/odd.ts'], edges: [{ ...layerEdge('src/odd.ts', 'lib\u0000', ''), sourceQname: 'a\u0000b' }] } })
    expect(await kb.loadLayers()).toEqual([file])
    expect((await kb.loadLayersWhere({ name: 'a\u0000b' })).map((f) => f.path)).toEqual(['src/odd.ts'])
    expect((await kb.loadLayersWhere({ namePrefix: 'a\u0000' })).map((f) => f.path)).toEqual(['src/odd.ts'])
  })

  it('gives every file whose path shares a cut target path: the edge row cannot tell them apart', async () => {
    const kb = database.project({ repoId: `layers-${++counter}` })
    // Two paths longer than an index entry, equal in their first 400 UTF-16 units.
    const [one, two] = ['one.ts', 'two.ts'].map((name) => `src/${'nested/'.repeat(70)}${name}`) as [string, string]
    await kb.commitGeneration({
      layers: { upsertFiles: [one, two, 'src/a.ts'].map((path) => layerFile(path, [])), removeFiles: [], resolvedFiles: ['src/a.ts'], edges: [layerEdge('src/a.ts', './one.js', one)] },
    })
    expect(await kb.loadResolvedFileEdges()).toEqual([
      { path: 'src/a.ts', targetPath: one },
      { path: 'src/a.ts', targetPath: two },
    ])
  })

  it('answers name, prefix, importer and route lookups from their indexes', async () => {
    const kb = database.project({ repoId: `layers-${++counter}` })
    const files = Array.from({ length: 300 }, (_, i) => layerFile(`src/f${i}.ts`, [`fn${i}`, `parse${i}`], i % 10 === 0 ? [layerRoute(`src/f${i}.ts`, 'GET', `/r${i}`)] : []))
    const edges = files.map((f, i) => layerEdge(f.path, `./f${(i + 1) % 300}.js`, `src/f${(i + 1) % 300}.ts`, `src/f${(i + 1) % 300}.ts#fn${(i + 1) % 300}`))
    await kb.commitGeneration({ layers: { upsertFiles: files, removeFiles: [], resolvedFiles: files.map((f) => f.path), edges } })
    // A few hundred rows fit a page or two, where a sequential scan is cheaper: ask whether the
    // index serves the lookup at all.
    const plan = async (sql: string): Promise<string> => {
      await raw.query('BEGIN')
      try {
        await raw.query('SET LOCAL enable_seqscan = off')
        const { rows } = await raw.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)
        return rows.map((row) => row['QUERY PLAN']).join('\n')
      } finally {
        await raw.query('ROLLBACK')
      }
    }
    expect(await plan("SELECT * FROM rag_layer_symbols WHERE project_id = 1 AND name >= 'parse1' AND name < 'parse1\u{10FFFF}'")).toMatch(/rag_layer_symbols_by_name/)
    expect(await plan("SELECT * FROM rag_layer_symbols WHERE project_id = 1 AND name = 'fn7'")).toMatch(/rag_layer_symbols_by_name/)
    expect(await plan("SELECT * FROM rag_layer_edges WHERE project_id = 1 AND target_path = 'src/f7.ts'")).toMatch(/rag_layer_edges_by_target/)
    expect(await plan("SELECT * FROM rag_layer_edges WHERE project_id = 1 AND target_path = 'src/f7.ts' AND target_qname = 'fn7'")).toMatch(/rag_layer_edges_by_target/)
    expect(await plan('SELECT * FROM rag_layer_edges WHERE file = 7')).toMatch(/rag_layer_edges_by_file/)
    expect(await plan('SELECT * FROM rag_layer_entrypoints WHERE file = 7')).toMatch(/rag_layer_entrypoints_by_file/)
    expect(await plan("SELECT * FROM rag_layer_entrypoints WHERE project_id = 1 AND route = '/r10'")).toMatch(/rag_layer_entrypoints_by_route/)
    expect((await kb.loadLayersWhere({ namePrefix: 'parse1' })).length).toBe(111)
  })
})
