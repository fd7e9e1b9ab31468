import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { indexedFiles, setup, tempDir, tree } from '../testing/helpers.js'
import { FileIngestionService } from '../file-ingestion-service.js'
import type { SourceOptions } from '../source-options.js'
import { MAX_WILDCARDS_PER_RULE } from './ignore-file.js'

const service = new FileIngestionService({ workers: 0, ignoreCase: false })
const rejecting = new FileIngestionService({ workers: 0, ignoreCase: false, ignore: { negation: 'reject' } })

async function admitted(root: string, source: SourceOptions = { defaultSkips: false }, using = service): Promise<string[]> {
  const plan = await using.plan(root, { source })
  expect(plan.errors).toEqual([])
  return plan.files.map((f) => f.path)
}

function git(args: string[], cwd: string): string {
  const home = tempDir('rag-git-home-')
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, env, encoding: 'utf8' })
}

describe('ignore files (SPEC §4 fixtures)', () => {
  it('anchors a leading "/" to the ignore file\'s directory', async () => {
    const root = tree({ 'src/.gitignore': '/gen\n', 'src/gen/a.ts': 'a', 'src/lib/gen/b.ts': 'b', 'docs/gen/c.md': 'c', 'gen/d.ts': 'd' })
    expect(await admitted(root)).toEqual(['docs/gen/c.md', 'gen/d.ts', 'src/lib/gen/b.ts'])
  })

  it('matches directories only with a trailing "/"', async () => {
    const root = tree({ '.gitignore': 'tmp/\n', 'tmp/a.txt': 'a', 'src/tmp/b.txt': 'b', 'src/tmp': null, 'other/tmp': 'a file named tmp' })
    expect(await admitted(root)).toEqual(['other/tmp'])
  })

  it('matches an unanchored name at any depth below the ignore file', async () => {
    const root = tree({ '.gitignore': '*.log\ncache\n', 'a.log': '', 'x/y/z/b.log': '', 'x/cache/c.txt': '', 'x/y/cache': 'file', 'keep.txt': 'k' })
    expect(await admitted(root)).toEqual(['keep.txt'])
  })

  it('treats "#" lines as comments and "\\#" and "\\!" as literals', async () => {
    const root = tree({ '.gitignore': '# a.txt\n\\#b.txt\n\\!c.txt\n', 'a.txt': 'a', '#b.txt': 'b', '!c.txt': 'c' })
    expect(await admitted(root)).toEqual(['a.txt'])
  })

  it('applies a nested ignore file only under its own directory, relative to it', async () => {
    const root = tree({ 'pkg/.gitignore': '*.gen.ts\nfixtures/\na/b\n', 'pkg/a.gen.ts': '', 'pkg/deep/b.gen.ts': '', 'pkg/fixtures/c.ts': '', 'pkg/a/b': '1', 'pkg/y/a/b': '3', 'c.gen.ts': 'outside', 'fixtures/d.ts': 'outside', 'a/b': '2' })
    expect(await admitted(root)).toEqual(['a/b', 'c.gen.ts', 'fixtures/d.ts', 'pkg/y/a/b'])
  })

  it('never ingests the ignore files themselves', async () => {
    const root = tree({ '.gitignore': '# nothing\n', 'a/.tnsignore': '# nothing\n', 'a/b.txt': 'b' })
    const plan = await service.plan(root, { source: { defaultSkips: false } })
    expect(plan.files.map((f) => f.path)).toEqual(['a/b.txt'])
    expect(plan.skipped).toEqual([
      { path: '.gitignore', type: 'file', reason: { kind: 'ignore-file' } },
      { path: 'a/.tnsignore', type: 'file', reason: { kind: 'ignore-file' } },
    ])
  })

  it('runs include and exclude (gitignore syntax) before the format check', async () => {
    const root = tree({ 'src/a.ts': 'a', 'src/a.test.ts': 't', 'src/img.png': 'not really a png', 'docs/x.md': 'x', 'c.txt': 'c' })
    expect(await admitted(root, { include: ['src/**', '*.md'], exclude: ['*.test.ts'] })).toEqual(['docs/x.md', 'src/a.ts'])
    expect(await admitted(root, { include: ['docs/'] })).toEqual(['docs/x.md'])
    const plan = await service.plan(root, { source: { exclude: ['docs/'] } })
    expect(plan.skipped).toContainEqual({ path: 'docs', type: 'directory', reason: { kind: 'excluded', pattern: 'docs/' } })
  })
})

describe('negation, as git does it', () => {
  it('re-includes a file and reports the "!" rule that did it', async () => {
    const root = tree({ '.gitignore': '*.log\n!keep.log\n', 'a.log': 'a', 'keep.log': 'k', 'x.txt': 'x' })
    const plan = await service.plan(root, { source: { defaultSkips: false } })
    expect(plan.files.map((f) => [f.path, f.reincludedBy])).toEqual([
      ['keep.log', { file: '.gitignore', line: 2, pattern: '!keep.log' }],
      ['x.txt', undefined],
    ])
    expect(plan.skipped).toContainEqual({ path: 'a.log', type: 'file', reason: { kind: 'ignored', file: '.gitignore', line: 1, pattern: '*.log' } })
  })

  it('cannot re-include a file whose directory is excluded, and reads no ignore file inside it', async () => {
    const root = tree({
      '.gitignore': 'build/\n!build/keep.txt\nout/\n',
      'build/keep.txt': 'k',
      // Inside an ignored directory: never read, so neither its "!" nor its size matter.
      'out/.gitignore': `!a.txt\n${'#'.repeat(100_000)}\n`,
      'out/a.txt': 'a',
      'b.txt': 'b',
    })
    const plan = await service.plan(root, { source: { defaultSkips: false } })
    expect(plan.errors).toEqual([])
    expect(plan.files.map((f) => f.path)).toEqual(['b.txt'])
    expect(plan.ignoreFiles.map((f) => f.path)).toEqual(['.gitignore'])
    expect(plan.skipped).toContainEqual({ path: 'build', type: 'directory', reason: { kind: 'ignored', file: '.gitignore', line: 1, pattern: 'build/' } })
  })

  it('lets the innermost ignore file decide: a nested "!" overrides its parent, a parent "!" cannot override a child', async () => {
    const root = tree({
      '.gitignore': '*.gen\n!local.tmp\n',
      'pkg/.gitignore': '!api.gen\nlocal.tmp\n',
      'pkg/api.gen': '', 'pkg/other.gen': '', 'pkg/local.tmp': '', 'api.gen': '', 'local.tmp': '',
    })
    expect(await admitted(root)).toEqual(['local.tmp', 'pkg/api.gen'])
  })

  it('re-includes a directory, so rules of its own ignore file apply again', async () => {
    const root = tree({ '.gitignore': 'vendor*/\n!vendor-keep/\n', 'vendor-a/x.js': '', 'vendor-keep/y.js': '', 'vendor-keep/.gitignore': '*.min.js\n', 'vendor-keep/z.min.js': '' })
    expect(await admitted(root)).toEqual(['vendor-keep/y.js'])
  })

  it('still reads an ignore file that its own rules ignore', async () => {
    const root = tree({ '.gitignore': '.*\n*.tmp\n', '.hidden': 'h', 'a.tmp': 't', 'a.txt': 'a' })
    expect(await admitted(root)).toEqual(['a.txt'])
  })

  it('gives a .tnsignore rule precedence over a .gitignore rule of the same directory', async () => {
    const root = tree({ '.gitignore': '!secret.md\n', '.tnsignore': '*.md\n!public.md\n', 'secret.md': 's', 'public.md': 'p', 'x.md': 'x', 'a.txt': 'a' })
    expect(await admitted(root)).toEqual(['a.txt', 'public.md'])
  })

  it('matches case-insensitively when asked (git\'s core.ignorecase)', async () => {
    const root = tree({ '.gitignore': '*.LOG\n!Keep.log\n', 'a.log': '', 'keep.LOG': '', 'b.txt': '' })
    const insensitive = new FileIngestionService({ workers: 0, ignoreCase: true })
    expect(await admitted(root, { defaultSkips: false }, insensitive)).toEqual(['b.txt', 'keep.LOG'])
    expect(await admitted(root)).toEqual(['a.log', 'b.txt'])
  })
})

describe('.git/info/exclude', () => {
  it('applies at the root of a checkout, below every .gitignore, and not when a subdirectory is indexed', async () => {
    const root = tree({ 'a.secret': 's', 'keep.secret': 'k', 'sub/b.secret': 's', 'sub/c.txt': 'c', '.gitignore': '!keep.secret\n' })
    git(['init', '-q'], root)
    writeFileSync(join(root, '.git', 'info', 'exclude'), '# local\n*.secret\n')
    const plan = await service.plan(root, { source: { defaultSkips: false, exclude: ['.git/'] } })
    expect(plan.files.map((f) => f.path)).toEqual(['keep.secret', 'sub/c.txt'])
    expect(plan.ignoreFiles).toEqual([{ path: '.git/info/exclude', selectors: 1 }, { path: '.gitignore', selectors: 1 }])
    expect(plan.skipped).toContainEqual({ path: 'a.secret', type: 'file', reason: { kind: 'ignored', file: '.git/info/exclude', line: 2, pattern: '*.secret' } })
    // The same files as git lists.
    expect(git(['ls-files', '--others', '--exclude-standard'], root).trim().split('\n')).toEqual(['.gitignore', 'keep.secret', 'sub/c.txt'])
    expect(await admitted(join(root, 'sub'))).toEqual(['b.secret', 'c.txt'])
  })

  it('applies in a linked worktree, whose .git is a file pointing at the main repository', async () => {
    const main = join(tempDir(), 'main')
    mkdirSync(main)
    git(['init', '-q'], main)
    writeFileSync(join(main, 'README.md'), 'r')
    git(['add', '.'], main)
    git(['commit', '-qm', 'init'], main)
    const worktree = join(main, '..', 'wt')
    git(['worktree', 'add', '-q', worktree], main)
    writeFileSync(join(main, '.git', 'info', 'exclude'), 'local-*\n')
    writeFileSync(join(worktree, 'local-notes.md'), 'n')
    writeFileSync(join(worktree, 'notes.md'), 'n')
    expect(await admitted(worktree, {})).toEqual(['README.md', 'notes.md'])
  })
})

describe('ignore.negation: "reject" (the seeds\' rule)', () => {
  it('makes any "!" in a .gitignore or .tnsignore a ConfigError naming file and line, in plans and runs', async () => {
    const root = tree({ 'src/.gitignore': '*.log\n!keep.log\n', 'src/a.ts': 'a' })
    const plan = await rejecting.plan(root)
    expect(plan.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^\.gitignore line 2 in src\/: "!keep\.log": "!" is rejected because ignore\.negation is "reject"/)])
    await expect(rejecting.ingest(root)).rejects.toBeInstanceOf(ConfigError)
    const tns = tree({ '.tnsignore': 'a[!b]\n', 'a.ts': 'a' })
    await expect(rejecting.ingest(tns)).rejects.toThrow(/^\.tnsignore line 1: "a\[!b\]"/)
    // The default reads the same files with git's semantics.
    expect(await admitted(root, {})).toEqual(['src/a.ts'])
  })

  it('is checked when the service is built', () => {
    expect(() => new FileIngestionService({ ignore: { negation: 'maybe' as 'git' } })).toThrow('ignore.negation must be "git" or "reject"; received "maybe".')
  })
})

describe('rules that cannot be honoured', () => {
  it('are skipped with a warning naming file and line, in the plan and the run, and never fail it', async () => {
    const root = tree({ 'lib/.gitignore': `*.log\n${'*x'.repeat(MAX_WILDCARDS_PER_RULE + 1)}\n`, 'lib/a.log': '', 'lib/a.ts': 'a' })
    const plan = await service.plan(root)
    expect(plan.errors).toEqual([])
    expect(plan.files.map((f) => f.path)).toEqual(['lib/a.ts'])
    expect(plan.warnings).toEqual([{ code: 'IGNORE_RULE_SKIPPED', path: 'lib/.gitignore', line: 2, message: expect.stringMatching(/^\.gitignore line 2 in lib\/: the rule has 1001 wildcards/) }])
    const staged = await service.ingest(root)
    expect(staged.warnings).toEqual(plan.warnings)
  })
})

describe('editing an ignore file between runs', () => {
  it('re-admits or drops exactly the affected files: only they are chunked or removed', async () => {
    const root = tree({
      '.gitignore': '*.log\nbuild/\n',
      'src/a.ts': 'export const a = 1\n', 'src/b.ts': 'export const b = 2\n', 'docs/c.md': '# c\n',
      'keep.log': 'kept log line\n', 'other.log': 'other\n', 'build/out.js': 'out()\n',
    })
    const { kb, chunker, indexer } = setup()
    await indexer.index(root)
    expect(await indexedFiles(kb)).toEqual(['docs/c.md', 'src/a.ts', 'src/b.ts'])

    // Adding a negation re-admits one file; nothing else is read again or re-chunked.
    chunker.calls.length = 0
    writeFileSync(join(root, '.gitignore'), '*.log\n!keep.log\nbuild/\n')
    const readmit = await indexer.index(root)
    expect(chunker.calls).toEqual(['keep.log'])
    expect(readmit.stats).toMatchObject({ chunked: 1, removed: 0 })
    expect(await indexedFiles(kb)).toEqual(['docs/c.md', 'keep.log', 'src/a.ts', 'src/b.ts'])

    // A new rule drops exactly the files it matches, without chunking anything.
    chunker.calls.length = 0
    writeFileSync(join(root, 'src', '.gitignore'), 'b.ts\n')
    const drop = await indexer.index(root)
    expect(chunker.calls).toEqual([])
    expect(drop.stats).toMatchObject({ chunked: 0, removed: 1 })
    expect(drop.skipped).toContainEqual({ path: 'src/b.ts', type: 'file', reason: { kind: 'ignored', file: 'src/.gitignore', line: 1, pattern: 'b.ts' } })
    expect(await indexedFiles(kb)).toEqual(['docs/c.md', 'keep.log', 'src/a.ts'])

    // Re-including a file under an excluded directory stays impossible, as in git.
    chunker.calls.length = 0
    writeFileSync(join(root, '.gitignore'), '*.log\n!keep.log\nbuild/\n!build/out.js\n')
    await indexer.index(root)
    expect(chunker.calls).toEqual([])
    expect(await indexedFiles(kb)).toEqual(['docs/c.md', 'keep.log', 'src/a.ts'])
  })
})
