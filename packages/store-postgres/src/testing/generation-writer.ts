/**
 * Test helper: the source of a child-process script that opens project `argv[3]` of the database
 * at `argv[2]` and commits whole generations in a loop, starting at generation `argv[5]`, each
 * with `argv[4]` documents, 100 file records, a state, the code layers of the 100 files and a
 * vector per document. It prints `begin G` before and `committed G MS` after each commit, and
 * stops after `argv[6]` generations (default: never).
 *
 * Every document of generation G has `metadata.gen = G` and the terms `shared` and `markerG`;
 * every file's layers define `genG_fF` and import the next file; every vector (embedder
 * `writer-e`, 8 dimensions) starts with G. So a reader can prove that what it sees is one whole
 * generation.
 */
export const GENERATION_WRITER = `
import { openPostgresKnowledgeBase } from './store.js'
const [url, repoId, countArg, startArg, roundsArg] = process.argv.slice(2)
const count = Number(countArg)
const start = Number(startArg)
const rounds = roundsArg === undefined ? Infinity : Number(roundsArg)
const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit '.repeat(30)
const kb = await openPostgresKnowledgeBase(url, { project: { repoId }, poolSize: 2 })
let previous = (await kb.list()).map((d) => d.id)
for (let g = start; g < start + rounds; g++) {
  const add = Array.from({ length: count }, (_, i) => ({
    id: 'g' + g + '-' + i,
    content: 'shared marker' + g + ' chunk ' + i + ' ' + filler,
    metadata: { file: 'f' + (i % 100) + '.ts', gen: g, startLine: i },
  }))
  const fingerprints = {}
  for (let f = 0; f < 100; f++) {
    fingerprints['f' + f + '.ts'] = { fingerprint: 'g' + g + '-f' + f, size: g, mtimeMs: g, chunkIds: add.filter((_, i) => i % 100 === f).map((d) => d.id) }
  }
  const upsertFiles = Array.from({ length: 100 }, (_, f) => {
    const path = 'f' + f + '.ts'
    const name = 'gen' + g + '_f' + f
    const symbol = { layer: 'C1_SYMBOL_CATALOG', id: path + '#' + name, path, title: name, language: 'typescript', isTest: false, startLine: 1, endLine: 2, name, qname: name, kind: 'function', signature: name + '()', parentId: '', module: path, exported: true }
    return { path, language: 'typescript', module: path, isTest: false, symbols: [symbol], edges: [], entrypoints: [] }
  })
  const edges = upsertFiles.map((file, f) => ({
    layer: 'C2_DEPENDENCY_GRAPH', id: file.path + '>next', path: file.path, title: 'imports next', language: 'typescript', isTest: false, startLine: 1, endLine: 1,
    kind: 'imports', sourceSymbolId: '', sourceQname: '', target: './next.js', names: [], resolution: 'resolved',
    targetPath: 'f' + ((f + 1) % 100) + '.ts', targetSymbolId: 'f' + ((f + 1) % 100) + '.ts#gen' + g + '_f' + ((f + 1) % 100), candidates: 1,
  }))
  const layers = { upsertFiles, removeFiles: [], resolvedFiles: upsertFiles.map((file) => file.path), edges }
  const vectors = {
    embedder: { name: 'writer-e', dimensions: 8, spec: { kind: 'test' }, state: { generation: g } },
    vectors: add.map((d, i) => ({ id: d.id, contentHash: 'h' + g + '-' + i, vector: Float32Array.of(g, i, 1, 2, 3, 4, 5, 6) })),
  }
  const t0 = performance.now()
  process.stdout.write('begin ' + g + '\\n')
  await kb.commitGeneration({ removeIds: previous, addDocuments: add, fingerprints, state: { marker: g, chunkCount: count }, layers, vectors })
  process.stdout.write('committed ' + g + ' ' + Math.round(performance.now() - t0) + '\\n')
  previous = add.map((d) => d.id)
}
await kb.close()
`

/** The generation number in a `begin G` / `committed G MS` line. */
export function generationOf(line: string): number {
  return Number(line.split(' ')[1])
}
