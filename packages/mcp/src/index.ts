export { createRagMcpServer, type RagMcpServer, type RagMcpServerOptions } from './create-rag-mcp-server.js'
export { runStdioServer } from './run-stdio-server.js'
export { renderResults, estimateTokens, type CodeHit, type RenderedResults } from './render-results.js'
export { createPathConfinement, PathNotAllowedError, type PathConfinement } from '@rag/session'
