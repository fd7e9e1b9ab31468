import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { tempDir, tree, writeTree, type TreeEntry } from './testing/helpers.js'
import { FileIngestionService } from './file-ingestion-service.js'

const service = new FileIngestionService({ workers: 0, ignoreCase: false })
let gitDir = ''
let gitEnv: NodeJS.ProcessEnv = {}

beforeAll(() => {
  const home = tempDir('rag-git-home-')
  // No user or system configuration: no global excludes file, no core.ignorecase surprises.
  gitEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' }
  gitDir = join(tempDir('rag-git-'), 'repo')
  execFileSync('git', ['init', '-q', '--template=', gitDir], { env: gitEnv })
  execFileSync('git', ['--git-dir', join(gitDir, '.git'), 'config', 'core.ignorecase', 'false'], { env: gitEnv })
})

/** What git lists as untracked and not ignored in `root`, minus the ignore files themselves. */
function gitAdmitted(root: string): string[] {
  const out = execFileSync('git', ['--git-dir', join(gitDir, '.git'), '--work-tree', root, 'ls-files', '--others', '--exclude-standard', '-z'], {
    env: gitEnv,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
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

// Small alphabets so that generated patterns actually hit generated names, including names with
// the characters that escapes, classes and negation are about.
const dirName = fc.constantFrom('a', 'b', 'sub', 'x1', 'Ab', 'd.d', '!n', 'é')
const fileName = fc.constantFrom(
  'a', 'b', 'ab', 'a.txt', 'b.log', 'c.md', 'x1', 'Ab.txt', 'sub', 'd.d', 'a.b.c',
  '!a', '#a', 'a ', 'a*', '[ab]', 'a\\b', 'é.txt', 'keep.log',
)
const plainSegment = fc.constantFrom(
  'a', 'b', 'ab', 'sub', 'x1', 'Ab', 'd.d', 'a.txt', 'b.log', 'keep.log', 'é*',
  '*', '*.txt', '*.log', 'a*', '*b', '?', '??', '?.txt', '**', '**.log', 'a**', '*.*',
)
// Classes: sets, ranges, negated ([!...] and [^...]), POSIX classes, "]" first, a trailing "-", unclosed.
const classSegment = fc.constantFrom('[ab]', '[a-c]*', 'x[0-9]', '[A-Z]b*', '[^a]*', '[!a]*', '[!ab].txt', '[[:alpha:]]*', '[[:digit:]]', '[]a]', '[a-]', '[ab')
const escapeSegment = fc.constantFrom('a\\.txt', '\\!a', '\\#a', 'a\\*', '\\[ab]', 'a\\ ', '\\a')
const segment = fc.oneof({ arbitrary: plainSegment, weight: 6 }, { arbitrary: classSegment, weight: 2 }, { arbitrary: escapeSegment, weight: 1 })
const rule = fc
  .tuple(
    fc.constantFrom('', '', '', '', '!'),
    fc.constantFrom(false, false, true),
    fc.oneof({ arbitrary: fc.array(segment, { minLength: 1, maxLength: 1 }), weight: 4 }, fc.array(segment, { minLength: 2, maxLength: 3 })),
    fc.boolean(),
    fc.constantFrom('', '', '', ' ', '  ', '\\ '),
  )
  .map(([bang, anchored, segments, dirOnly, trailing]) => `${bang}${anchored ? '/' : ''}${segments.join('/')}${dirOnly ? '/' : ''}${trailing}`)
const line = fc.oneof({ arbitrary: rule, weight: 8 }, { arbitrary: fc.constantFrom('', '# comment', ' ', '\\#a', '!', '/'), weight: 1 })
const ignoreFile = fc
  .tuple(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\n', '\r\n'), fc.boolean(), fc.boolean())
  .map(([lines, eol, bom, finalEol]) => `${bom ? '\uFEFF' : ''}${lines.join(eol)}${finalEol ? eol : ''}`)

const generatedTree = fc
  .record({
    files: fc.array(fc.tuple(fc.array(dirName, { maxLength: 3 }), fileName, fc.boolean()), { minLength: 1, maxLength: 14 }),
    // Each ignore file goes into one of the tree's directories (picked by index).
    ignores: fc.array(fc.tuple(fc.nat(), ignoreFile), { minLength: 1, maxLength: 3 }),
    // Nested negations: a "!name" for an entry of the directory, in that directory or an ancestor's file.
    negations: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 3 }),
  })
  .map(({ files, ignores, negations }) => {
    const entries: Record<string, TreeEntry> = {}
    const dirs = new Set<string>([''])
    for (const [parts, name, empty] of files) {
      const path = [...parts, name].join('/')
      // A path cannot be both a file and a directory.
      if (parts.some((_, i) => parts.slice(0, i + 1).join('/') in entries)) continue
      if (dirs.has(path)) continue
      entries[path] = empty ? '' : `content of ${path}\n`
      for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join('/'))
    }
    const ignoreFiles: Record<string, string> = {}
    const dirList = [...dirs].sort()
    const add = (dir: string, text: string): void => {
      const path = dir === '' ? '.gitignore' : `${dir}/.gitignore`
      ignoreFiles[path] = `${ignoreFiles[path] ?? ''}${text}`
    }
    for (const [pick, text] of ignores) add(dirList[pick % dirList.length]!, `${text}\n`)
    const paths = [...Object.keys(entries), ...dirList.filter((d) => d !== '')].sort()
    for (const [pick, up, dirOnly] of negations) {
      const target = paths[pick % paths.length]!
      const parts = target.split('/')
      // The rule goes into the target's directory or one of its ancestors, relative to that directory.
      const depth = up % parts.length
      const base = parts.slice(0, parts.length - 1 - depth).join('/')
      const rest = parts.slice(parts.length - 1 - depth).join('/')
      add(base, `!${rest.includes('/') || depth > 0 ? rest : parts.at(-1)}${dirOnly && dirs.has(target) ? '/' : ''}\n`)
    }
    return { ...entries, ...ignoreFiles }
  })

/** Trees checked per git call: each in its own subdirectory, which no ignore file above it touches. */
const BATCH = 25
const RUNS = Number(process.env['RAG_DIFF_RUNS'] ?? 20)

describe('admitted set versus git ls-files --others --exclude-standard', () => {
  it(`agrees on ${RUNS * BATCH} generated trees with nested ignore files, "!" rules, escapes and classes`, async () => {
    const scratch = tempDir('rag-diff-')
    let n = 0
    let trees = 0
    let withIgnoredFiles = 0
    let withReincluded = 0
    await fc.assert(
      fc.asyncProperty(fc.array(generatedTree, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const root = join(scratch, String(n++))
        mkdirSync(root)
        try {
          batch.forEach((entries, i) => writeTree(join(root, `t${i}`), entries))
          const git = gitAdmitted(root)
          expect(await ourAdmitted(root)).toEqual(git)
          batch.forEach((entries, i) => {
            const files = Object.keys(entries).filter((p) => !p.endsWith('.gitignore'))
            const admitted = git.filter((p) => p.startsWith(`t${i}/`)).length
            if (admitted < files.length) withIgnoredFiles++
          })
          const plan = await service.plan(root, { source: { defaultSkips: false } })
          withReincluded += new Set(plan.files.filter((f) => f.reincludedBy).map((f) => f.path.split('/')[0])).size
          trees += batch.length
        } finally {
          rmSync(root, { recursive: true, force: true })
        }
      }),
      { numRuns: RUNS },
    )
    expect(trees).toBeGreaterThanOrEqual(RUNS * BATCH)
    // The generator must exercise the rules: most trees have an ignored file, many a re-included one.
    console.log(`${trees} trees: ${withIgnoredFiles} with an ignored file, ${withReincluded} with a file re-included by a "!" rule`)
    expect(withIgnoredFiles).toBeGreaterThan(trees / 3)
    expect(withReincluded).toBeGreaterThan(trees / 20)
  }, 180_000)

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

  it('agrees with git on negation: re-including a file, not re-including under an excluded directory, nested files', async () => {
    const root = tree({
      '.gitignore': '*.log\n!keep.log\nbuild/\n!build/keep.txt\ngen/*\n!gen/sub/\n',
      'a.log': '', 'keep.log': '', 'x/keep.log': '', 'build/keep.txt': '', 'build/other.txt': '',
      'gen/a.ts': '', 'gen/sub/b.ts': '', 'pkg/.gitignore': '!a.log\nkeep.log\n', 'pkg/a.log': '', 'pkg/keep.log': '',
    })
    const ours = await ourAdmitted(root)
    expect(ours).toEqual(gitAdmitted(root))
    expect(ours).toEqual(['gen/sub/b.ts', 'keep.log', 'pkg/a.log', 'x/keep.log'])
  })

  it('agrees with git on "**" right after a literal prefix: "a**/b" matches "ab" (git strips the prefix first)', async () => {
    const root = tree({ '.gitignore': 'a**/b\n', 'ab': '1', 'ax/b': '2', 'ay/c': '3' })
    expect(await ourAdmitted(root)).toEqual(gitAdmitted(root))
    expect(gitAdmitted(root)).toEqual(['ay/c'])
  })
})

describe('where we differ from git on purpose', () => {
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

  it('does not follow a symbolic link, which git lists as a file', async () => {
    const root = tree({ 'real/a.txt': 'a', 'link': { symlink: 'real' } })
    expect(gitAdmitted(root)).toEqual(['link', 'real/a.txt'])
    expect(await ourAdmitted(root)).toEqual(['real/a.txt'])
  })
})
