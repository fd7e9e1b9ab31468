export { createChatClient, type ChatClient, type ChatClientOptions, type ChatRequestOptions } from './chat-client.js'
export { ChatError, type ChatErrorOptions, type ChatFailure } from './chat-error.js'
export { assertMessages, type ChatMessage, type ChatRole, type ChatStreamEvent, type ChatUsage } from './chat-message.js'
export { ChatHistory, TURN_OVERHEAD_TOKENS, type ChatHistoryOptions, type ChatTurn, type CountTokens } from './chat-history.js'
