import { execFileSync } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, runRag, type RagRun, type Sandbox } from '../../src/testing/cli-process.js'

/** A case of the ignore corpus vendored in @rag/ingest (see its test/ignore-corpus/README.md). */
interface IgnoreCase {
  readonly source: string
  readonly ignoreFiles: readonly { readonly dir: string; readonly content: string }[]
  readonly paths: readonly string[]
  readonly kept: readonly string[]
}

interface PlanJson {
  root: string
  files: { path: string; reincludedBy?: { file: string; line: number; pattern: string } }[]
  skipped: { path: string; type: string; reason: { kind: string; file?: string; line?: number; pattern?: string } }[]
  errors: { code: string; message: string }[]
}

const corpusUrl = new URL('../../../ingest/test/ignore-corpus/cases.json.gz', import.meta.url)
const corpus = JSON.parse(gunzipSync(await readFile(corpusUrl)).toString('utf8')) as Record<string, IgnoreCase>

/** Writes a case into the sandbox: ignore files byte for byte, every other path one line of text. */
async function recreate(box: Sandbox, c: IgnoreCase): Promise<void> {
  const content = new Map(c.ignoreFiles.map((f) => [f.dir === '' ? '.gitignore' : `${f.dir}/.gitignore`, f.content]))
  for (const path of c.paths) {
    const full = join(box.root, ...path.split('/'))
    await mkdir(dirname(full), { recursive: true })
    await writeFile(full, content.get(path) ?? `content of ${path}\n`)
  }
}

/** One line on stderr, nothing on stdout. */
function expectOneLineError(run: RagRun, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(1)
  const lines = run.stderr.trimEnd().split('\n')
  expect(lines, run.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(pattern)
  expect(run.stdout).toBe('')
}

const boxes: Sandbox[] = []
afterAll(async () => {
  await Promise.all(boxes.map((box) => box.dispose()))
})

async function sandbox(files: Record<string, string> = {}): Promise<Sandbox> {
  const box = await createSandbox(files)
  boxes.push(box)
  return box
}

describe('rag index on real repositories\' ignore files (the ignore corpus, recreated on disk)', () => {
  // laravel/laravel has nested negations ("*" then "!private/", "!.gitignore" in storage/...).
  it.each(['repo-laravel__laravel', 'repo-pallets__flask', 'repo-vuejs__core'])('indexes %s, deciding every path as git does', async (name) => {
    const c = corpus[name]!
    const box = await sandbox()
    await recreate(box, c)
    const run = await runRag(['index'], { cwd: box.root, env: box.env, timeoutMs: 180_000 })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^Indexed /)

    const plan = lastJson<PlanJson>(await runRag(['--json', 'plan'], { cwd: box.root, env: box.env }))
    expect(plan.errors).toEqual([])
    const kept = new Set(c.kept)
    const admitted = new Set(plan.files.map((f) => f.path))
    const ignored = new Set(plan.skipped.filter((s) => s.reason.kind === 'ignored').map((s) => s.path))
    const otherwise = new Set(plan.skipped.filter((s) => s.reason.kind !== 'ignored').map((s) => s.path))
    let decided = 0
    for (const path of c.paths) {
      // Decided by ignore rules: admitted, or ignored itself or through a directory. Paths skipped
      // for another reason (default skips, binary extensions, the ignore files) say nothing.
      const parts = path.split('/')
      const ancestors = parts.map((_, i) => parts.slice(0, i + 1).join('/'))
      const byIgnore = ancestors.find((p) => ignored.has(p))
      const byOther = ancestors.find((p) => otherwise.has(p))
      if (admitted.has(path)) expect({ path, kept: kept.has(path) }).toEqual({ path, kept: true })
      else if (byIgnore !== undefined && (byOther === undefined || byIgnore.length < byOther.length)) expect({ path, kept: kept.has(path) }).toEqual({ path, kept: false })
      else continue
      decided++
    }
    expect(decided).toBeGreaterThan(c.paths.length / 2)
  }, 240_000)

  it('explains a path git re-includes with a nested "!" rule, and one no rule can re-include', async () => {
    const box = await sandbox({
      '.gitignore': 'generated/\n!generated/keep.ts\n*.gen.ts\n',
      'generated/keep.ts': 'export const keep = 1\n',
      'src/.gitignore': '!api.gen.ts\n',
      'src/api.gen.ts': 'export const api = "generated but kept"\n',
      'src/other.gen.ts': 'export const other = 2\n',
    })
    const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })
    expect((await rag(['index'])).code).toBe(0)

    const reincluded = await rag(['plan', '--explain', 'src/api.gen.ts'])
    expect(reincluded.stdout.trim()).toBe('src/api.gen.ts: indexed (code, typescript, 40 bytes); re-included by src/.gitignore:1 (!api.gen.ts)')
    expect((await rag(['plan', '--explain', 'src/other.gen.ts'])).stdout.trim()).toBe('src/other.gen.ts: skipped: ignored by .gitignore:3 (*.gen.ts)')
    expect((await rag(['plan', '--explain', 'generated/keep.ts'])).stdout.trim()).toBe(
      'generated/keep.ts: skipped: its directory generated/ is ignored by .gitignore:1 (generated/); git never looks inside an ignored directory, so no rule can re-include anything in it',
    )
    const inSrc = await runRag(['--json', 'plan', '--explain', 'other.gen.ts'], { cwd: join(box.root, 'src'), env: box.env })
    expect(lastJson(inSrc)).toMatchObject({ path: 'src/other.gen.ts', verdict: 'skipped', reason: { kind: 'ignored', file: '.gitignore', line: 3, pattern: '*.gen.ts' } })
    expect((await rag(['plan', '--explain', 'nope.ts'])).stdout).toMatch(/^nope\.ts: not found under /)
    expect((await rag(['plan', '--explain', '../elsewhere'])).code).toBe(2)

    const listing = await rag(['plan'])
    expect(listing.stdout).toContain('  src/other.gen.ts  ignored by .gitignore:3 (*.gen.ts)')
    expect(listing.stdout).toContain('  src/api.gen.ts  src/.gitignore:1 (!api.gen.ts)')
    const search = lastJson<{ results: { file: string }[] }>(await rag(['--json', 'search', 'generated but kept']))
    expect(search.results.map((r) => r.file)).toContain('src/api.gen.ts')
  })

  it('indexes a file git tracks inside an ignored directory, says which rule did not apply, and leaves its untracked neighbours out', async () => {
    // Homebrew/brew's shape: `/*` ignores everything at the top, and `bin/brew` is tracked.
    const box = await sandbox({ '.gitignore': '/*\n!/.gitignore\n', 'bin/brew': '#!/bin/bash\necho brew\n', 'bin/scratch.sh': 'echo scratch\n' })
    const env = { ...box.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }
    execFileSync('git', ['init', '-q', '--template='], { cwd: box.root, env })
    execFileSync('git', ['add', '-f', '.gitignore', 'bin/brew'], { cwd: box.root, env })
    const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })
    expect((await rag(['index'])).code).toBe(0)
    expect((await rag(['plan', '--explain', 'bin/brew'])).stdout.trim()).toBe('bin/brew: indexed (code, bash, 22 bytes); git tracks it, so .gitignore:1 (/*) does not apply')
    expect((await rag(['plan', '--explain', 'bin/scratch.sh'])).stdout.trim()).toBe('bin/scratch.sh: skipped: ignored by .gitignore:1 (/*)')
    expect((await rag(['plan'])).stdout).toContain('Tracked by git, so ignore rules do not apply (1):\n  bin/brew  .gitignore:1 (/*)')
    const search = lastJson<{ results: { file: string }[] }>(await rag(['--json', 'search', 'echo brew']))
    expect(search.results.map((r) => r.file)).toEqual(['bin/brew'])
  })
})

describe('ignore.negation: "reject"', () => {
  it('makes a "!" a one-line configuration error naming file and line, and leaves the previous index intact', async () => {
    const box = await sandbox({ 'src/a.ts': 'export function alpha(): number {\n  return 1\n}\n', 'src/.gitignore': '*.log\n' })
    const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })
    expect((await rag(['index'])).code).toBe(0)
    const before = lastJson<{ files: number; chunks: number; generation: number }>(await rag(['--json', 'status']))

    await writeFile(join(box.root, 'src', '.gitignore'), '*.log\n!keep.log\n')
    await writeFile(join(box.root, 'src', 'b.ts'), 'export function beta(): number {\n  return 2\n}\n')
    await writeFile(join(box.root, 'rag.config.json'), JSON.stringify({ ignore: { negation: 'reject' } }))
    expectOneLineError(
      await rag(['index']),
      /^error: \.gitignore line 2 in src\/: "!keep\.log": "!" is rejected because ignore\.negation is "reject" \(negation, \[!\.\.\.\] classes and literal "!" alike\); remove it or set ignore\.negation to "git"\.$/,
    )
    const after = lastJson<{ files: number; chunks: number; generation: number }>(await rag(['--json', 'status']))
    expect(after).toMatchObject({ files: before.files, chunks: before.chunks, generation: before.generation })
    const search = lastJson<{ results: { file: string }[] }>(await rag(['--json', 'search', 'alpha beta']))
    expect(search.results.map((r) => r.file)).toEqual(['src/a.ts'])

    // The default (or RAG_IGNORE_NEGATION=git) indexes the same tree.
    const git = await runRag(['index'], { cwd: box.root, env: { ...box.env, RAG_IGNORE_NEGATION: 'git' } })
    expect(git.code, git.stderr).toBe(0)
  })
})

describe('ignore-file caps', () => {
  it('read a 10,000-rule .gitignore by default, and name the configuration key when a lower cap is exceeded', async () => {
    const rules = Array.from({ length: 10_000 }, (_, i) => `generated-${i}.ts`).join('\n')
    const box = await sandbox({ '.gitignore': `${rules}\n`, 'src/a.ts': 'export const a = 1\n', 'generated-7.ts': 'x\n' })
    const rag = (args: string[], env = box.env) => runRag(args, { cwd: box.root, env })
    const plan = lastJson<PlanJson>(await rag(['--json', 'plan']))
    expect(plan.files.map((f) => f.path)).toEqual(['src/a.ts'])
    expect((await rag(['index'])).code).toBe(0)
    expectOneLineError(
      await rag(['index'], { ...box.env, RAG_INDEX_MAX_IGNORE_SELECTORS: '5000' }),
      /^error: Ignore file \.gitignore has too many rules: limit maxIgnoreSelectors is 5000, received 10000; nothing was indexed \(ignore part of the tree or raise index\.maxIgnoreSelectors in the user config \(~\/\.config\/rag\/config\.json\) or RAG_INDEX_MAX_IGNORE_SELECTORS\)\.$/,
    )
  })
})

describe('an ignore rule that cannot be honoured', () => {
  it('is a warning naming file and line in the run report and in rag plan, and the run goes on', async () => {
    const box = await sandbox({ 'lib/.gitignore': `*.log\n${'*x'.repeat(1001)}\n`, 'lib/a.ts': 'export const a = 1\n', 'lib/a.log': 'log\n' })
    const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })
    const warning = /^warning: \.gitignore line 2 in lib\/: the rule has 1001 wildcards, more than 1000 can be matched safely; it is not applied\.$/m
    const run = await rag(['index'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(warning)
    const done = lastJson<{ warnings: { code: string; path: string; line: number }[] }>(await rag(['--json', 'index']))
    expect(done.warnings).toEqual([expect.objectContaining({ code: 'IGNORE_RULE_SKIPPED', path: 'lib/.gitignore', line: 2 })])
    const plan = await rag(['plan'])
    expect(plan.code).toBe(0)
    expect(plan.stderr).toMatch(warning)
    expect(plan.stdout).toContain('  lib/a.log  ignored by lib/.gitignore:1 (*.log)')
  })
})
