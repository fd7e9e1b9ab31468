import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag } from './create-rag.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

// A handler file of eight functions about content types, and a sibling with two more.
const handler = (name: string, i: number): string => `export function ${name}${i}(request: Request): string {\n  // negotiate the content type ${i}\n  return contentType(request.headers.accept, ${i})\n}\n`
const FILES = {
  'src/handlers/error-handler.ts': Array.from({ length: 8 }, (_, i) => handler('determineContentType', i)).join('\n'),
  'src/handlers/other.ts': Array.from({ length: 2 }, (_, i) => handler('otherContentType', i)).join('\n'),
}

describe('a search narrowed to one file', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it("gives that file's best chunks up to k, not the per-file cap's three; a directory keeps the cap", async () => {
    const rag = createRag({ retrieval: { maxPerFile: 3 } })
    await rag.indexDirectory(repo.root)
    const inFile = await rag.search('content type negotiation', 10, { path: 'src/handlers/error-handler.ts' })
    expect(inFile).toHaveLength(8)
    expect(new Set(inFile.map((hit) => hit.document.metadata['file']))).toEqual(new Set(['src/handlers/error-handler.ts']))
    expect(await rag.search('content type negotiation', 10, { path: './src/handlers/error-handler.ts' })).toHaveLength(8)
    const inDirectory = await rag.search('content type negotiation', 10, { path: 'src/handlers' })
    expect(inDirectory.filter((hit) => hit.document.metadata['file'] === 'src/handlers/error-handler.ts')).toHaveLength(3)
    const inGlob = await rag.search('content type negotiation', 10, { path: 'src/handlers/*.ts' })
    expect(inGlob.filter((hit) => hit.document.metadata['file'] === 'src/handlers/error-handler.ts')).toHaveLength(3)
  })
})
