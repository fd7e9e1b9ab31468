export { rankFiles, SIGNAL_NAMES, type SignalName, type RankedFile, type FileChunk, type SignalContribution, type RankFilesOptions } from './rank-files.js'
export type { RankingPlan, PlanAnchor, QueryIntent } from './ranking-plan.js'
export type {
  RankingSignals,
  DefinitionLookup,
  DefinitionSite,
  PathLookup,
  NeighbourLookup,
  EntrypointLookup,
  EntrypointQuery,
  RankedFileList,
} from './signals.js'
export { DEFAULT_WEIGHTS, type RankingWeights } from './weights.js'
export { pathCategories, categoriesOf, PATH_CATEGORIES, type PathCategory } from './path-category.js'
export { pathPrior } from './path-prior.js'
export { createChunkSignals, createPathLookup } from './chunk-signals.js'
export { fileDocuments } from './file-documents.js'
export { companionKey, isDeclaration } from './companions.js'
export { normalizeName, fileStem } from './normalize-name.js'
export { nameWords, wordStem } from './name-words.js'
export { messageShare, messageWords, spacedWords, MIN_MESSAGE_WORDS } from './message-match.js'
export { createLayerSignals, type LayerRecords } from './layer-signals.js'
