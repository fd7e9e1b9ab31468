import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, InvalidArgumentError, LimitExceededError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { contents, setup, storesAgree, tree, type StagingIndexerOptions } from './testing/helpers.js'
import { createLimits, DEFAULT_LIMITS, type Limits } from './limits.js'

const base = { 'src/a.ts': 'export const a = 1\n', 'src/b.py': 'def b():\n    return 2\n', 'README.md': '# Title\n\nSome words.\n' }

/** Indexes `base`, breaks the tree with `mutate`, and checks that the next run throws and changes nothing. */
async function expectRejected(
  limits: Partial<Limits>,
  mutate: (root: string) => void,
  check: (error: unknown) => void,
  options: Partial<StagingIndexerOptions> = {},
): Promise<void> {
  const root = tree(base)
  const { kb, bm25, indexer } = setup({ limits: createLimits(limits), ...options })
  await indexer.index(root)
  const before = await contents(kb)
  const fingerprints = indexer.fingerprints
  mutate(root)
  const error = await indexer.index(root).then(() => undefined, (e: unknown) => e)
  check(error)
  expect(await contents(kb)).toEqual(before)
  expect(await storesAgree(kb, bm25)).toBe(true)
  expect(indexer.fingerprints).toEqual(fingerprints)
}

describe('Limits', () => {
  it('has the seed defaults and validates overrides', () => {
    expect(DEFAULT_LIMITS).toMatchObject({ maxDecodedBytes: 64 * 1024 * 1024, maxFiles: 4096, maxEntries: 8192, maxDepth: 64, maxFileBytes: 16 * 1024 * 1024 })
    expect(createLimits({ maxFiles: 10 }).maxFiles).toBe(10)
    expect(() => createLimits({ maxFiles: 0 })).toThrow(InvalidArgumentError)
    expect(() => createLimits({ maxFiles: 1.5 })).toThrow(/limits\.maxFiles must be a positive integer; received 1\.5/)
    expect(() => createLimits({ maxFilez: 3 } as Partial<Limits>)).toThrow(/not a known limit/)
  })

  it('rejects a source with more than maxFiles files and keeps the previous index', async () => {
    await expectRejected({ maxFiles: 4 }, (root) => {
      writeFileSync(join(root, 'c.txt'), 'c')
      writeFileSync(join(root, 'd.txt'), 'd')
    }, (error) => expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED', limit: 'maxFiles', max: 4, actual: 5 }))
  })

  it('rejects a walk with more than maxEntries entries', async () => {
    await expectRejected({ maxEntries: 8 }, (root) => {
      for (let i = 0; i < 10; i++) writeFileSync(join(root, `f${i}.txt`), 'x')
    }, (error) => {
      expect(error).toBeInstanceOf(LimitExceededError)
      expect(error).toMatchObject({ limit: 'maxEntries', max: 8, actual: 9 })
    })
  })

  it('rejects a path deeper than maxDepth (65 > 64) and admits one at exactly 64', async () => {
    const deep = (n: number): string => Array.from({ length: n - 1 }, () => 'd').join('/')
    await expectRejected({}, (root) => {
      mkdirSync(join(root, deep(65)), { recursive: true })
      writeFileSync(join(root, deep(65), 'deep.txt'), 'too deep')
    }, (error) => expect(error).toMatchObject({ limit: 'maxDepth', max: 64, actual: 65 }))
    const root = tree({ [`${deep(64)}/ok.txt`]: 'deep enough' })
    const { kb, indexer } = setup()
    await indexer.index(root)
    expect(await kb.size()).toBe(1)
  })

  it('rejects a source whose decoded text exceeds maxDecodedBytes', async () => {
    await expectRejected({ maxDecodedBytes: 200 }, (root) => writeFileSync(join(root, 'big.txt'), 'x'.repeat(150)), (error) =>
      expect(error).toMatchObject({ limit: 'maxDecodedBytes', max: 200 }),
    )
  })

  it('reports a 17 MiB file as a skip, never reads part of it, and indexes the rest', async () => {
    const root = tree(base)
    const { kb, chunker, indexer } = setup()
    await indexer.index(root)
    const before = await contents(kb)
    writeFileSync(join(root, 'huge.txt'), Buffer.alloc(17 * 1024 * 1024, 'a'))
    const report = await indexer.index(root)
    expect(report.skipped).toContainEqual({ path: 'huge.txt', type: 'file', reason: { kind: 'too-large', max: 16 * 1024 * 1024, actual: 17 * 1024 * 1024 } })
    expect(chunker.calls).not.toContain('huge.txt')
    expect(await contents(kb)).toEqual(before)
  })

  it('drops the chunks of a file that grew past the per-file bound', async () => {
    const root = tree({ ...base, 'grows.txt': 'small' })
    const { kb, indexer } = setup({ limits: createLimits({ maxFileBytes: 1024 }) })
    await indexer.index(root)
    writeFileSync(join(root, 'grows.txt'), 'y'.repeat(2048))
    await indexer.index(root)
    expect((await kb.list()).map((d) => d.metadata['file'])).not.toContain('grows.txt')
  })

  it('with ignore.negation "reject", rejects a "!" rule with a ConfigError naming file and line, and keeps the previous index', async () => {
    await expectRejected({}, (root) => writeFileSync(join(root, 'src', '.gitignore'), '*.log\n!keep.log\n'), (error) => {
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as Error).message).toContain('.gitignore line 2 in src/: "!keep.log"')
    }, { ignore: { negation: 'reject' } })
  })

  it('rejects an ignore file over 64 KiB', async () => {
    await expectRejected({}, (root) => writeFileSync(join(root, '.tnsignore'), `${'# padding\n'.repeat(6600)}`), (error) =>
      expect(error).toMatchObject({ limit: 'maxIgnoreFileBytes', max: 65536, actual: 66000 }),
    )
  })

  it('rejects an ignore file with more than 1,024 selectors', async () => {
    const rules = Array.from({ length: 1025 }, (_, i) => `gen-${i}.txt`).join('\n')
    await expectRejected({}, (root) => writeFileSync(join(root, 'src', '.gitignore'), rules), (error) =>
      expect(error).toMatchObject({ limit: 'maxIgnoreSelectors', max: 1024, actual: 1025 }),
    )
  })

  it('reports symbolic-link loops as skips and never follows them', async () => {
    const root = tree(base)
    const { kb, indexer } = setup()
    await indexer.index(root)
    const before = await contents(kb)
    symlinkSync('.', join(root, 'self'))
    symlinkSync('..', join(root, 'src', 'up'))
    mkdirSync(join(root, 'a'))
    symlinkSync('../b', join(root, 'a', 'to-b'))
    mkdirSync(join(root, 'b'))
    symlinkSync('../a', join(root, 'b', 'to-a'))
    symlinkSync('missing', join(root, 'dangling'))
    const report = await indexer.index(root)
    expect(report.skipped.filter((s) => s.type === 'symlink')).toEqual([
      { path: 'a/to-b', type: 'symlink', reason: { kind: 'symlink', target: '../b' } },
      { path: 'b/to-a', type: 'symlink', reason: { kind: 'symlink', target: '../a' } },
      { path: 'dangling', type: 'symlink', reason: { kind: 'symlink', target: 'missing' } },
      { path: 'self', type: 'symlink', reason: { kind: 'symlink', target: '.' } },
      { path: 'src/up', type: 'symlink', reason: { kind: 'symlink', target: '..' } },
    ])
    expect(await contents(kb)).toEqual(before)
  })
})
