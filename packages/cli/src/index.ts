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
export { ANALYZERS, type AnalyzerName } from './config/analyzers.js'
export { INDEXED_TEXTS, type FieldsName } from './config/indexed-texts.js'
export { UsageError, CliConfigError, EXIT } from './errors.js'
