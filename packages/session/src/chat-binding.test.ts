import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ChatBindingError, type ChatAgent, type ChatKnowledgeSource } from './chat-binding.js'
import { RagService } from './rag-service.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

/** A minimal agent that keeps what it is bound to. */
function createAgent(chatKnowledge: ChatAgent['chatKnowledge']): ChatAgent & { bound: ChatKnowledgeSource[] } {
  const bound: ChatKnowledgeSource[] = []
  return { chatKnowledge, bound, bindChatKnowledge: (source) => bound.push(source) }
}

describe('RagService.attachChatTo', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(SAMPLE_FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('names the source and the top K as the seed does', () => {
    expect(RagService.CHAT_SOURCE).toBe('session-knowledge')
    expect(RagService.CHAT_TOP_K).toBe(5)
  })

  it.each([
    ['no declaration', []],
    ['another name', [{ name: 'project-docs', type: 'MEMORY' }]],
    ['another type', [{ name: 'session-knowledge', type: 'WEB' }]],
    ['another top K', [{ name: 'session-knowledge', type: 'MEMORY', topK: 10 }]],
  ])('refuses an agent with %s, even before anything is indexed', async (_case, declarations) => {
    const rag = new RagService()
    await rag.addDocument('something to find')
    const agent = createAgent(declarations)
    await expect(rag.attachChatTo(agent)).rejects.toBeInstanceOf(ChatBindingError)
    await expect(rag.attachChatTo(agent)).rejects.toMatchObject({ code: 'CONFIG', source: 'session-knowledge' })
    await expect(new RagService().attachChatTo(agent)).rejects.toBeInstanceOf(ChatBindingError)
    expect(agent.bound).toEqual([])
  })

  it('refuses something that is not an agent', async () => {
    await expect(new RagService().attachChatTo(null)).rejects.toThrow(/agent must be an object/)
    await expect(new RagService().attachChatTo({ chatKnowledge: [] })).rejects.toThrow(/bindChatKnowledge/)
  })

  it('does nothing while the corpus is empty', async () => {
    const rag = new RagService()
    const agent = createAgent([{ name: 'session-knowledge', type: 'MEMORY', topK: 5 }])
    expect(await rag.attachChatTo(agent)).toBeUndefined()
    expect(agent.bound).toEqual([])
  })

  it('binds the live corpus: documents indexed after binding are found without binding again', async () => {
    const rag = new RagService()
    await rag.addDocument('team conventions: squash commits before merging')
    const agent = createAgent([{ name: 'session-knowledge', type: 'MEMORY' }])
    const source = await rag.attachChatTo(agent)
    expect(agent.bound).toEqual([source])
    expect(source).toMatchObject({ name: 'session-knowledge', topK: 5 })
    expect(await source!.retrieve('bearer token signature')).toEqual([])

    await rag.indexDirectory(repo.root)
    const hits = await agent.bound[0]!.retrieve('bearer token signature')
    expect(hits[0]?.document.metadata['file']).toBe('src/auth/token.ts')
    for (let i = 0; i < 8; i++) await rag.addDocument(`note ${i} about tokens and bearer signatures`)
    expect(await agent.bound[0]!.retrieve('bearer token signature')).toHaveLength(5)
    expect(await agent.bound[0]!.search('bearer', 2)).toHaveLength(2)
  })
})
