import Database from 'better-sqlite3'
import { contentText, pathAndSymbolText } from '@rag/lexical'
import { codeAwareAnalyzer } from '@rag/bm25'
import { doc, layerEdge, layerFile } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from './schema.js'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { MIXED_WORDS as WORDS } from './testing/mixed-words.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-upgrade-')
afterAll(() => stores.dispose())

/** The `[id, score]` pairs of both rankings of a store. */
async function rankings(kb: SqliteKnowledgeBase, query: string, k: number): Promise<[string, number][][]> {
  const pairs = (hits: { document: { id: string }; score: number }[]): [string, number][] => hits.map((hit) => [hit.document.id, hit.score])
  return [pairs(await kb.search(query, k)), pairs(await kb.searchTfidf(query, k))]
}

describe('upgrading an older store', () => {
  /**
   * Turns a current store file into what an older release wrote: edges with their target paths
   * written out before 7, no vector tables before 6, no layer tables before 5, no write_lock before
   * 4, no term_counts before 3.
   */
  function downgrade(path: string, version: 1 | 2 | 3 | 4 | 5 | 6): void {
    const raw = new Database(path)
    raw.exec(`
      CREATE TABLE old_edges (
        file INTEGER NOT NULL, start_line INTEGER NOT NULL, kind TEXT NOT NULL, source_qname TEXT NOT NULL,
        target TEXT NOT NULL, resolution TEXT NOT NULL, target_path TEXT NOT NULL, target_qname TEXT NOT NULL
      );
      INSERT INTO old_edges SELECT e.file, e.start_line, e.kind, e.source_qname, e.target, e.resolution, coalesce(t.path, ''), e.target_qname
        FROM layer_edges AS e LEFT JOIN layer_targets AS t ON t.id = e.target_file ORDER BY e.rowid;
      DROP TABLE layer_edges;
      DROP TABLE layer_targets;
      ALTER TABLE old_edges RENAME TO layer_edges;
      CREATE INDEX layer_edges_by_file ON layer_edges (file);
      CREATE INDEX layer_edges_by_target ON layer_edges (target_path, target_qname);
    `)
    if (version < 6) raw.exec('DROP TRIGGER document_vectors_follow_documents; DROP TABLE document_vectors; DROP TABLE vector_embedder')
    if (version < 5) for (const table of ['layer_files', 'layer_symbols', 'layer_edges', 'layer_entrypoints']) raw.exec(`DROP TABLE ${table}`)
    if (version < 4) raw.exec('DROP TABLE write_lock')
    if (version < 3) raw.exec('DROP TABLE term_counts')
    raw.pragma(`user_version = ${version}`)
    raw.close()
  }

  function tables(path: string): { version: number; counts: number; locks: number; vectors: number } {
    const raw = new Database(path, { readonly: true })
    try {
      return {
        version: Number(raw.pragma('user_version', { simple: true })),
        counts: Number(raw.prepare('SELECT count(*) FROM term_counts').pluck().get()),
        locks: Number(raw.prepare('SELECT count(*) FROM write_lock').pluck().get()),
        vectors: Number(raw.prepare('SELECT count(*) FROM document_vectors').pluck().get()),
      }
    } finally {
      raw.close()
    }
  }

  it.each([
    [1, contentText],
    [2, pathAndSymbolText],
    [3, pathAndSymbolText],
    [4, pathAndSymbolText],
  ] as const)('upgrades a version %i store in place: term counts filled, lock and vector tables added, both searches as on a fresh store', async (version, indexedText) => {
    const options = { analyzer: codeAwareAnalyzer, indexedText }
    const path = stores.path()
    const old = await openSqliteKnowledgeBase(path, options)
    // More than one upgrade page (1,000 documents), with gaps in seq from removals.
    const docs = Array.from({ length: 2300 }, (_, i) => doc(`c${i}`, `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} chunk${i % 13}`))
    await old.add(docs)
    await old.replaceDocuments(['c5', 'c1500'], [])
    await old.close()
    downgrade(path, version)

    const upgraded = await stores.open(path, options)
    expect(tables(path)).toEqual({ version: SCHEMA_VERSION, counts: 2298, locks: 0, vectors: 0 })
    const fresh = await stores.open(':memory:', options)
    await fresh.add(docs.filter((d) => d.id !== 'c5' && d.id !== 'c1500'))
    for (const query of ['auth token', 'chunk3 server', 'ключ pool']) {
      expect(await rankings(upgraded, query, 10)).toEqual(await rankings(fresh, query, 10))
    }
    expect((await upgraded.list()).length).toBe(2298)
  })

  it('upgrades a version 5 store to one that keeps vectors with its documents', async () => {
    const path = stores.path()
    const old = await openSqliteKnowledgeBase(path)
    await old.add([doc('a', 'one'), doc('b', 'two')])
    await old.close()
    downgrade(path, 5)

    const upgraded = await stores.open(path)
    expect((await upgraded.loadUnembedded('e')).map((d) => d.id)).toEqual(['a', 'b'])
    const embedder = { name: 'e', dimensions: 2, spec: {} }
    await upgraded.commitGeneration({ vectors: { embedder, vectors: [{ id: 'b', contentHash: 'h', vector: Float32Array.of(0.6, 0.8) }] } })
    await upgraded.remove('a')
    expect((await upgraded.loadEmbedded('e')).documents.map((d) => d.id)).toEqual(['b'])
    await upgraded.remove('b')
    expect(tables(path)).toMatchObject({ version: SCHEMA_VERSION, vectors: 0 })
  })

  it.each([5, 6] as const)('upgrades the edges of a version %i store to target ids, every edge and its target kept', async (version) => {
    const path = stores.path()
    const old = await openSqliteKnowledgeBase(path)
    const files = ['src/a.ts', 'src/b.ts', 'src/c.ts'].map((file) => layerFile(file, [file.slice(4, 5)]))
    const edges = [
      layerEdge('src/b.ts', './a.js', 'src/a.ts', 'src/a.ts#a'),
      layerEdge('src/c.ts', './a.js', 'src/a.ts'),
      layerEdge('src/c.ts', './b.js', 'src/b.ts', 'src/b.ts#b'),
      layerEdge('src/c.ts', './gone.js', ''),
    ]
    await old.commitGeneration({ addDocuments: [doc('a1', 'open the pool')], layers: { upsertFiles: files, removeFiles: [], resolvedFiles: [], edges } })
    await old.close()
    const edgeRows = (sql: string): unknown[] => {
      const raw = new Database(path, { readonly: true })
      try {
        return raw.prepare(`SELECT f.path, e.start_line, e.kind, e.source_qname, e.target, e.resolution, ${sql}, e.target_qname FROM layer_edges AS e JOIN layer_files AS f ON f.id = e.file ORDER BY f.path, e.target`).raw().all()
      } finally {
        raw.close()
      }
    }
    const written = edgeRows("coalesce((SELECT path FROM layer_targets WHERE id = e.target_file), '')")
    expect(written.map((row) => (row as unknown[])[6])).toEqual(['src/a.ts', 'src/a.ts', 'src/b.ts', ''])
    downgrade(path, version)
    expect(edgeRows('e.target_path')).toEqual(written)

    const upgraded = await stores.open(path)
    expect(tables(path).version).toBe(SCHEMA_VERSION)
    expect(edgeRows("coalesce((SELECT path FROM layer_targets WHERE id = e.target_file), '')")).toEqual(written)
    expect(await upgraded.loadResolvedFileEdges()).toEqual([
      { path: 'src/b.ts', targetPath: 'src/a.ts' },
      { path: 'src/c.ts', targetPath: 'src/a.ts' },
      { path: 'src/c.ts', targetPath: 'src/b.ts' },
    ])
    expect((await upgraded.search('pool', 1)).map((hit) => hit.document.id)).toEqual(['a1'])
    // A path no edge leads to any more leaves layer_targets with its last importer.
    await upgraded.commitGeneration({ layers: { upsertFiles: [], removeFiles: ['src/c.ts'], resolvedFiles: [], edges: [] } })
    const raw = new Database(path, { readonly: true })
    expect(raw.prepare('SELECT path FROM layer_targets ORDER BY path').pluck().all()).toEqual(['src/a.ts'])
    raw.close()
  })
})
