import { deflateRawSync } from 'node:zlib'
import { attachCompressedLayers, compactLayersJson, takeCompressedLayers } from '@rag/core'
import type { Document, EdgeRecord, EntrypointRecord, FileLayers, GenerationCommit, LayerCommit, LayerCounts, LayerFileSelection, StoredIndexState, SymbolRecord } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { doc } from './corpus.js'

/** What the layer contract needs of a persistent store (`SqliteKnowledgeBase`, `PostgresKnowledgeBase`). */
export interface LayerStore {
  commitGeneration(commit: GenerationCommit): Promise<void>
  add(documents: readonly Document[]): Promise<void>
  get(id: string): Promise<Document | undefined>
  loadState(): Promise<StoredIndexState>
  loadLayers(): Promise<FileLayers[]>
  loadLayersWhere(selection: LayerFileSelection): Promise<FileLayers[]>
  hasLayers(): Promise<boolean>
  /** The resolved (file, target file) pairs, read from the edge table (what a one-shot file ranking reads instead of the graph). */
  loadResolvedFileEdges(): Promise<{ path: string; targetPath: string }[]>
  /** What `rag status` reports of the layers. */
  countLayers(): Promise<LayerCounts>
  clear(): Promise<void>
}

/** The rows a store keeps in its symbol, edge and entrypoint tables (in any order), read by the store's own SQL. */
export interface LayerRows {
  /** `[path, name]` of every symbol row. */
  readonly symbols: readonly (readonly [string, string])[]
  /** `[path, kind, targetPath, targetQname]` of every edge row. */
  readonly edges: readonly (readonly [string, string, string, string])[]
  /** `[path, method, route]` of every entrypoint row. */
  readonly entrypoints: readonly (readonly [string, string, string])[]
}

/** How a contract suite gets stores: fresh ones, and the same store again as another process would open it. */
export interface PersistentStoreHarness<S> {
  /** A new, empty store. */
  create(): Promise<S>
  /** The same store through a new connection (a fresh process's view). */
  reopen(store: S): Promise<S>
}

/** What {@link describeLayerStoreContract} needs besides the harness. */
export interface LayerStoreHarness<S extends LayerStore> extends PersistentStoreHarness<S> {
  /** The store's symbol, edge and entrypoint rows, read with its own SQL (the tables a lookup goes through). */
  rows(store: S): Promise<LayerRows>
}

const base = { language: 'typescript', isTest: false, startLine: 1, endLine: 3 } as const

/** A symbol record of `path` named `name`. */
export function layerSymbol(path: string, name: string): SymbolRecord {
  return { ...base, layer: 'C1_SYMBOL_CATALOG', id: `${path}#${name}`, path, title: `function ${name}`, name, qname: name, kind: 'function', signature: `function ${name}()`, parentId: '', module: path, exported: true }
}

/** A resolved import edge from `path` to `target`, resolved to `targetPath` (`''`: unresolved). */
export function layerEdge(path: string, target: string, targetPath: string, targetSymbolId = ''): EdgeRecord {
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
    targetSymbolId,
    candidates: targetPath ? 1 : 0,
  }
}

/** An HTTP route of `path`. */
export function layerRoute(path: string, method: string, at: string): EntrypointRecord {
  return { ...base, layer: 'C3_ENTRYPOINTS', id: `${path}@${method} ${at}`, path, title: `${method} ${at}`, kind: 'http-route', framework: 'express', method, route: at, handler: 'show', handlerSymbolId: '', declaringSymbolId: '', text: `app.get('${at}', show)` }
}

/** The layer records of one file defining `names`. */
export function layerFile(path: string, names: string[], entrypoints: EntrypointRecord[] = []): FileLayers {
  return { path, language: 'typescript', module: path, isTest: false, symbols: names.map((n) => layerSymbol(path, n)), edges: [], entrypoints }
}

const paths = (files: FileLayers[]): string[] => files.map((f) => f.path)

function sorted<T extends readonly string[]>(rows: readonly T[]): T[] {
  const key = (row: T): string => row.join('\u0000')
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}

/**
 * Registers the shared suite of a store that keeps the code layers with its chunks
 * (`commitGeneration({ layers })`, `loadLayers`, `loadLayersWhere`, `hasLayers`,
 * `loadResolvedFileEdges`), so the SQLite
 * and PostgreSQL stores are proven to keep the same records and rows.
 *
 * @example
 * describeLayerStoreContract('SqliteKnowledgeBase', { create: () => stores.open(), reopen: (kb) => stores.open(kb.path), rows })
 */
export function describeLayerStoreContract<S extends LayerStore>(name: string, harness: LayerStoreHarness<S>): void {
  const rowsOf = async (store: S): Promise<LayerRows> => {
    const { symbols, edges, entrypoints } = await harness.rows(store)
    return { symbols: sorted(symbols), edges: sorted(edges), entrypoints: sorted(entrypoints) }
  }
  describe(`${name} (code layer store contract)`, () => {
    it('commits layers with the chunks of the same generation, read back by path and through the name and entrypoint tables', async () => {
      const kb = await harness.create()
      const layers: LayerCommit = {
        upsertFiles: [layerFile('src/b.ts', ['main'], [layerRoute('src/b.ts', 'GET', '/orders')]), layerFile('src/a.ts', ['parseArgs', 'parseFile'])],
        removeFiles: [],
        resolvedFiles: ['src/a.ts', 'src/b.ts'],
        edges: [layerEdge('src/b.ts', './a.js', 'src/a.ts', 'src/a.ts#parseArgs'), { ...layerEdge('src/a.ts', 'lodash', ''), kind: 'calls', resolution: 'external' }],
      }
      expect(await kb.hasLayers()).toBe(false)
      expect(await kb.countLayers()).toEqual({ files: 0, symbols: 0, resolvedEdges: 0, entrypoints: 0 })
      const before = (await kb.loadState()).generation
      await kb.commitGeneration({ addDocuments: [doc('a1', 'parse args')], layers })
      expect((await kb.loadState()).generation).toBe(before + 1)
      expect(await kb.hasLayers()).toBe(true)
      // The library call is external: no resolved edge.
      expect(await kb.countLayers()).toEqual({ files: 2, symbols: 3, resolvedEdges: 1, entrypoints: 1 })
      expect(await kb.loadLayers()).toEqual([layers.upsertFiles[1], layers.upsertFiles[0]])
      expect(await rowsOf(kb)).toEqual({
        symbols: [['src/a.ts', 'parseArgs'], ['src/a.ts', 'parseFile'], ['src/b.ts', 'main']],
        // A call of a library function stays in the file's records only.
        edges: [['src/b.ts', 'imports', 'src/a.ts', 'parseArgs']],
        entrypoints: [['src/b.ts', 'GET', '/orders']],
      })
      expect(paths(await kb.loadLayersWhere({ name: 'main' }))).toEqual(['src/b.ts'])
      expect(paths(await kb.loadLayersWhere({ name: 'parse' }))).toEqual([])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'parse' }))).toEqual(['src/a.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: '' }))).toEqual(['src/a.ts', 'src/b.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'zzz' }))).toEqual([])
      expect(paths(await kb.loadLayersWhere({ entrypoints: true }))).toEqual(['src/b.ts'])

      const again = await harness.reopen(kb)
      expect(await again.loadLayers()).toEqual(await kb.loadLayers())
      expect(await again.hasLayers()).toBe(true)
    })

    it('replaces the rows of only the files a change names, and keeps edges until their file is resolved again', async () => {
      const kb = await harness.create()
      await kb.commitGeneration({
        layers: {
          upsertFiles: [layerFile('src/a.ts', ['parseArgs']), layerFile('src/b.ts', ['main'], [layerRoute('src/b.ts', 'GET', '/orders')]), layerFile('src/c.ts', ['helper'])],
          removeFiles: [],
          resolvedFiles: ['src/b.ts', 'src/c.ts'],
          edges: [layerEdge('src/b.ts', './a.js', 'src/a.ts'), layerEdge('src/c.ts', './a.js', 'src/a.ts')],
        },
      })
      // a.ts changes (its symbols are replaced), b.ts goes, c.ts is not resolved again: its edge stays.
      await kb.commitGeneration({
        layers: { upsertFiles: [layerFile('src/a.ts', ['parseFlags', 'Parse'])], removeFiles: ['src/b.ts', 'src/never-stored.ts'], resolvedFiles: ['src/a.ts'], edges: [] },
      })
      expect(paths(await kb.loadLayers())).toEqual(['src/a.ts', 'src/c.ts'])
      expect((await kb.loadLayers())[0]).toEqual(layerFile('src/a.ts', ['parseFlags', 'Parse']))
      expect(await rowsOf(kb)).toEqual({
        symbols: [['src/a.ts', 'Parse'], ['src/a.ts', 'parseFlags'], ['src/c.ts', 'helper']],
        edges: [['src/c.ts', 'imports', 'src/a.ts', '']],
        entrypoints: [],
      })
      expect(paths(await kb.loadLayersWhere({ entrypoints: true }))).toEqual([])
      // Names compare by code point: upper case before lower, a prefix is case-sensitive.
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'P' }))).toEqual(['src/a.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'parseF' }))).toEqual(['src/a.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'parseFlagsX' }))).toEqual([])
      // With ignoreCase, any case of the ASCII letters (`rag symbols hono*` for `Hono`); `%` and `_` are no wildcards.
      expect(paths(await kb.loadLayersWhere({ name: 'PARSEFLAGS', ignoreCase: true }))).toEqual(['src/a.ts'])
      expect(paths(await kb.loadLayersWhere({ name: 'PARSEFLAG', ignoreCase: true }))).toEqual([])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'PARSEf', ignoreCase: true }))).toEqual(['src/a.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'p_rse', ignoreCase: true }))).toEqual([])
      expect(paths(await kb.loadLayersWhere({ namePrefix: '%', ignoreCase: true }))).toEqual([])
      // Every case of the first letters (the stores read them as ranges of their name index): `pA`, `H` of `helper`, a one-letter prefix.
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'pA', ignoreCase: true }))).toEqual(['src/a.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'HELP', ignoreCase: true }))).toEqual(['src/c.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'h', ignoreCase: true }))).toEqual(['src/c.ts'])
      expect(paths(await kb.loadLayersWhere({ name: 'hELPER', ignoreCase: true }))).toEqual(['src/c.ts'])
      expect(paths(await kb.loadLayersWhere({ name: 'HELPERS', ignoreCase: true }))).toEqual([])
      expect(paths(await kb.loadLayersWhere({ name: 'parseflags' }))).toEqual([])

      // Resolving c.ts again with no edges drops its edge row.
      await kb.commitGeneration({ layers: { upsertFiles: [], removeFiles: [], resolvedFiles: ['src/c.ts'], edges: [] } })
      expect((await rowsOf(kb)).edges).toEqual([])
    })

    it('looks names up by exact code points, with punctuation and non-ASCII names as plain text', async () => {
      const kb = await harness.create()
      const names = ['_private', '%odd', 'ключ', 'ключевой', 'κλειδί', 'emoji😀name', 'Zebra', 'zebra']
      await kb.commitGeneration({ layers: { upsertFiles: names.map((n, i) => layerFile(`src/f${i}.ts`, [n])), removeFiles: [], resolvedFiles: [], edges: [] } })
      const by = async (selection: LayerFileSelection): Promise<string[]> => (await kb.loadLayersWhere(selection)).flatMap((f) => f.symbols.map((s) => s.name))
      expect(await by({ namePrefix: 'ключ' })).toEqual(['ключ', 'ключевой'])
      expect(await by({ name: 'ключ' })).toEqual(['ключ'])
      expect(await by({ namePrefix: '_' })).toEqual(['_private'])
      expect(await by({ namePrefix: '%' })).toEqual(['%odd'])
      expect(await by({ namePrefix: 'emoji😀' })).toEqual(['emoji😀name'])
      expect(await by({ namePrefix: 'z' })).toEqual(['zebra'])
      expect(await by({ name: 'ZEBRA' })).toEqual([])
    })

    it('keeps and finds names and routes longer than an index entry holds (generated identifiers)', async () => {
      const kb = await harness.create()
      // Letters that do not compress much, so the name stays long inside an index too.
      const noise = (length: number, seed: number): string => Array.from({ length }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789_'[(i * 7919 + seed * 104729 + ((i * i) % 97)) % 37]).join('')
      const long = `generated_${noise(8000, 1)}`
      const route = `/${noise(8000, 2)}/end`
      await kb.commitGeneration({
        layers: {
          upsertFiles: [layerFile('src/gen.ts', [long, `${long}_2`], [layerRoute('src/gen.ts', 'GET', route)]), layerFile('src/other.ts', ['generated_y'])],
          removeFiles: [],
          resolvedFiles: ['src/gen.ts'],
          edges: [layerEdge('src/gen.ts', './other.js', 'src/other.ts', `src/other.ts#${long}`)],
        },
      })
      expect((await kb.loadLayers())[0]!.symbols.map((s) => s.name)).toEqual([long, `${long}_2`])
      expect(paths(await kb.loadLayersWhere({ name: long }))).toEqual(['src/gen.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: long.slice(0, 5000) }))).toEqual(['src/gen.ts'])
      expect(paths(await kb.loadLayersWhere({ namePrefix: 'generated_' }))).toEqual(['src/gen.ts', 'src/other.ts'])
      expect(paths(await kb.loadLayersWhere({ entrypoints: true }))).toEqual(['src/gen.ts'])
    })

    it('reads the distinct resolved (file, target file) pairs by code point, a target longer than an index entry whole', async () => {
      const kb = await harness.create()
      expect(await kb.loadResolvedFileEdges()).toEqual([])
      // 501 UTF-16 units: longer than an index entry holds. U+FFFD sorts before U+1F600 by code point (not by UTF-16 unit).
      const deep = `src/${'nested/'.repeat(70)}deep.ts`
      const [a, b, replacement, emoji] = ['src/a.ts', 'src/b.ts', 'src/\uFFFD.ts', 'src/\u{1F600}.ts']
      await kb.commitGeneration({
        layers: {
          upsertFiles: [a, b, deep, replacement, emoji].map((path) => layerFile(path, [])),
          removeFiles: [],
          resolvedFiles: [a, b, deep, replacement, emoji],
          edges: [
            layerEdge(b, './a.js', a),
            { ...layerEdge(b, 'parse', a), kind: 'calls' },
            layerEdge(b, 'lodash', ''),
            { ...layerEdge(a, 'lodash', ''), kind: 'calls', resolution: 'external' },
            layerEdge(a, './deep.js', deep),
            layerEdge(deep, './a.js', a),
            layerEdge(emoji, './a.js', a),
            layerEdge(replacement, './a.js', a),
          ],
        },
      })
      const pairs = [
        { path: a, targetPath: deep },
        { path: b, targetPath: a },
        { path: deep, targetPath: a },
        { path: replacement, targetPath: a },
        { path: emoji, targetPath: a },
      ]
      expect(await kb.loadResolvedFileEdges()).toEqual(pairs)
      // Resolving b.ts again with no edges drops its pair; a fresh process reads the same.
      await kb.commitGeneration({ layers: { upsertFiles: [], removeFiles: [], resolvedFiles: [b], edges: [] } })
      expect(await (await harness.reopen(kb)).loadResolvedFileEdges()).toEqual(pairs.filter((pair) => pair.path !== b))
      await kb.clear()
      expect(await kb.loadResolvedFileEdges()).toEqual([])
      expect(await kb.countLayers()).toEqual({ files: 0, symbols: 0, resolvedEdges: 0, entrypoints: 0 })
    })

    it('writes no layers when the generation fails, and refuses a malformed layer change before writing', async () => {
      const kb = await harness.create()
      await kb.add([doc('a1', 'kept')])
      const layers: LayerCommit = { upsertFiles: [layerFile('src/a.ts', ['lost'])], removeFiles: [], resolvedFiles: [], edges: [] }
      await expect(kb.commitGeneration({ addDocuments: [doc('a1', 'clash')], layers })).rejects.toMatchObject({ code: 'DUPLICATE_ID' })
      expect(await kb.loadLayers()).toEqual([])
      expect(await kb.hasLayers()).toBe(false)
      const bad = { ...layers, removeFiles: [42] } as unknown as LayerCommit
      await expect(kb.commitGeneration({ addDocuments: [doc('a2', 'new')], layers: bad })).rejects.toThrow(/layers\.removeFiles\[0\] must be a path; received 42/)
      const noPath = { ...layers, edges: [{ kind: 'imports' }] } as unknown as LayerCommit
      await expect(kb.commitGeneration({ addDocuments: [doc('a2', 'new')], layers: noPath })).rejects.toThrow(/layers\.edges\[0\] must be a resolved EdgeRecord/)
      expect(await kb.get('a2')).toBeUndefined()
    })

    it("writes the compressed text a chunking worker attached to a file's records as its records, once", async () => {
      const kb = await harness.create()
      const committed = layerFile('src/a.ts', ['one'])
      // The text says more than the records: what reads back tells which the store wrote.
      const attached = layerFile('src/a.ts', ['one', 'two'])
      attachCompressedLayers(committed, deflateRawSync(compactLayersJson(attached), { level: 1 }))
      await kb.commitGeneration({ layers: { upsertFiles: [committed], removeFiles: [], resolvedFiles: [], edges: [] } })
      expect(await kb.loadLayers()).toEqual([attached])
      expect(takeCompressedLayers(committed)).toBeUndefined() // taken by the write
      await kb.commitGeneration({ layers: { upsertFiles: [committed], removeFiles: [], resolvedFiles: [], edges: [] } })
      expect(await kb.loadLayers()).toEqual([committed]) // a second write encodes the records
    })

    it('commits a layer change alone as a generation, and empties every layer table on clear', async () => {
      const kb = await harness.create()
      const before = (await kb.loadState()).generation
      await kb.commitGeneration({ layers: { upsertFiles: [layerFile('src/a.ts', ['one'], [layerRoute('src/a.ts', 'POST', '/x')])], removeFiles: [], resolvedFiles: ['src/a.ts'], edges: [layerEdge('src/a.ts', './b.js', '')] } })
      expect((await kb.loadState()).generation).toBe(before + 1)
      expect(await rowsOf(kb)).toEqual({ symbols: [['src/a.ts', 'one']], edges: [['src/a.ts', 'imports', '', '']], entrypoints: [['src/a.ts', 'POST', '/x']] })
      await kb.clear()
      expect(await kb.loadLayers()).toEqual([])
      expect(await kb.hasLayers()).toBe(false)
      expect(await rowsOf(kb)).toEqual({ symbols: [], edges: [], entrypoints: [] })
    })
  })
}
