export { FileIngestionService } from './file-ingestion-service.js'
export type {
  FileIngestionServiceOptions,
  IngestOptions,
  IngestionResult,
  IngestStats,
  IngestWarning,
  IgnoreOptions,
} from './file-ingestion-service.js'
export type { NegationMode } from './ignore/ignore-file.js'
export type { IgnoreMatch } from './ignore/ignore-stack.js'
export type { GenerationCounts } from './generation.js'
export { DEFAULT_LIMITS, createLimits } from './limits.js'
export type { Limits } from './limits.js'
export type { SourceOptions } from './source-options.js'
export type { SelectorOptions } from './selectors.js'
export { DEFAULT_SKIP_DIRECTORIES, DEFAULT_SKIP_ANY_COMPONENT, DEFAULT_SKIP_FILES } from './default-skips.js'
export type { NameSkipOptions } from './default-skips.js'
export { IGNORE_FILE_NAMES } from './ignore/read-ignore-files.js'
export { detectFormat } from './format-detection.js'
export type { DocumentFormat, DetectedFormat } from './format-detection.js'
export type { TextEncoding } from './decode.js'
export { DEFAULT_CHUNKER_SPEC, LAYERED_CHUNKER_SPEC } from './chunker-spec.js'
export type { ChunkerSpec } from './chunker-spec.js'
export { DEFAULT_RACY_WINDOW_MS } from './fingerprint.js'
export { assertIndexState } from './index-state.js'
export type { IndexState, FileRecord } from './index-state.js'
export type { StatRecord } from './fingerprint.js'
export type { FileStat } from './read-file.js'
export type { IngestionPlan, PlannedFile, PlanCount } from './plan.js'
export type { SkipReason, SkippedEntry, FailedFile, EntryType } from './skips.js'
