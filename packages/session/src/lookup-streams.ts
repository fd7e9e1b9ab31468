import { ConfigError, type KnowledgeBase, type Stream } from '@rag/core'
import { chunkTables } from './chunk-tables.js'
import { DEFINITIONS_WEIGHT, DefinitionStream } from './definition-stream.js'
import { GenerationCache } from './generation-cache.js'
import type { SessionLayerQueries } from './layer-queries.js'
import { metadataOf } from './list-metadata.js'
import type { RagWeights } from './rag-service-options.js'
import { ROUTES_WEIGHT, RouteStream } from './route-stream.js'

/** A layer query's answer, `[]` on an index without code layers (the query's `ConfigError`). */
export async function orNone<T>(query: () => Promise<readonly T[]>): Promise<readonly T[]> {
  try {
    return await query()
  } catch (error) {
    if (error instanceof ConfigError) return []
    throw error
  }
}

/**
 * The session's lookup streams, fused with the lexical ones: the definitions of a name a query is
 * ({@link DefinitionStream}) and the code serving a route it names ({@link RouteStream}). They
 * share one set of chunk tables per index generation (every chunk's metadata, listed without
 * content where the store can) and read the code layers when the index has them.
 */
export function lookupStreams(knowledgeBase: KnowledgeBase, generation: () => Promise<string>, layers: SessionLayerQueries, weights: RagWeights): { stream: Stream; weight: number }[] {
  const tables = new GenerationCache(generation, async () => chunkTables(await metadataOf(knowledgeBase)))
  const source = {
    tables: () => tables.get(),
    documents: (ids: readonly string[]) => Promise.all(ids.map((id) => knowledgeBase.get(id))),
    symbols: (name: string) => orNone(() => layers.symbols(name, {})),
    entrypoints: (filter: Parameters<SessionLayerQueries['entrypoints']>[0]) => orNone(() => layers.entrypoints(filter)),
  }
  return [
    // A query that is one name: the chunks that define it, whatever the lexical streams rank first.
    { stream: new DefinitionStream(source), weight: weights.definitions ?? DEFINITIONS_WEIGHT },
    // A query that names an HTTP route: the code that serves it, from the entrypoints layer.
    { stream: new RouteStream(source), weight: weights.routes ?? ROUTES_WEIGHT },
  ]
}
