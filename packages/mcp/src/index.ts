export { createRagMcpServer, type RagMcpServer, type RagMcpServerOptions } from './create-rag-mcp-server.js'
export { runStdioServer } from './run-stdio-server.js'
export { registerLayerTools, type LayerToolsOptions } from './layer-tools.js'
export { renderResults, type CodeHit, type RenderedResults } from './render-results.js'
export { renderFiles, type FileHit, type RenderedFiles } from './render-files.js'
/** @deprecated The toolkit's one token estimate is `estimateTokens` of `@rag/prompt` (re-exported by `@rag/session`); this re-export goes in the next minor release. */
export { estimateTokens } from '@rag/session'
/** @deprecated Path confinement lives in `@rag/session`; import it from there. This re-export goes in the next minor release. */
export { createPathConfinement, PathNotAllowedError, type PathConfinement } from '@rag/session'
