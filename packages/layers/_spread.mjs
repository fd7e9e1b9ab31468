import Database from '../store-sqlite/node_modules/better-sqlite3/lib/index.js'
import { inflateRawSync } from 'node:zlib'
const db = new Database('/tmp/rag-prof-zWAkqM/index.db', { readonly: true })
const files = structuredClone(db.prepare('select layers from layer_files order by path').all().map((r) => JSON.parse(inflateRawSync(r.layers))))
const edges = files.flatMap((f) => f.edges)
const r = { resolution: 'by-name', targetPath: 'x', targetSymbolId: 'y', candidates: 2 }
const variants = {
  spread2: (e) => ({ ...e, ...r }),
  spreadLit: (e) => ({ ...e, resolution: r.resolution, targetPath: r.targetPath, targetSymbolId: r.targetSymbolId, candidates: r.candidates }),
  assign: (e) => Object.assign({}, e, r),
}
for (let round = 0; round < 3; round++) for (const [name, f] of Object.entries(variants)) {
  const c = process.cpuUsage(); let keep = []
  for (let i = 0; i < 5; i++) keep = edges.map(f)
  const u = process.cpuUsage(c); console.log(name, ((u.user + u.system) / 5000).toFixed(0), 'ms per 38k')
}
