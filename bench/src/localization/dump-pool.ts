/**
 * Records the localization suite's ranking inputs once, to JSON, so ranking experiments
 * (`learn-ranking.ts`) run in seconds instead of re-indexing: per repository the chunks' metadata
 * and contents (what `createChunkSignals` reads; the contents for the hits' text) and the layer records (what `createLayerSignals` reads); per
 * query its id, split, relevant files, the router's plan and the deep chunk list for the plan's
 * search text (ids, scores, metadata; no content).
 *
 *   pnpm exec tsx src/localization/dump-pool.ts [out.json]   (default results/tmp/localization-pool.json)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SearchResult } from '@rag/core'
import { createQueryRouter } from '@rag/router'
import { LOCALIZATION_REPOS, loadLocalizationRepo, unpackCorpus } from '../corpus/localization-data.js'
import { indexRepo } from './index-repo.js'
import { readLayerRecords } from './layer-records.js'

const DEFAULT_OUT = fileURLToPath(new URL('../../results/tmp/localization-pool.json', import.meta.url))
const DEPTH = 300
const CHUNK_KEYS = ['file', 'symbol', 'qname', 'symbols', 'kind', 'format', 'language', 'startLine', 'endLine'] as const

function pick(metadata: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of CHUNK_KEYS) if (metadata[key] !== undefined) out[key] = metadata[key]
  return out
}

const hitRecord = (hit: SearchResult): unknown => ({ id: hit.document.id, score: hit.score, metadata: pick(hit.document.metadata), chars: hit.document.content.length })

async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? DEFAULT_OUT)
  const scratch = mkdtempSync(join(tmpdir(), 'rag-pool-'))
  const router = createQueryRouter()
  const repos: unknown[] = []
  try {
    for (const id of LOCALIZATION_REPOS) {
      const started = performance.now()
      const repo = loadLocalizationRepo(id)
      const indexed = await indexRepo(repo, unpackCorpus(repo, scratch))
      const layers = await readLayerRecords(indexed.rag, indexed.files)
      const queries: unknown[] = []
      for (const query of repo.queries) {
        const plan = router.route(query.text)
        const hits = await indexed.rag.search(plan.searchText, DEPTH, undefined, { pathPriors: false })
        queries.push({ id: query.id, split: query.split, text: query.text, relevant: query.relevant, plan, hits: hits.map(hitRecord) })
      }
      repos.push({
        id,
        chunks: indexed.chunks.map((c) => ({ id: c.id, metadata: pick(c.metadata), chars: c.content.length, content: c.content })),
        layers: {
          symbols: layers.symbols.map(({ name, qname, kind, path, isTest, exported }) => ({ name, qname, kind, path, isTest, exported })),
          edges: layers.edges.map(({ path, resolution, targetPath }) => ({ path, resolution, targetPath })),
          entrypoints: layers.entrypoints.map(({ path, kind, method, route, handler, isTest }) => ({ path, kind, method, route, handler, isTest })),
        },
        queries,
      })
      console.log(`${id}: ${indexed.files.length} files, ${repo.queries.length} queries in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    }
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, JSON.stringify({ depth: DEPTH, repos }))
    console.log(`wrote ${out}`)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
