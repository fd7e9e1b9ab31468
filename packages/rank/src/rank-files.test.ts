import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { InvalidArgumentError, type SearchResult } from '@rag/core'
import { createPathLookup } from './chunk-signals.js'
import { rankFiles, SIGNAL_NAMES } from './rank-files.js'
import type { RankingPlan } from './ranking-plan.js'
import type { DefinitionLookup, EntrypointLookup, NeighbourLookup } from './signals.js'

const NON_SOURCE = ['test', 'fixture', 'docs', 'example', 'benchmark', 'generated', 'vendored', 'config', 'non-code'] as const

function plan(over: Partial<RankingPlan> = {}): RankingPlan {
  return { intent: 'locate', anchors: [], terms: [], priors: { demote: NON_SOURCE, boost: [] }, ...over }
}

/** Chunk hits in the given order, one per entry, `file#n` ids. */
function hits(...files: string[]): SearchResult[] {
  const seen = new Map<string, number>()
  return files.map((file, i) => {
    const n = (seen.get(file) ?? 0) + 1
    seen.set(file, n)
    return { document: { id: `${file}#${n}`, content: '', metadata: { file, startLine: n * 10, endLine: n * 10 + 9 } }, score: 1 / (i + 1) }
  })
}

function definitions(table: Record<string, string[]>): DefinitionLookup {
  const byName = new Map(Object.entries(table).map(([name, files]) => [name.toLowerCase(), files.map((file) => ({ file }))]))
  return { definitions: (name) => byName.get(name.toLowerCase()) ?? [] }
}

const ALL_OFF = SIGNAL_NAMES

describe('rankFiles', () => {
  it('with every signal off, lists distinct files in order of first appearance', () => {
    const ranked = rankFiles(hits('a.ts', 'b.ts', 'a.ts', 'c.ts', 'b.ts'), plan(), {}, { disable: ALL_OFF })
    expect(ranked.map((f) => f.file)).toEqual(['a.ts', 'b.ts', 'c.ts'])
    expect(ranked.map((f) => f.rank)).toEqual([1, 2, 3])
    expect(ranked[0]!.chunks.map((c) => c.id)).toEqual(['a.ts#1', 'a.ts#2'])
  })

  it('aggregates: a file with many hits passes one with a single better hit', () => {
    const list = hits('lone.ts', 'many.ts', 'many.ts', 'many.ts', 'many.ts')
    expect(rankFiles(list, plan(), {}, { disable: ALL_OFF })[0]!.file).toBe('lone.ts')
    expect(rankFiles(list, plan(), {}, { weights: { chunkDecay: 0.9 } })[0]!.file).toBe('many.ts')
  })

  it('demotes tests, docs and non-code below source unless the plan targets them', () => {
    const list = hits('test/client.test.ts', 'README.md', 'docs/api.md', 'src/client.ts')
    expect(rankFiles(list, plan()).map((f) => f.file)).toEqual(['src/client.ts', 'test/client.test.ts', 'README.md', 'docs/api.md'])
    const findTests = plan({ intent: 'find-tests', priors: { demote: ['docs', 'non-code'], boost: ['test'] } })
    const ranked = rankFiles(hits('src/client.ts', 'test/client.test.ts'), findTests)
    expect(ranked.map((f) => f.file)).toEqual(['test/client.test.ts', 'src/client.ts'])
    expect(ranked[0]!.prior).toBe(2)
    expect(rankFiles(list, plan(), {}, { disable: ['priors'] })[0]!.file).toBe('test/client.test.ts')
  })

  it('lifts the file that defines a name the query gives, shared among its definers', () => {
    const list = hits('src/a.ts', 'src/b.ts', 'src/c.ts')
    const withAnchor = plan({ anchors: [{ kind: 'identifier', text: 'parseArgs', name: 'parseArgs' }] })
    const weights = { definition: 0.5 }
    const one = rankFiles(list, withAnchor, { definitions: definitions({ parseArgs: ['src/c.ts'] }) }, { weights })
    expect(one[0]!.file).toBe('src/c.ts')
    expect(one[0]!.contributions).toContainEqual({ signal: 'definitions', value: 0.5 })
    const two = rankFiles(list, withAnchor, { definitions: definitions({ parseArgs: ['src/c.ts', 'src/b.ts'] }) }, { weights })
    expect(two.find((f) => f.file === 'src/c.ts')!.contributions).toContainEqual({ signal: 'definitions', value: 0.25 })
  })

  it('ignores names defined in too many files, and weighs capitalised words less', () => {
    const everywhere = Object.fromEntries([['get', Array.from({ length: 30 }, (_, i) => `src/f${i}.ts`)]])
    const ranked = rankFiles(hits('src/a.ts'), plan({ anchors: [{ kind: 'identifier', text: 'get', name: 'get' }] }), { definitions: definitions(everywhere) })
    expect(ranked.map((f) => f.file)).toEqual(['src/a.ts'])
    const proper = rankFiles(hits('src/a.ts'), plan({ anchors: [{ kind: 'proper', text: 'Fraction', name: 'Fraction' }] }), { definitions: definitions({ Fraction: ['src/fraction.ts'] }) }, { weights: { properDefinition: 0.2 } })
    expect(proper.find((f) => f.file === 'src/fraction.ts')!.contributions).toEqual([{ signal: 'definitions', value: 0.2 }])
  })

  it('lifts files defining a content word of the query, with its own weight', () => {
    const ranked = rankFiles(hits('src/a.ts'), plan({ terms: ['reconnect', 'the'] }), { definitions: definitions({ reconnect: ['src/eventsource.ts'], the: ['src/x.ts'] }) })
    expect(ranked.find((f) => f.file === 'src/eventsource.ts')!.contributions).toEqual([{ signal: 'definitions', value: 0.25 }])
    expect(ranked.some((f) => f.file === 'src/x.ts')).toBe(false)
  })

  it('matches file names to identifiers, paths and content words', () => {
    const paths = createPathLookup(['binding/form_mapping.go', 'binding/json.go', 'render/json.go', 'context.go', 'tree.go'])
    const byIdentifier = rankFiles(hits('context.go'), plan({ anchors: [{ kind: 'identifier', text: 'formMapping', name: 'formMapping' }] }), { paths })
    expect(byIdentifier.map((f) => f.file)).toContain('binding/form_mapping.go')
    const byTerm = rankFiles(hits('context.go'), plan({ terms: ['json'] }), { paths }, { weights: { fileNameTerm: 0.25 } })
    expect(byTerm.filter((f) => f.file.endsWith('json.go')).map((f) => f.contributions)).toEqual([
      [{ signal: 'file-names', value: 0.125 }],
      [{ signal: 'file-names', value: 0.125 }],
    ])
    const byPath = rankFiles(hits('context.go'), plan({ anchors: [{ kind: 'path', text: 'tree.go', name: 'tree' }] }), { paths })
    expect(byPath[0]!.file).toBe('tree.go')
  })

  it('adds a folder match only to files found by another signal', () => {
    const paths = createPathLookup(['lib/web/eventsource/eventsource.js', 'lib/web/eventsource/util.js', 'lib/core/util.js'])
    const ranked = rankFiles(hits('lib/core/util.js', 'lib/web/eventsource/util.js'), plan({ terms: ['eventsource'] }), { paths }, { disable: ['file-names'] })
    expect(ranked.map((f) => f.file)).toEqual(['lib/web/eventsource/util.js', 'lib/core/util.js'])
  })

  it('reads a plural query word as the singular a file or folder is named with (hono: "cookies" for utils/cookie.ts and helper/cookie/)', () => {
    const paths = createPathLookup(['src/utils/cookie.ts', 'src/helper/cookie/index.ts', 'src/utils/url.ts', 'src/utils/entry.ts'])
    const found = hits('src/utils/url.ts', 'src/helper/cookie/index.ts')
    const ranked = rankFiles(found, plan({ terms: ['cookies', 'entries', 'parsed'] }), { paths })
    const contributions = (file: string) => ranked.find((f) => f.file === file)?.contributions ?? []
    expect(contributions('src/utils/cookie.ts')).toEqual([{ signal: 'file-names', value: 0.1 }])
    expect(contributions('src/utils/entry.ts')).toEqual([{ signal: 'file-names', value: 0.1 }])
    expect(contributions('src/helper/cookie/index.ts').map((c) => c.signal)).toContain('folders')
  })

  it('fuses whole-file lists by reciprocal rank', () => {
    const ranked = rankFiles(hits('src/a.ts', 'src/b.ts'), plan(), { fileLists: [{ name: 'whole files', files: ['src/b.ts', 'src/c.ts'] }] }, { weights: { list: 0.5 } })
    expect(ranked.map((f) => f.file)).toEqual(['src/b.ts', 'src/a.ts', 'src/c.ts'])
    expect(ranked[2]!.contributions).toEqual([{ signal: 'file-lists', value: (0.5 * 60) / 61 }])
  })

  it('gives a declaration file a share of its implementation\'s evidence, and back', () => {
    const paths = createPathLookup(['lib/mock/mock-pool.js', 'types/mock-pool.d.ts', 'lib/other.js'])
    const ranked = rankFiles(hits('lib/mock/mock-pool.js', 'lib/other.js'), plan(), { paths })
    const decl = ranked.find((f) => f.file === 'types/mock-pool.d.ts')!
    expect(decl.contributions).toEqual([{ signal: 'companions', value: 0.3 }])
    expect(rankFiles(hits('lib/mock/mock-pool.js'), plan(), { paths }, { disable: ['companions'] }).map((f) => f.file)).toEqual(['lib/mock/mock-pool.js'])
  })

  it('lends a top file\'s importers (C2) a damped share of its evidence, and matches routes (C3) when those layers are given', () => {
    const importers: Record<string, string[]> = { 'src/router.ts': ['src/server.ts', 'src/index.ts', 'src/cli.ts', 'src/app.ts'] }
    const neighbours: NeighbourLookup = { imports: (file) => (file === 'src/router.ts' ? ['src/handlers/orders.ts'] : []), importers: (file) => importers[file] ?? [] }
    const entrypoints: EntrypointLookup = { entrypoints: (q) => (q.text === '/orders' && q.method === 'POST' ? [{ file: 'src/handlers/orders.ts' }] : []) }
    const expanded = rankFiles(hits('src/router.ts'), plan(), { neighbours })
    expect(expanded.map((f) => f.file)).toEqual(['src/router.ts', 'src/app.ts', 'src/cli.ts', 'src/index.ts', 'src/server.ts'])
    // The default `importer` share (0.1) divided among 4 importers with damping 0.5: 0.1 / 4 ** 0.5.
    expect(expanded[1]!.contributions).toEqual([{ signal: 'neighbours', value: 0.05 }])
    // Imports get nothing by default (`imported` 0: it lowered dev MRR); a weight turns them on.
    expect(rankFiles(hits('src/router.ts'), plan(), { neighbours }, { weights: { imported: 0.2 } }).map((f) => f.file)).toContain('src/handlers/orders.ts')
    expect(rankFiles(hits('src/router.ts'), plan(), { neighbours }, { disable: ['neighbours'] }).map((f) => f.file)).toEqual(['src/router.ts'])
    const routed = rankFiles(hits('src/router.ts'), plan({ intent: 'find-entrypoints', anchors: [{ kind: 'endpoint', text: '/orders', method: 'POST' }] }), { entrypoints })
    expect(routed[0]!.file).toBe('src/handlers/orders.ts')
    expect(routed[0]!.contributions).toContainEqual({ signal: 'routes', value: 2 })
  })

  it('lends a demoted test file\'s evidence to the source it tests when testSource is on', () => {
    const paths = createPathLookup(['src/retry.ts', 'test/retry.test.ts', 'src/other.ts'])
    const off = rankFiles(hits('test/retry.test.ts', 'src/other.ts'), plan(), { paths })
    expect(off.map((f) => f.file)).toEqual(['src/other.ts', 'test/retry.test.ts'])
    const on = rankFiles(hits('test/retry.test.ts', 'src/other.ts'), plan(), { paths }, { weights: { testSource: 0.5 } })
    expect(on.map((f) => f.file)).toEqual(['src/other.ts', 'src/retry.ts', 'test/retry.test.ts'])
    expect(on[1]!.contributions).toEqual([{ signal: 'test-sources', value: 0.5 }])
  })

  it('explains every file: contributions sum to the evidence, evidence times prior is the score', () => {
    const paths = createPathLookup(['src/retry.ts', 'test/retry.test.ts'])
    const ranked = rankFiles(hits('test/retry.test.ts', 'src/retry.ts', 'src/retry.ts'), plan({ terms: ['retry'] }), { paths, fileLists: [{ name: 'files', files: ['src/retry.ts'] }] }, { weights: { list: 0.5 } })
    for (const file of ranked) {
      expect(file.contributions.reduce((s, c) => s + c.value, 0)).toBeCloseTo(file.evidence, 12)
      expect(file.score).toBeCloseTo(file.evidence * file.prior, 12)
    }
    expect(ranked[0]!.file).toBe('src/retry.ts')
    expect(ranked[0]!.contributions.map((c) => c.signal).sort()).toEqual(['aggregation', 'file-lists', 'file-names', 'first-hit'])
  })

  it('returns at most `limit` files', () => {
    expect(rankFiles(hits('a', 'b', 'c', 'd'), plan(), {}, { limit: 2 }).map((f) => f.file)).toEqual(['a', 'b'])
  })

  it('rejects what is not a hit list or a positive integer limit', () => {
    expect(() => rankFiles('x' as unknown as SearchResult[], plan())).toThrow(InvalidArgumentError)
    expect(() => rankFiles([], plan(), {}, { limit: 0 })).toThrow(/limit must be a positive integer; received 0/)
  })

  it('ranks each file once, best score first, every hit file included (property)', () => {
    const files = fc.constantFrom('src/a.ts', 'src/b.py', 'test/a.test.ts', 'docs/x.md', 'lib/c.go', 'README.md')
    fc.assert(
      fc.property(fc.array(files, { maxLength: 60 }), fc.subarray([...SIGNAL_NAMES]), (list, disable) => {
        const ranked = rankFiles(hits(...list), plan(), {}, { disable, limit: 100 })
        expect(new Set(ranked.map((f) => f.file)).size).toBe(ranked.length)
        expect(new Set(ranked.map((f) => f.file))).toEqual(new Set(list))
        for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score)
      }),
    )
  })
})
