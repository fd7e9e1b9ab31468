import { describe, expect, it } from 'vitest'
import { CodeChunker } from './code-chunker.js'
import { createNormalizedDocumentChunker } from './normalized-document-chunker.js'

const source = `import os


def read(path):
    """Reads a file."""
    with open(path) as handle:
        return handle.read()


class Cache:
    def get(self, key):
        return self.values.get(key)

    def put(self, key, value):
        self.values[key] = value
`

describe('CodeChunker', () => {
  it('gives exactly the chunks and id of the normalized chunker with the same options', async () => {
    const options = { maxChars: 120, minChars: 0 }
    const facade = new CodeChunker(options)
    const normalized = createNormalizedDocumentChunker(options)
    expect(facade.id).toBe(normalized.id)
    const viaFacade = await facade.chunkSource('cache.py', source)
    expect(viaFacade).toEqual(await normalized.chunk({ path: 'cache.py', content: source, format: 'code', language: 'python' }))
    expect(viaFacade.map((c) => [c.metadata.kind, c.metadata.qname, c.metadata.startLine, c.metadata.endLine])).toEqual([
      ['imports', '', 1, 3],
      ['function', 'read', 4, 9],
      ['class', 'Cache', 10, 10],
      ['method', 'Cache.get', 11, 13],
      ['method', 'Cache.put', 14, 15],
    ])
  })

  it('merges small neighbours at the default sizes, listing the symbols it merged', async () => {
    const chunks = await new CodeChunker().chunkSource('cache.py', source)
    expect(chunks).toHaveLength(1)
    expect(chunks[0]?.metadata).toMatchObject({ kind: 'class', qname: 'Cache', symbols: 'read, Cache' })
  })

  it('rejects a file that is not a SourceFile', async () => {
    const chunker = new CodeChunker()
    // @ts-expect-error: checking the run-time guard
    await expect(chunker.chunk({ path: 'a.py', content: 42, format: 'code' })).rejects.toThrow(/content must be a string; received number/)
  })
})
