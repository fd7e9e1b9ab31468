import Database from '../store-sqlite/node_modules/better-sqlite3/lib/index.js'
import { inflateRawSync } from 'node:zlib'
import { LayerGraph } from './dist/index.js'
const db = new Database('/tmp/rag-prof-zWAkqM/index.db', { readonly: true })
const files = db.prepare('select layers from layer_files order by path').all().map((r) => JSON.parse(inflateRawSync(r.layers)))
const clone = () => structuredClone(files)
for (let i = 0; i < 4; i++) {
  const input = clone()
  const t = performance.now(); const c = process.cpuUsage()
  const g = new LayerGraph(input)
  const edges = input.flatMap((f) => g.edgesOf(f.path))
  const u = process.cpuUsage(c)
  console.log(`graph ${(performance.now() - t).toFixed(0)} ms cpu ${((u.user + u.system) / 1000).toFixed(0)} edges ${edges.length}`)
}
