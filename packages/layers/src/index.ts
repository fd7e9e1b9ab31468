export { LayerGraph, type LayerChange, type LayerDelta, type LayerGraphOptions } from './layer-graph.js'
export type { SymbolQuery, DependencyQuery, DependencyStep, EntrypointQuery } from './layer-queries.js'
export type { ImportResolution, ImportTarget, ResolveContext, ImportResolver } from './resolution.js'
export { importResolverFor } from './import-resolvers.js'
