import { symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, LimitExceededError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { setup, tree } from './testing/helpers.js'
import { FileIngestionService } from './file-ingestion-service.js'
import { createLimits } from './limits.js'

describe('plan (dry run)', () => {
  it('lists what would be indexed with counts per directory and format, and why everything else is skipped', async () => {
    const root = tree({
      '.gitignore': '# build output\n*.log\ngenerated/\n',
      'src/a.ts': 'export const a = 1\n',
      'src/b.ts': 'export const b = 2\n',
      'src/util/c.py': 'def c():\n    pass\n',
      'docs/readme.md': '# Readme\n',
      'app.log': 'noise',
      'generated/x.ts': 'x',
      'node_modules/lib/index.js': 'lib',
      '.env': 'SECRET=1',
      'logo.png': 'png',
      'blob.dat': Buffer.from([1, 0, 2, 0]),
    })
    symlinkSync('src', join(root, 'src-link'))
    const { chunker, indexer, kb } = setup()
    const plan = await indexer.plan(root)
    expect(plan.files.map((f) => [f.path, f.format, f.language])).toEqual([
      ['docs/readme.md', 'markdown', 'markdown'],
      ['src/a.ts', 'code', 'typescript'],
      ['src/b.ts', 'code', 'typescript'],
      ['src/util/c.py', 'code', 'python'],
    ])
    expect(plan.byDirectory).toEqual([
      { key: 'src', files: 2, bytes: 38 },
      { key: 'src/util', files: 1, bytes: 18 },
      { key: 'docs', files: 1, bytes: 9 },
    ])
    expect(plan.byFormat).toEqual([
      { key: 'code', files: 3, bytes: 56 },
      { key: 'markdown', files: 1, bytes: 9 },
    ])
    expect(plan.skipped).toEqual([
      { path: '.env', type: 'file', reason: { kind: 'default-skip', name: '.env' } },
      { path: '.gitignore', type: 'file', reason: { kind: 'ignore-file' } },
      { path: 'app.log', type: 'file', reason: { kind: 'ignored', file: '.gitignore', line: 2, pattern: '*.log' } },
      { path: 'blob.dat', type: 'file', reason: { kind: 'binary', detail: 'NUL byte in the first 8000 bytes' } },
      { path: 'generated', type: 'directory', reason: { kind: 'ignored', file: '.gitignore', line: 3, pattern: 'generated/' } },
      { path: 'logo.png', type: 'file', reason: { kind: 'binary', detail: 'extension .png' } },
      { path: 'node_modules', type: 'directory', reason: { kind: 'default-skip', name: 'node_modules' } },
      { path: 'src-link', type: 'symlink', reason: { kind: 'symlink', target: 'src' } },
    ])
    expect(plan.ignoreFiles).toEqual([{ path: '.gitignore', selectors: 2 }])
    expect(plan.totals).toMatchObject({ files: 4, bytes: 65, chars: 65 })
    expect(plan.errors).toEqual([])
    expect(chunker.calls).toEqual([])
    expect(await kb.size()).toBe(0)
  })

  it('reports a cap that would be exceeded and a too-large file, with the counts that explain them', async () => {
    const root = tree(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`gen/f${i}.txt`, `file ${i}`])))
    writeFileSync(join(root, 'big.txt'), 'b'.repeat(2000))
    const service = new FileIngestionService({ workers: 0, limits: createLimits({ maxFiles: 4, maxFileBytes: 1000 }) })
    const plan = await service.plan(root)
    expect(plan.errors).toHaveLength(1)
    expect(plan.errors[0]).toBeInstanceOf(LimitExceededError)
    expect(plan.errors[0]).toMatchObject({ limit: 'maxFiles' })
    expect(plan.byDirectory[0]).toMatchObject({ key: 'gen', files: 6 })
    expect(plan.skipped).toContainEqual({ path: 'big.txt', type: 'file', reason: { kind: 'too-large', max: 1000, actual: 2000 } })
  })

  it('collects every bad ignore file instead of stopping at the first', async () => {
    const root = tree({ 'a/.gitignore': '!x\n', 'b/.tnsignore': 'ok\n!y\n', 'c.txt': 'c' })
    const plan = await new FileIngestionService({ workers: 0, ignore: { negation: 'reject' } }).plan(root)
    expect(plan.errors.map((e) => [e.constructor, e.message.split(':')[0]])).toEqual([
      [ConfigError, '.gitignore line 1 in a/'],
      [ConfigError, '.tnsignore line 2 in b/'],
    ])
  })
})
