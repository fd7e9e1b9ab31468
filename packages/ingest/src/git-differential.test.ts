import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '@rag/core'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { tempDir, tree, writeTree, type TreeEntry } from '../test/helpers.js'
import { FileIngestionService } from './file-ingestion-service.js'

const service = new FileIngestionService({ workers: 0, ignoreCase: false })
let gitDir = ''
let gitEnv: NodeJS.ProcessEnv = {}

beforeAll(() => {
  const home = tempDir('rag-git-home-')
  // No user or system configuration: no global excludes file, no core.ignorecase surprises.
  gitEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }
  gitDir = join(tempDir('rag-git-'), 'repo')
  execFileSync('git', ['init', '-q', gitDir], { env: gitEnv })
  execFileSync('git', ['--git-dir', join(gitDir, '.git'), 'config', 'core.ignorecase', 'false'], { env: gitEnv })
})

/** What git lists as untracked and not ignored in `root`, minus the ignore files themselves. */
function gitAdmitted(root: string): string[] {
  const out = execFileSync('git', ['--git-dir', join(gitDir, '.git'), '--work-tree', root, 'ls-files', '--others', '--exclude-standard', '-z'], {
    env: gitEnv,
    encoding: 'utf8',
  })
  return out
    .split('\0')
    .filter((p) => p !== '' && !p.endsWith('.gitignore'))
    .sort()
}

async function ourAdmitted(root: string): Promise<string[]> {
  const plan = await service.plan(root, { source: { defaultSkips: false } })
  expect(plan.errors).toEqual([])
  return plan.files.map((f) => f.path).sort()
}

// Small alphabets so that generated patterns actually hit generated names.
const dirName = fc.constantFrom('a', 'b', 'sub', 'x1', 'Ab', 'd.d')
const fileName = fc.constantFrom('a', 'b', 'ab', 'a.txt', 'b.log', 'c.md', 'x1', 'Ab.txt', 'sub', 'd.d', 'a.b.c')
const segment = fc.constantFrom(
  'a', 'b', 'ab', 'sub', 'x1', 'Ab', 'd.d', 'a.txt', 'b.log',
  '*', '*.txt', '*.log', 'a*', '*b', '?', '??', '?.txt', '[ab]', '[a-c]*', 'x[0-9]', '[A-Z]b*', '*.*', '**', '[^a]*',
  'a\\.txt', '**.log',
)
const pattern = fc
  .tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.constantFrom('', '', '', ' ', '  '))
  .map(([anchored, segments, dirOnly, trailing]) => `${anchored ? '/' : ''}${segments.join('/')}${dirOnly ? '/' : ''}${trailing}`)
  .filter((p) => p !== '/' && p !== '//')

const generatedTree = fc
  .record({
    files: fc.array(fc.tuple(fc.array(dirName, { maxLength: 3 }), fileName, fc.boolean()), { minLength: 1, maxLength: 14 }),
    // Each ignore file goes into one of the tree's directories (picked by index).
    ignores: fc.array(fc.tuple(fc.nat(), fc.array(pattern, { minLength: 1, maxLength: 5 })), { minLength: 1, maxLength: 3 }),
  })
  .map(({ files, ignores }) => {
    const entries: Record<string, TreeEntry> = {}
    const dirs = new Set<string>([''])
    for (const [parts, name, empty] of files) {
      const path = [...parts, name].join('/')
      // A path cannot be both a file and a directory.
      if (parts.some((_, i) => parts.slice(0, i + 1).join('/') in entries)) continue
      if ([...dirs].some((d) => d === path)) continue
      entries[path] = empty ? '' : `content of ${path}\n`
      for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join('/'))
    }
    const ignoreFiles: Record<string, string> = {}
    const dirList = [...dirs].sort()
    for (const [pick, rules] of ignores) {
      const dir = dirList[pick % dirList.length]!
      const path = dir === '' ? '.gitignore' : `${dir}/.gitignore`
      ignoreFiles[path] = `${ignoreFiles[path] ?? ''}${rules.join('\n')}\n`
    }
    return { ...entries, ...ignoreFiles }
  })

describe('admitted set versus git ls-files --others --exclude-standard', () => {
  it('agrees on generated trees with nested ignore files (no "!", default skips off)', async () => {
    const numRuns = Number(process.env['RAG_DIFF_RUNS'] ?? 200)
    const scratch = tempDir('rag-diff-')
    let n = 0
    let withIgnoredFiles = 0
    await fc.assert(
      fc.asyncProperty(generatedTree, async (entries) => {
        const root = join(scratch, String(n++))
        mkdirSync(root)
        try {
          writeTree(root, entries)
          const git = gitAdmitted(root)
          expect(await ourAdmitted(root)).toEqual(git)
          const files = Object.keys(entries).filter((p) => !p.endsWith('.gitignore'))
          if (git.length < files.length) withIgnoredFiles++
        } finally {
          rmSync(root, { recursive: true, force: true })
        }
      }),
      { numRuns },
    )
    // The generator must exercise the rules: about 45% of trees have an ignored file (25% at least).
    expect(withIgnoredFiles).toBeGreaterThan(numRuns / 4)
  })

  it('agrees on a hand-written tree with every rule kind', async () => {
    const root = tree({
      '.gitignore': '/top.txt\nbuild-out/\n*.log\ndocs/**/tmp\n?.md\n[xy]z.txt\n',
      'top.txt': '', 'sub/top.txt': '', 'build-out/a.js': '', 'lib/build-out/b.js': '', 'lib/build-out.txt': '',
      'x.log': '', 'lib/deep/y.log': '', 'docs/tmp': '', 'docs/a/b/tmp': '', 'docs/tmpx': '', 'a.md': '', 'ab.md': '',
      'xz.txt': '', 'zz.txt': '',
      'lib/.gitignore': '/deep\nnested.txt\n', 'lib/deep/z.txt': '', 'lib/q/nested.txt': '', 'nested.txt': '',
    })
    const ours = await ourAdmitted(root)
    expect(ours).toEqual(gitAdmitted(root))
    expect(ours).toEqual(['ab.md', 'docs/tmpx', 'lib/build-out.txt', 'nested.txt', 'sub/top.txt', 'zz.txt'])
  })
})

describe('where we differ from git on purpose', () => {
  it('rejects "!" with a ConfigError where git would re-include the file', async () => {
    const root = tree({ '.gitignore': '*.txt\n!keep.txt\n', 'keep.txt': 'k', 'drop.txt': 'd' })
    expect(gitAdmitted(root)).toEqual(['keep.txt'])
    const plan = await service.plan(root, { source: { defaultSkips: false } })
    expect(plan.errors).toHaveLength(1)
    expect(plan.errors[0]).toBeInstanceOf(ConfigError)
    expect(plan.errors[0]!.message).toContain('.gitignore line 2: "!keep.txt"')
    await expect(service.ingest(root, { source: { defaultSkips: false } })).rejects.toBeInstanceOf(ConfigError)
  })

  it('honours .tnsignore, which git does not read', async () => {
    const root = tree({ '.tnsignore': 'private.md\n', 'private.md': 'p', 'public.md': 'q' })
    expect(gitAdmitted(root)).toEqual(['.tnsignore', 'private.md', 'public.md'])
    expect(await ourAdmitted(root)).toEqual(['public.md'])
  })

  it('applies default skips that git knows nothing about, and never ingests ignore files', async () => {
    const root = tree({ 'node_modules/x/index.js': 'x', 'dist/a.js': 'a', '.env': 'SECRET=1', 'src/a.ts': 'a', '.gitignore': '# none\n' })
    expect(gitAdmitted(root)).toEqual(['.env', 'dist/a.js', 'node_modules/x/index.js', 'src/a.ts'])
    const plan = await service.plan(root)
    expect(plan.files.map((f) => f.path)).toEqual(['src/a.ts'])
  })

  it('reads "**" that is not between slashes as "*", as gitignore documents; git 2.39 lets "a**/b" match "ab"', async () => {
    // git strips the literal prefix "a" before matching, so the rest, "**/b", counts as a leading
    // "**/" and matches "b". The documentation says such "**" is a plain "*": "a*/b" needs a slash.
    const root = tree({ '.gitignore': 'a**/b\n', 'ab': '1', 'ax/b': '2', 'ay/c': '3' })
    expect(gitAdmitted(root)).toEqual(['ay/c'])
    expect(await ourAdmitted(root)).toEqual(['ab', 'ay/c'])
  })

  it('does not follow a symbolic link, which git lists as a file', async () => {
    const root = tree({ 'real/a.txt': 'a', 'link': { symlink: 'real' } })
    expect(gitAdmitted(root)).toEqual(['link', 'real/a.txt'])
    expect(await ourAdmitted(root)).toEqual(['real/a.txt'])
  })
})
