export { runCli, EXIT_INTERRUPTED, type CliIo } from './run-cli.js'
/** @deprecated Use `createGenerationStateStore` of `@rag/session` (or `openRag`); this re-export goes in the next minor release. */
export { createGenerationStateStore as createSqliteStateStore } from '@rag/session'
/** @deprecated Use `GenerationStore` of `@rag/session`; this alias goes in the next minor release. */
export type { GenerationStore as StateStoreBackend } from '@rag/session'
export { CONFIG_KEYS, envName, type ConfigKey, type ConfigType, type ConfigValue } from './config/config-keys.js'
export {
  loadConfig,
  userConfigPath,
  type LoadConfigOptions,
  type ResolvedConfig,
  type ResolvedValue,
  type ConfigSource,
  type ConfigSourceKind,
} from './config/load-config.js'
export { findIndexRoot, indexLocation, INDEX_DIRECTORY, INDEX_FILE, PROJECT_CONFIG_FILE, type IndexLocation } from './index/index-location.js'
/** @deprecated Use `ANALYZERS` and `AnalyzerName` of `@rag/session` (the one table of named analyzers); these re-exports go in the next minor release. */
export { ANALYZERS, type AnalyzerName } from '@rag/session'
/** @deprecated Use `INDEXED_TEXTS` and `IndexedTextName` of `@rag/session`; these re-exports go in the next minor release. */
export { INDEXED_TEXTS, type IndexedTextName as FieldsName } from '@rag/session'
export { UsageError, CliConfigError, EXIT } from './errors.js'
export { INDEXING_V8_FLAGS, applyIndexingV8Flags } from './indexing-v8-flags.js'
