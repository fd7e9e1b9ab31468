export { runCli, EXIT_INTERRUPTED, type CliIo } from './run-cli.js'
export { createSqliteStateStore, type StateStoreBackend } from './index/sqlite-state-store.js'
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
