import { describe, expect, it } from 'vitest'
import { stageGeneration } from './generation.js'
import type { FileRecord, IndexState } from './index-state.js'

const rec = (path: string, ids: string[]): FileRecord => ({ path, fingerprint: `fp-${path}`, size: 1, mtimeMs: 1, ctimeMs: 1, ino: 1, checkedAtMs: 5_000, chars: 1, chunkIds: ids })
const previous: IndexState = { version: 1, root: '/r', context: 'c', files: [rec('a/x.ts', ['a1']), rec('b/y.ts', ['b1', 'b2']), rec('z.ts', ['z1'])] }

describe('stageGeneration', () => {
  it('keeps files under a directory that could not be listed, and removes the ones that are gone', () => {
    const staged = stageGeneration({
      root: '/r', context: 'c', runStartedMs: 9_000, previous, admitted: ['z.ts'],
      statReused: new Map([['z.ts', previous.files[2]!]]), results: new Map(), unreadableDirectories: ['a'],
    })
    expect(staged.state.files.map((f) => f.path)).toEqual(['a/x.ts', 'z.ts'])
    expect(staged.removeIds).toEqual(['b1', 'b2'])
    expect(staged.counts).toMatchObject({ kept: 1, removed: 1, statReused: 1 })
  })

  it('removes every chunk of a previous generation built for another root', () => {
    const staged = stageGeneration({ root: '/other', context: 'c', runStartedMs: 9_000, previous, admitted: [], statReused: new Map(), results: new Map(), unreadableDirectories: [] })
    expect(staged.removeIds.sort()).toEqual(['a1', 'b1', 'b2', 'z1'])
    expect(staged.state).toEqual({ version: 1, root: '/other', context: 'c', files: [] })
  })

  it('refuses a generation in which two files produce the same chunk id', () => {
    const result = (path: string) => ({
      kind: 'chunked' as const, path, chunks: [{ id: 'same', content: path, metadata: { file: path } }],
      stat: { size: 1, mtimeMs: 1, ctimeMs: 1, ino: 2 }, chars: 3, fingerprint: 'f', detected: { format: 'code' as const }, encoding: 'utf-8' as const, replaced: 0,
    })
    const results = new Map([['m.ts', result('m.ts')], ['n.ts', result('n.ts')]])
    expect(() =>
      stageGeneration({ root: '/r', context: 'c', runStartedMs: 9_000, previous, admitted: ['m.ts', 'n.ts'], statReused: new Map(), results, unreadableDirectories: [] }),
    ).toThrow(/Chunk id "same" is produced by both m\.ts and n\.ts/)
  })
})
