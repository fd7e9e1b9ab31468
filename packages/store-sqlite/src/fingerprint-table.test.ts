import { describe, expect, it } from 'vitest'
import type { FileFingerprint } from '@rag/core'
import { openStoreDatabase } from './open-database.js'
import { readFingerprints, syncFingerprints } from './fingerprint-table.js'
import { prepareStatements } from './statements.js'

function fileMap(count: number): Array<[string, FileFingerprint]> {
  return Array.from({ length: count }, (_, i) => [
    `src/file-${i}.ts`,
    { fingerprint: `hash-${i}`, size: i * 10, mtimeMs: 1_700_000_000_000 + i, chunkIds: [`src/file-${i}.ts#0`] },
  ])
}

describe('syncFingerprints', () => {
  it('writes only the rows that differ from the stored map', () => {
    const db = openStoreDatabase(':memory:', { create: true, busyTimeoutMs: 0, analyzerName: 'basic@1', indexedTextName: 'content', termCountOf: () => 0 })
    try {
      const statements = prepareStatements(db)
      const files = fileMap(5000)
      expect(syncFingerprints(statements, files)).toBe(5000)
      expect(syncFingerprints(statements, files)).toBe(0)

      const edited = files.map(([path, fp]): [string, FileFingerprint] =>
        path === 'src/file-42.ts' ? [path, { ...fp, fingerprint: 'changed', chunkIds: ['x', 'y'] }] : [path, fp],
      )
      expect(syncFingerprints(statements, edited)).toBe(1)
      expect(syncFingerprints(statements, edited.slice(1))).toBe(1)
      const stored = readFingerprints(statements)
      expect(stored.size).toBe(4999)
      expect(stored.get('src/file-42.ts')).toEqual({ fingerprint: 'changed', size: 420, mtimeMs: 1_700_000_000_042, chunkIds: ['x', 'y'] })
      expect(syncFingerprints(statements, edited.slice(1).map(([p, fp]) => [p, { ...fp, ino: 1 }]))).toBe(4999)
      expect(stored.has('src/file-0.ts')).toBe(false)
    } finally {
      db.close()
    }
  })
})
