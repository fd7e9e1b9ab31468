/**
 * Test helper: the source of a child-process script that opens project `argv[3]` of the database
 * at `argv[2]` and commits whole generations in a loop, starting at generation `argv[5]`, each
 * with `argv[4]` documents, 100 file records and a state. It prints `begin G` before and
 * `committed G MS` after each commit, and stops after `argv[6]` generations (default: never).
 *
 * Every document of generation G has `metadata.gen = G` and the terms `shared` and `markerG`, so
 * a reader can prove that what it sees is one whole generation.
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
  const t0 = performance.now()
  process.stdout.write('begin ' + g + '\\n')
  await kb.commitGeneration({ removeIds: previous, addDocuments: add, fingerprints, state: { marker: g, chunkCount: count } })
  process.stdout.write('committed ' + g + ' ' + Math.round(performance.now() - t0) + '\\n')
  previous = add.map((d) => d.id)
}
await kb.close()
`

/** The generation number in a `begin G` / `committed G MS` line. */
export function generationOf(line: string): number {
  return Number(line.split(' ')[1])
}
