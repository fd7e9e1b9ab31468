/**
 * Looking a definition up by name with `rag.search`: for each of the localization suite's six real
 * repositories (one per language), queries that name one symbol the chunker found (the chunk
 * metadata's `symbol` of code chunks, distinctive names only: see `eval/identifier-queries.ts`) and that exactly
 * one definition defines (one chunk, or the pieces of one cut for size), written as a user types
 * it: the bare name, and for a method the qualified `Class.method` too. The target is any of its
 * chunks; the
 * figures are hit@1 (the definition first) and MRR@10, per repository and over all queries, for
 * `search(name, 10)` as the CLI runs it (`--fused`: `{ pathPriors: false }`, the streams' fused
 * order alone).
 *
 * Run: `cd bench && npx tsx src/identifier-search.ts [--per-repo 200] [--fused] [--out results.json]`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Chunk } from '@rag/core'
import { fnv1a } from './corpus/real-code.js'
import { loadLocalizationRepo, unpackCorpus } from './corpus/localization-data.js'
import { indexFolder } from './localization/index-repo.js'

const REPOS = ['undici', 'ky', 'click', 'gin', 'commons-lang', 'clap']

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1]! : fallback
}

const PER_REPO = Number(option('per-repo', '200'))
const FUSED = process.argv.includes('--fused')

/** A name a user would paste: 6+ characters, and camelCase, PascalCase with a second capital, or snake_case. */
const distinctive = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]{5,}$/.test(name) && (/[a-z][A-Z]/.test(name) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(name))

interface Lookup {
  readonly text: string
  /** The chunks of the definition: its one chunk, or every piece of it when it was cut for size. */
  readonly targets: ReadonlySet<string>
  readonly qualified: boolean
}

/** The lookups of one corpus: names (and qualified names) one definition defines (one file, one qualified name). */
function lookups(chunks: readonly Chunk[]): Lookup[] {
  const byName = new Map<string, Map<string, string[]>>()
  const byQname = new Map<string, Map<string, string[]>>()
  const add = (map: Map<string, Map<string, string[]>>, name: string, definition: string, id: string): void => {
    const definitions = map.get(name) ?? new Map<string, string[]>()
    map.set(name, definitions)
    definitions.set(definition, [...(definitions.get(definition) ?? []), id])
  }
  for (const chunk of chunks) {
    const { symbol, qname, file, part, format } = chunk.metadata
    // Code defines names; a Markdown section titled like one does not.
    if (typeof symbol !== 'string' || format !== 'code') continue
    // Pieces of one definition share file and qualified name; an unsplit chunk is a definition of its own.
    const definition = typeof part === 'number' ? `${String(file)}#${String(qname ?? symbol)}` : chunk.id
    add(byName, symbol, definition, chunk.id)
    if (typeof qname === 'string' && qname.includes('.')) add(byQname, qname, definition, chunk.id)
  }
  const out: Lookup[] = []
  for (const [name, definitions] of byName) if (definitions.size === 1 && distinctive(name)) out.push({ text: name, targets: new Set([...definitions.values()][0]), qualified: false })
  for (const [qname, definitions] of byQname) {
    const name = qname.slice(qname.lastIndexOf('.') + 1)
    if (definitions.size === 1 && distinctive(name) && (byName.get(name)?.size ?? 0) > 1) out.push({ text: qname, targets: new Set([...definitions.values()][0]), qualified: true })
  }
  return out
    .map((lookup) => ({ lookup, h: fnv1a(`lookup:${lookup.text}`) }))
    .sort((a, b) => a.h - b.h || (a.lookup.text < b.lookup.text ? -1 : 1))
    .slice(0, PER_REPO)
    .map(({ lookup }) => lookup)
}

interface Tally {
  queries: number
  first: number
  reciprocal: number
}

const empty = (): Tally => ({ queries: 0, first: 0, reciprocal: 0 })
const add = (tally: Tally, rank: number | undefined): void => {
  tally.queries++
  if (rank === 1) tally.first++
  if (rank !== undefined && rank <= 10) tally.reciprocal += 1 / rank
}
const row = (name: string, t: Tally): string => `| ${name} | ${t.queries} | ${(t.first / t.queries).toFixed(3)} | ${(t.reciprocal / t.queries).toFixed(3)} |`

const parent = mkdtempSync(join(tmpdir(), 'rag-identifier-search-'))
const results: Record<string, { bare: Tally; qualified: Tally }> = {}
try {
  console.log('| repository | lookups | hit@1 | MRR@10 |')
  console.log('|---|---|---|---|')
  const all = { bare: empty(), qualified: empty() }
  for (const id of REPOS) {
    const repo = loadLocalizationRepo(id)
    const { rag } = await indexFolder(unpackCorpus(repo, parent))
    const chunks = await rag.knowledgeBase.list()
    const tallies = { bare: empty(), qualified: empty() }
    for (const lookup of lookups(chunks)) {
      const hits = await rag.search(lookup.text, 10, undefined, { pathPriors: !FUSED })
      const at = hits.findIndex((hit) => lookup.targets.has(hit.document.id))
      const rank = at >= 0 ? at + 1 : undefined
      add(lookup.qualified ? tallies.qualified : tallies.bare, rank)
      add(lookup.qualified ? all.qualified : all.bare, rank)
    }
    results[id] = tallies
    console.log(row(`${id} (name)`, tallies.bare))
    if (tallies.qualified.queries > 0) console.log(row(`${id} (Class.method)`, tallies.qualified))
  }
  console.log(row('all (name)', all.bare))
  console.log(row('all (Class.method)', all.qualified))
  const out = process.argv.includes('--out') ? option('out', '') : ''
  if (out !== '') writeFileSync(out, JSON.stringify({ perRepo: PER_REPO, results, all }, null, 2))
} finally {
  rmSync(parent, { recursive: true, force: true })
}
