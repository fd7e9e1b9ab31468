import { describe, expect, it } from 'vitest'
import { contentHash, DEFAULT_RACY_WINDOW_MS, fingerprint, pipelineContext, statProvesUnchanged, type StatRecord } from './fingerprint.js'

const record: StatRecord = { fingerprint: 'f', size: 10, mtimeMs: 1_000, ctimeMs: 1_000, ino: 7, checkedAtMs: 10_000 }

describe('statProvesUnchanged', () => {
  it('trusts an equal stat whose timestamps predate the hashing run by more than the window', () => {
    expect(statProvesUnchanged(record, record)).toBe(true)
  })

  it('re-reads when size, mtime, ctime or inode differ', () => {
    for (const change of [{ size: 11 }, { mtimeMs: 1_001 }, { ctimeMs: 1_001 }, { ino: 8 }]) {
      expect(statProvesUnchanged(record, { ...record, ...change })).toBe(false)
    }
  })

  it('re-reads a file whose timestamps are both inside the racy window of the run that hashed it', () => {
    const racy = { ...record, mtimeMs: 9_000, ctimeMs: 9_500 }
    expect(statProvesUnchanged(racy, racy)).toBe(false)
    expect(statProvesUnchanged({ ...racy, checkedAtMs: 9_500 + DEFAULT_RACY_WINDOW_MS + 1 }, racy)).toBe(true)
    expect(statProvesUnchanged(racy, racy, 0)).toBe(true)
  })

  it('trusts a file when one timestamp is old: any edit would move it', () => {
    const restoredMtime = { ...record, mtimeMs: 1_000, ctimeMs: 9_900 }
    expect(statProvesUnchanged(restoredMtime, restoredMtime)).toBe(true)
  })

  it('never trusts a record without a fingerprint (after clearHashes)', () => {
    expect(statProvesUnchanged({ ...record, fingerprint: '' }, record)).toBe(false)
  })
})

describe('fingerprint', () => {
  it('changes with the content, the format, the language and the pipeline context', () => {
    const hash = contentHash(new TextEncoder().encode('x'))
    const ctx = pipelineContext('chunker@1', '[]', 'AUTO')
    const base = fingerprint(hash, { format: 'code', language: 'python' }, ctx)
    expect(fingerprint(hash, { format: 'code', language: 'python' }, ctx)).toBe(base)
    expect(fingerprint(contentHash(new TextEncoder().encode('y')), { format: 'code', language: 'python' }, ctx)).not.toBe(base)
    expect(fingerprint(hash, { format: 'text', language: 'python' }, ctx)).not.toBe(base)
    expect(fingerprint(hash, { format: 'code', language: 'ruby' }, ctx)).not.toBe(base)
    expect(fingerprint(hash, { format: 'code', language: 'python' }, pipelineContext('chunker@2', '[]', 'AUTO'))).not.toBe(base)
    expect(fingerprint(hash, { format: 'code', language: 'python' }, pipelineContext('chunker@1', '["src/**"]', 'AUTO'))).not.toBe(base)
  })
})
