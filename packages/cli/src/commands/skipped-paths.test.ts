import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SkippedPaths } from './skipped-paths.js'

describe('SkippedPaths', () => {
  it('knows the skips by rule of the last run, and what is below a skipped directory; other skips and new paths are changes', () => {
    const skipped = new SkippedPaths('/link/repo')
    expect(skipped.has('/link/repo/logs/app.log')).toBe(false)
    skipped.update({
      root: '/real/repo',
      skipped: [
        { path: 'logs', type: 'directory', reason: { kind: 'ignored', file: '.gitignore', line: 1, pattern: 'logs/' } },
        { path: 'a.tmp', type: 'file', reason: { kind: 'ignored', file: '.gitignore', line: 2, pattern: '*.tmp' } },
        { path: 'dist', type: 'directory', reason: { kind: 'excluded', pattern: 'dist/**' } },
        { path: 'big.json', type: 'file', reason: { kind: 'too-large', max: 10, actual: 20 } },
        { path: '.gitignore', type: 'file', reason: { kind: 'ignore-file' } },
      ],
    })
    expect(skipped.has('/link/repo/logs/app.log')).toBe(true)
    expect(skipped.has(join('/real/repo', 'logs', 'deep', 'x.log'))).toBe(true)
    expect(skipped.has('/link/repo/logs')).toBe(true)
    expect(skipped.has('/link/repo/a.tmp')).toBe(true)
    expect(skipped.has('/link/repo/dist/index.js')).toBe(true)
    // Not skipped by rule: a file that may shrink, the rules themselves, a file the run did not see.
    expect(skipped.has('/link/repo/big.json')).toBe(false)
    expect(skipped.has('/link/repo/.gitignore')).toBe(false)
    expect(skipped.has('/link/repo/b.tmp')).toBe(false)
    expect(skipped.has('/link/repo/logsx/a.ts')).toBe(false)
    expect(skipped.has('/elsewhere/logs/a.log')).toBe(false)
  })
})
