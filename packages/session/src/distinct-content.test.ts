import { createChatClient } from '@rag/chat'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GroundedChat } from './grounded-chat.js'
import { createRag } from './create-rag.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

// The same declarations mirrored for ESM and CommonJS, as zod and many packages ship them, and a
// source file that says the query's words less often.
const DECLARATIONS = 'export declare function formatZodError(error: ZodError): string // format a ZodError for display\nexport declare class ZodError extends Error { format(): string } // ZodError format\n'
const FILES = {
  'types/index.d.ts': DECLARATIONS,
  'types/index.d.cts': DECLARATIONS,
  'src/format.ts': 'export function formatZodError(error: ZodError): string {\n  return error.issues.map((issue) => issue.message).join("\\n")\n}\n',
  'src/other.ts': 'export const unrelated = 1\n',
}

describe('contexts hold each text once', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('passes over a hit whose content a better one has, for the next; search itself keeps both', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const searched = (await rag.search('ZodError format', 2, undefined, { pathPriors: false })).map((hit) => hit.document.metadata['file'])
    expect(new Set(searched)).toEqual(new Set(['types/index.d.ts', 'types/index.d.cts']))
    const render = await rag.renderContextPrompt('ZodError format', 2)
    const files = render.results.map((hit) => hit.document.metadata['file'])
    expect(files).toHaveLength(2)
    expect(files.filter((file) => String(file).startsWith('types/index.d.'))).toHaveLength(1)
    expect(files).toContain('src/format.ts')
    expect(render.prompt.split('export declare class ZodError')).toHaveLength(2)
  })

  it("gives a chat's context each text once", async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    // `prepare` calls no model: the client's address is never dialled.
    const client = createChatClient({ baseUrl: 'http://127.0.0.1:9', model: 'unused' })
    const prepared = await new GroundedChat(rag, { client }).prepare('ZodError format')
    const cited = prepared.citations.map((citation) => citation.file)
    expect(cited.filter((file) => String(file).startsWith('types/index.d.'))).toHaveLength(1)
  })
})
