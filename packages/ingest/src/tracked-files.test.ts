import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { FileIngestionService } from './file-ingestion-service.js'
import { readGitCheckout } from './ignore/read-ignore-files.js'
import { indexPaths, MalformedIndexError, TrackedFiles } from './ignore/tracked-files.js'
import { DEFAULT_LIMITS } from './limits.js'
import { tempDir, writeTree, type TreeEntry } from './testing/helpers.js'

const service = new FileIngestionService({ workers: 0, ignoreCase: false })
let gitEnv: NodeJS.ProcessEnv = {}

beforeAll(() => {
  const home = tempDir('rag-git-home-')
  // No user or system configuration: no global excludes file, no core.ignorecase surprises.
  gitEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' }
})

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, env: gitEnv, encoding: 'utf8' })
}

/** A git checkout of `files`, with `tracked` added to its index (nothing committed unless asked). */
function checkout(files: Readonly<Record<string, TreeEntry>>, tracked: readonly string[], initArgs: readonly string[] = []): string {
  const root = join(tempDir('rag-tracked-'), 'repo')
  mkdirSync(root)
  git(root, 'init', '-q', '--template=', ...initArgs)
  git(root, 'config', 'core.ignorecase', 'false')
  writeTree(root, files)
  if (tracked.length > 0) git(root, 'add', '-f', '--', ...tracked)
  return root
}

/** What git lists: tracked files, and untracked ones no rule ignores (ignore files left out, as we never index them). */
function gitListed(root: string): string[] {
  return git(root, 'ls-files', '--cached', '--others', '--exclude-standard', '-z')
    .split('\0')
    .filter((p) => p !== '' && !p.endsWith('.gitignore'))
    .sort()
}

async function planned(root: string): Promise<string[]> {
  const plan = await service.plan(root)
  expect(plan.errors).toEqual([])
  return plan.files.map((f) => f.path).sort()
}

// Homebrew/brew's shape: the top-level .gitignore ignores everything (`/*`) and re-includes what it
// wants; `bin/brew` and `AGENTS.md` are tracked all the same, so git lists them.
const BREW: Record<string, TreeEntry> = {
  '.gitignore': '/*\n!/.gitignore\n!/Library/\n/Library/Homebrew/prof/\n',
  'bin/brew': '#!/bin/bash\necho brew\n',
  'bin/untracked.sh': 'echo untracked\n',
  'AGENTS.md': '# Agents\n',
  'notes.md': '# untracked, ignored\n',
  'Library/Homebrew/brew.rb': 'puts "brew"\n',
  'Library/Homebrew/prof/vernier_fork_guard.rb': 'puts "tracked"\n',
  'Library/Homebrew/prof/output.txt': 'untracked profile output\n',
}

describe('files git tracks are not affected by ignore rules (gitignore(5))', () => {
  it('indexes tracked files an ignore rule matches, also inside an ignored directory, and nothing else there, as git lists them', async () => {
    const root = checkout(BREW, ['.gitignore', 'bin/brew', 'AGENTS.md', 'Library/Homebrew/brew.rb', 'Library/Homebrew/prof/vernier_fork_guard.rb'])
    expect(await planned(root)).toEqual(gitListed(root))
    expect(await planned(root)).toEqual(['AGENTS.md', 'Library/Homebrew/brew.rb', 'Library/Homebrew/prof/vernier_fork_guard.rb', 'bin/brew'])
    const plan = await service.plan(root)
    // The plan says which rule does not apply, and why the untracked neighbours are still skipped.
    expect(plan.files.find((f) => f.path === 'bin/brew')?.trackedDespite).toEqual({ file: '.gitignore', line: 1, pattern: '/*' })
    expect(plan.files.find((f) => f.path === 'Library/Homebrew/prof/vernier_fork_guard.rb')?.trackedDespite).toEqual({ file: '.gitignore', line: 4, pattern: '/Library/Homebrew/prof/' })
    expect(plan.skipped).toContainEqual({ path: 'bin/untracked.sh', type: 'file', reason: { kind: 'ignored', file: '.gitignore', line: 1, pattern: '/*' } })
    expect(plan.skipped).toContainEqual({ path: 'notes.md', type: 'file', reason: { kind: 'ignored', file: '.gitignore', line: 1, pattern: '/*' } })
  })

  it('follows the index between runs: a file staged later is indexed, one removed from the index is ignored again', async () => {
    const root = checkout(BREW, ['.gitignore'])
    const first = await service.ingest(root)
    expect(first.state.files.map((f) => f.path)).not.toContain('bin/brew')
    git(root, 'add', '-f', 'bin/brew')
    const second = await service.ingest(root, { previous: first.state })
    expect(second.addDocuments.map((d) => d.metadata['file'])).toContain('bin/brew')
    git(root, 'rm', '-q', '--cached', 'bin/brew')
    const third = await service.ingest(root, { previous: second.state })
    expect(third.state.files.map((f) => f.path)).not.toContain('bin/brew')
  })

  it('reads the index of a linked worktree (its own) and of a checkout whose .git is a symbolic link', async () => {
    const main = checkout(BREW, ['.gitignore', 'bin/brew'])
    git(main, 'commit', '-q', '-m', 'init')
    const worktree = join(tempDir('rag-worktree-'), 'wt')
    git(main, 'worktree', 'add', '-q', worktree)
    writeFileSync(join(worktree, 'AGENTS.md'), '# Agents\n')
    git(worktree, 'add', '-f', 'AGENTS.md')
    expect(await planned(worktree)).toEqual(gitListed(worktree))
    expect(await planned(worktree)).toEqual(['AGENTS.md', 'bin/brew'])

    // `.git` a link to the repository elsewhere: git follows it, for the index and info/exclude.
    const linked = checkout({ 'a.txt': 'a\n', 'x.log': 'log\n', 'kept.log': 'tracked log\n' }, ['kept.log'])
    mkdirSync(join(linked, '.git', 'info'), { recursive: true })
    writeFileSync(join(linked, '.git', 'info', 'exclude'), '*.log\n')
    const store = join(tempDir('rag-gitdir-'), 'store.git')
    renameSync(join(linked, '.git'), store)
    symlinkSync(store, join(linked, '.git'))
    expect(await planned(linked)).toEqual(['a.txt', 'kept.log'])
  })

  it('reads a symbolic link for info/exclude, as git does, instead of failing the run', async () => {
    const root = checkout({ 'a.txt': 'a\n', 'x.log': 'log\n' }, [])
    const shared = join(tempDir('rag-exclude-'), 'shared-exclude')
    writeFileSync(shared, 'x.log\n')
    mkdirSync(join(root, '.git', 'info'), { recursive: true })
    rmSync(join(root, '.git', 'info', 'exclude'), { force: true })
    symlinkSync(shared, join(root, '.git', 'info', 'exclude'))
    expect(await planned(root)).toEqual(['a.txt'])
    expect((await service.ingest(root)).state.files.map((f) => f.path)).toEqual(['a.txt'])
  })

  it('does not read an index over its size bound, and says so', async () => {
    const root = checkout(BREW, ['.gitignore', 'bin/brew'])
    const reader = { root, limits: DEFAULT_LIMITS, options: { ignoreCase: false, negation: 'git' as const }, fail: (error: unknown) => { throw error } }
    const read = await readGitCheckout(reader, 16)
    expect(read.tracked).toBeUndefined()
    expect(read.trackedUnreadable?.message).toMatch(/^The git index \.git\/index is \d+ bytes, more than the 16 read, so ignore rules applied to tracked files too\.$/)
    expect((await readGitCheckout(reader)).tracked?.has('bin/brew', false)).toBe(true)
  })

  it('warns and applies the rules to every file when the index is not one git writes', async () => {
    const root = checkout(BREW, ['.gitignore', 'bin/brew'])
    writeFileSync(join(root, '.git', 'index'), 'not an index')
    const plan = await service.plan(root)
    // Only what the rules admit: `bin/brew` is ignored like any file.
    expect(plan.files.map((f) => f.path)).toEqual(['Library/Homebrew/brew.rb'])
    expect(plan.warnings).toContainEqual({ code: 'GIT_INDEX_UNREADABLE', path: '.git/index', message: expect.stringMatching(/^The git index \.git\/index is not one git writes \(it does not start with the "DIRC" signature\)/) })
  })
})

describe('ignore file names', () => {
  it('reads only `.gitignore` as an ignore file where case matters; `.GITIGNORE` is an ordinary file, as git has it', async () => {
    const root = checkout({ '.GITIGNORE': 'ordinary\n', '.Gitignore': '*.txt\n', 'a.txt': 'a\n' }, [])
    expect(await planned(root)).toEqual(['.GITIGNORE', '.Gitignore', 'a.txt'])
    expect(await planned(root)).toEqual(gitListed(root))
  })

  it('with ignoreCase (core.ignorecase), reads `.Gitignore` as the `.gitignore` it is there', async () => {
    const root = checkout({ '.Gitignore': '*.txt\n', 'a.txt': 'a\n', 'b.md': 'b\n' }, [])
    const plan = await new FileIngestionService({ workers: 0, ignoreCase: true }).plan(root)
    expect(plan.files.map((f) => f.path)).toEqual(['b.md'])
    expect(plan.skipped).toContainEqual({ path: 'a.txt', type: 'file', reason: { kind: 'ignored', file: '.Gitignore', line: 1, pattern: '*.txt' } })
  })
})

describe('indexPaths', () => {
  const files: Record<string, TreeEntry> = {
    'a.txt': 'a\n',
    'src/deep/nested/file-with-a-long-name.ts': 'x\n',
    'src/deep/nested/file-with-a-longer-name.ts': 'y\n',
    'src/deep/other.ts': 'z\n',
    'src/é.txt': 'é\n',
    'z/b.md': 'b\n',
  }
  const names = Object.keys(files)

  it.each([
    ['2', false],
    ['3', true],
    ['4', false],
  ] as const)('reads the paths of a version %s index as git lists them', (version, intentToAdd) => {
    const root = checkout(files, names)
    // `git add -N` marks an entry intent-to-add: an extended flag, which only versions 3 and up carry.
    if (intentToAdd) {
      writeFileSync(join(root, 'intent.txt'), 'later\n')
      git(root, 'add', '-N', 'intent.txt')
    }
    git(root, 'update-index', '--index-version', version)
    const bytes = readFileSync(join(root, '.git', 'index'))
    expect(bytes.readUInt32BE(4)).toBe(Number(version))
    const listed = git(root, 'ls-files', '-z').split('\0').filter(Boolean)
    expect(indexPaths(bytes)).toEqual(listed)
  })

  it('reads the 32-byte object ids of a SHA-256 repository', async () => {
    const root = checkout(files, names, ['--object-format=sha256'])
    const bytes = readFileSync(join(root, '.git', 'index'))
    expect(indexPaths(bytes, 32)).toEqual(git(root, 'ls-files', '-z').split('\0').filter(Boolean))
    expect(() => indexPaths(bytes, 20)).toThrow(MalformedIndexError)
    // And the walk finds out by itself from the repository's config.
    writeFileSync(join(root, '.gitignore'), '*.md\n')
    expect(await planned(root)).toEqual(gitListed(root))
  })

  it('rejects what is not an index', () => {
    expect(() => indexPaths(Buffer.from('DIRC'))).toThrow(MalformedIndexError)
    expect(() => indexPaths(Buffer.from('DIRC\0\0\0\x07\0\0\0\0'))).toThrow(/version 7/)
    expect(() => indexPaths(Buffer.from('DIRC\0\0\0\x02\0\0\0\x01'))).toThrow(/its 1 entries cannot fit in 12 bytes/)
    const cut = Buffer.concat([Buffer.from('DIRC\0\0\0\x02\0\0\0\x01'), Buffer.alloc(60), Buffer.from([0, 5]), Buffer.from('abcde')])
    expect(() => indexPaths(cut)).toThrow(/entry 1's path has no end/)
  })
})

describe('TrackedFiles', () => {
  it('knows tracked files, the directories above them, and everything below a sparse directory entry, by UTF-8 byte order', () => {
    const tracked = TrackedFiles.of(['bin/brew', 'Library/Homebrew/prof/guard.rb', 'vendor/'])
    expect(tracked.has('bin/brew', false)).toBe(true)
    expect(tracked.has('bin', true)).toBe(true)
    expect(tracked.has('Library/Homebrew', true)).toBe(true)
    expect(tracked.has('bin/other', false)).toBe(false)
    expect(tracked.has('lib', true)).toBe(false)
    expect(tracked.has('vendor/pkg/x.rb', false)).toBe(true)
    expect(tracked.has('vendor/pkg', true)).toBe(true)
    expect(tracked.has('Library/Homebrew/prof/guard', false)).toBe(false)
    expect(tracked.has('Library/Home', true)).toBe(false)
    expect(tracked.size).toBe(3)
  })
})
