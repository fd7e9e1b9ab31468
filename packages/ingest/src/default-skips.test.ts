import { describe, expect, it } from 'vitest'
import { contents, setup, tree, type TreeEntry } from './testing/helpers.js'
import { createNameSkipper, DEFAULT_SKIP_ANY_COMPONENT, DEFAULT_SKIP_DIRECTORIES, DEFAULT_SKIP_FILES } from './default-skips.js'
import { FileIngestionService } from './file-ingestion-service.js'

const service = new FileIngestionService({ workers: 0, ignoreCase: false })
const SECRET = 'AKIA-PLANTED-SECRET-7f3e'

function secretName(name: string): string {
  return name === '.env.*' ? '.env.production' : name
}

describe('default skips', () => {
  it('ingests no planted secret at any depth, in any letter case', async () => {
    const entries: Record<string, TreeEntry> = { 'src/app.ts': 'export const app = 1\n', 'README.md': '# readme\n' }
    const depths = ['', 'a/', 'a/b/c/', 'src/deep/er/still/']
    for (const depth of depths) {
      for (const name of DEFAULT_SKIP_FILES) {
        entries[`${depth}${secretName(name)}`] = `${SECRET} ${name}\n`
        entries[`${depth}upper/${secretName(name).toUpperCase()}`] = `${SECRET} upper ${name}\n`
      }
      for (const dir of DEFAULT_SKIP_DIRECTORIES) {
        entries[`${depth}${dir}/inside.txt`] = `${SECRET} in ${dir}\n`
        entries[`${depth}${dir.toUpperCase()}/INSIDE.txt`] = `${SECRET} in upper ${dir}\n`
      }
    }
    const root = tree(entries)
    const { kb, bm25, indexer } = setup()
    const report = await indexer.index(root)
    expect(report.stats.files).toBe(2)
    for (const [, content] of await contents(kb)) expect(content).not.toContain(SECRET)
    expect(await bm25.search(SECRET.toLowerCase().replace(/-/g, ' '), 5)).toEqual([])
    const names = new Set(report.skipped.filter((s) => s.reason.kind === 'default-skip').map((s) => (s.reason as { name: string }).name))
    expect([...names].sort()).toEqual([...DEFAULT_SKIP_FILES, ...DEFAULT_SKIP_DIRECTORIES].sort())
  })

  it('matches the nine any-component names for files too, the other directory names only as directories', async () => {
    const root = tree({ 'x/vendor': 'a file named vendor', 'x/.git': 'gitdir: ../.git/modules/x', 'x/build': 'a build script', 'x/dist': 'x', 'x/out': 'x' })
    const plan = await service.plan(root)
    expect(plan.files.map((f) => f.path)).toEqual(['x/build', 'x/dist', 'x/out'])
    expect(DEFAULT_SKIP_ANY_COMPONENT).toHaveLength(9)
  })

  it('skips .rag, where the CLI keeps its index', async () => {
    const root = tree({ '.rag/index.sqlite': 'db', '.rag/meta.json': '{}', 'a.ts': 'a' })
    const plan = await service.plan(root)
    expect(plan.files.map((f) => f.path)).toEqual(['a.ts'])
    expect(plan.skipped).toEqual([{ path: '.rag', type: 'directory', reason: { kind: 'default-skip', name: '.rag' } }])
  })

  it('adds the caller\'s extra names (prefix rules with "*") and can turn the defaults off', async () => {
    const root = tree({ 'fixtures/a.txt': 'a', 'tmp-1/b.txt': 'b', 'node_modules/c.js': 'c', 'keep.txt': 'k' })
    const plan = await service.plan(root, { source: { extraSkipNames: ['Fixtures', 'tmp-*'] } })
    expect(plan.files.map((f) => f.path)).toEqual(['keep.txt'])
    expect(plan.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['fixtures', { kind: 'extra-skip', name: 'Fixtures' }],
      ['node_modules', { kind: 'default-skip', name: 'node_modules' }],
      ['tmp-1', { kind: 'extra-skip', name: 'tmp-*' }],
    ])
    const off = await service.plan(root, { source: { defaultSkips: false } })
    expect(off.files.map((f) => f.path)).toContain('node_modules/c.js')
  })

  it('judges names relative to the root, so a root inside a skipped directory still indexes', async () => {
    const root = tree({ 'vendor/lib/a.go': 'package lib\n' })
    const plan = await service.plan(`${root}/vendor/lib`)
    expect(plan.files.map((f) => f.path)).toEqual(['a.go'])
  })

  it('exposes a name test for other walkers', () => {
    const skip = createNameSkipper()
    expect(skip('.ENV.local', false)).toEqual({ source: 'default', name: '.env.*' })
    expect(skip('coverage', false)).toBeUndefined()
    expect(skip('Coverage', true)).toEqual({ source: 'default', name: 'coverage' })
  })
})
