import { ConfigError, LimitExceededError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { tree } from '../test/helpers.js'
import { compileIgnoreFile, IgnoreStack } from './ignore-rules.js'
import { DEFAULT_LIMITS } from './limits.js'
import { FileIngestionService } from './file-ingestion-service.js'
import type { SourceOptions } from './source-options.js'

const text = (s: string): Uint8Array => new TextEncoder().encode(s)
const service = new FileIngestionService({ workers: 0, ignoreCase: false })

async function admitted(root: string, source: SourceOptions = { defaultSkips: false }): Promise<string[]> {
  return (await service.plan(root, { source })).files.map((f) => f.path)
}

describe('compileIgnoreFile', () => {
  it('reports the file, directory and line of a "!" rule', () => {
    const error = (() => {
      try {
        compileIgnoreFile('src/.gitignore', text('# keep\n*.log\n\n!keep.log\n'), DEFAULT_LIMITS, false)
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).message).toMatch(/^\.gitignore line 4 in src\/: "!keep\.log": "!" is not supported/)
  })

  it('rejects "!" anywhere in a rule, not only at its start', () => {
    expect(() => compileIgnoreFile('.tnsignore', text('a[!b].txt\n'), DEFAULT_LIMITS, false)).toThrow(/\.tnsignore line 1: "a\[!b\]\.txt"/)
    expect(() => compileIgnoreFile('.gitignore', text('wow\\!\n'), DEFAULT_LIMITS, false)).toThrow(ConfigError)
  })

  it('allows "!" inside comments', () => {
    expect(compileIgnoreFile('.gitignore', text('# no ! here\n*.tmp\n'), DEFAULT_LIMITS, false).selectors).toBe(1)
  })

  it('counts only rules as selectors and enforces the selector cap', () => {
    const rules = Array.from({ length: 1024 }, (_, i) => `f${i}`).join('\n')
    expect(compileIgnoreFile('.gitignore', text(`# c\n\n${rules}\n`), DEFAULT_LIMITS, false).selectors).toBe(1024)
    const error = (() => {
      try {
        compileIgnoreFile('a/.gitignore', text(`${rules}\nmore\n`), DEFAULT_LIMITS, false)
      } catch (e) {
        return e as LimitExceededError
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(LimitExceededError)
    expect(error).toMatchObject({ limit: 'maxIgnoreSelectors', max: 1024, actual: 1025 })
  })

  it('enforces the byte cap', () => {
    const big = text(`${'#'.repeat(64 * 1024)}\n`)
    expect(() => compileIgnoreFile('.gitignore', big, DEFAULT_LIMITS, false)).toThrow(LimitExceededError)
  })

  it('strips a BOM and CRLF line endings', () => {
    const file = compileIgnoreFile('.gitignore', text('\uFEFF*.log\r\ntmp/\r\n'), DEFAULT_LIMITS, false)
    const stack = new IgnoreStack().push([file])
    expect(stack.match('a.log', false)).toMatchObject({ line: 1, pattern: '*.log' })
    expect(stack.match('tmp', true)).toMatchObject({ line: 2, pattern: 'tmp/' })
  })
})

describe('ignore files (SPEC §4 fixtures)', () => {
  it('anchors a leading "/" to the ignore file\'s directory', async () => {
    const root = tree({
      'src/.gitignore': '/gen\n',
      'src/gen/a.ts': 'a',
      'src/lib/gen/b.ts': 'b',
      'docs/gen/c.md': 'c',
      'gen/d.ts': 'd',
    })
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

  it('treats "#" lines as comments and "\\#" as a literal', async () => {
    const root = tree({ '.gitignore': '# a.txt\n\\#b.txt\n', 'a.txt': 'a', '#b.txt': 'b' })
    expect(await admitted(root)).toEqual(['a.txt'])
  })

  it('applies a nested ignore file only under its own directory', async () => {
    const root = tree({
      'pkg/.gitignore': '*.gen.ts\nfixtures/\n',
      'pkg/a.gen.ts': '',
      'pkg/deep/b.gen.ts': '',
      'pkg/fixtures/c.ts': '',
      'c.gen.ts': 'outside',
      'fixtures/d.ts': 'outside',
    })
    expect(await admitted(root)).toEqual(['c.gen.ts', 'fixtures/d.ts'])
  })

  it('tests a nested file\'s rules relative to its directory, so "a/b" in x/.gitignore means x/a/b', async () => {
    const root = tree({ 'x/.gitignore': 'a/b\n', 'x/a/b': '1', 'a/b': '2', 'x/y/a/b': '3' })
    expect(await admitted(root)).toEqual(['a/b', 'x/y/a/b'])
  })

  it('supports *, **, ? and character classes', async () => {
    const root = tree({
      '.gitignore': 'docs/**/draft-*.md\nv?.txt\nlog[0-9].txt\n**/secret\n',
      'docs/draft-1.md': '', 'docs/a/b/draft-2.md': '', 'docs/final.md': 'f',
      'v1.txt': '', 'v10.txt': 'keep', 'log7.txt': '', 'logx.txt': 'keep', 'deep/er/secret': '',
    })
    expect(await admitted(root)).toEqual(['docs/final.md', 'logx.txt', 'v10.txt'])
  })

  it('reads .tnsignore like .gitignore, both in one directory', async () => {
    const root = tree({ '.gitignore': 'a.txt\n', 'sub/.tnsignore': 'b.txt\n', 'a.txt': '', 'sub/b.txt': '', 'b.txt': 'keep', 'sub/c.txt': 'keep' })
    expect(await admitted(root)).toEqual(['b.txt', 'sub/c.txt'])
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

  it('never enters an ignored directory, so its nested ignore files are not read', async () => {
    const root = tree({ '.gitignore': 'out2/\n', 'out2/.gitignore': '!broken\n', 'out2/a.txt': '', 'b.txt': 'b' })
    const plan = await service.plan(root, { source: { defaultSkips: false } })
    expect(plan.errors).toEqual([])
    expect(plan.files.map((f) => f.path)).toEqual(['b.txt'])
  })

  it('runs include and exclude (gitignore syntax) before the format check', async () => {
    const root = tree({ 'src/a.ts': 'a', 'src/a.test.ts': 't', 'src/img.png': 'not really a png', 'docs/x.md': 'x', 'c.txt': 'c' })
    expect(await admitted(root, { include: ['src/**', '*.md'], exclude: ['*.test.ts'] })).toEqual(['docs/x.md', 'src/a.ts'])
    const plan = await service.plan(root, { source: { exclude: ['docs/'] } })
    expect(plan.skipped).toContainEqual({ path: 'docs', type: 'directory', reason: { kind: 'excluded', pattern: 'docs/' } })
  })
})
