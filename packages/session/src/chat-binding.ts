import { ConfigError, describeValue, type RagErrorOptions, type SearchResult, type Stream } from '@rag/core'

/** One chat knowledge source an agent declares it can use. */
export interface ChatKnowledgeDeclaration {
  /** The source's name; the session corpus is `session-knowledge` (`RagService.CHAT_SOURCE`). */
  readonly name: string
  /** The kind of knowledge; the session corpus binds only to `MEMORY`. */
  readonly type: string
  /** How many results the agent takes per message; when set it must be `RagService.CHAT_TOP_K` (5). */
  readonly topK?: number
}

/**
 * The live retriever a binding hands an agent: a `Stream` over the session's corpus (not a copy),
 * so documents indexed after binding are found without binding again.
 */
export interface ChatKnowledgeSource extends Stream {
  /** Always `session-knowledge`. */
  readonly name: string
  /** Results per message: `RagService.CHAT_TOP_K`. */
  readonly topK: number
  /** The best `topK` chunks for the user's original message. */
  retrieve(message: string): Promise<SearchResult[]>
}

/**
 * The smallest agent `RagService.attachChatTo` can ground: it declares its chat knowledge sources
 * and accepts a live source for one of them.
 *
 * @example
 * const agent: ChatAgent = {
 *   chatKnowledge: [{ name: 'session-knowledge', type: 'MEMORY', topK: 5 }],
 *   bindChatKnowledge(source) { this.knowledge = source },
 * }
 */
export interface ChatAgent {
  /** The chat knowledge sources this agent declares. */
  readonly chatKnowledge: readonly ChatKnowledgeDeclaration[]
  /** Receives the live source for a declared name; called again on rebinding. */
  bindChatKnowledge(source: ChatKnowledgeSource): void
}

/** `attachChatTo` refused an agent: it does not declare the session's MEMORY chat knowledge. */
export class ChatBindingError extends ConfigError {
  /** The source the agent had to declare. */
  readonly source: string

  constructor(source: string, message: string, options: RagErrorOptions = {}) {
    super(message, options)
    this.name = 'ChatBindingError'
    this.source = source
  }
}

/**
 * Checks that `agent` declares MEMORY chat knowledge named `source` searching `topK` results.
 *
 * @throws ChatBindingError naming what is missing or different.
 */
export function assertDeclaresChatSource(agent: unknown, source: string, topK: number): asserts agent is ChatAgent {
  const expected = `{ name: '${source}', type: 'MEMORY', topK: ${topK} }`
  if (typeof agent !== 'object' || agent === null) {
    throw new ChatBindingError(source, `agent must be an object with chatKnowledge and bindChatKnowledge; received ${describeValue(agent)}.`)
  }
  const { chatKnowledge, bindChatKnowledge } = agent as Partial<ChatAgent>
  if (typeof bindChatKnowledge !== 'function') {
    throw new ChatBindingError(source, 'agent must have a bindChatKnowledge(source) method; it has none.')
  }
  const declaration = Array.isArray(chatKnowledge) ? chatKnowledge.find((d) => d?.name === source) : undefined
  if (declaration === undefined) {
    throw new ChatBindingError(source, `agent does not declare chat knowledge "${source}"; expected a declaration ${expected}.`)
  }
  if (declaration.type !== 'MEMORY') {
    throw new ChatBindingError(source, `agent declares chat knowledge "${source}" as ${describeValue(declaration.type)}; expected type "MEMORY".`)
  }
  if (declaration.topK !== undefined && declaration.topK !== topK) {
    throw new ChatBindingError(source, `agent declares chat knowledge "${source}" with topK ${describeValue(declaration.topK)}; expected ${topK}.`)
  }
}

/** Builds the live source: every call searches the session as it is at that moment. */
export function createChatKnowledgeSource(
  name: string,
  topK: number,
  search: (query: string, topK: number) => Promise<SearchResult[]>,
): ChatKnowledgeSource {
  return Object.freeze({
    name,
    topK,
    retrieve: (message: string) => search(message, topK),
    search: (query: string, k: number) => search(query, k),
  })
}
