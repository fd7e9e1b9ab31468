export { HybridRetriever } from './hybrid-retriever.js'
export type { HybridRetrieverBuilder, RetrieveOptions } from './hybrid-retriever.js'
export type { HybridRetrieverOptions, Logger } from './options.js'
