/** One setting of an application configuration file: its scalar value and where its key is. */
export interface ConfigValue {
  /** The value, unquoted and unescaped. */
  readonly value: string
  /** 1-based line of the key. */
  readonly line: number
}

/**
 * The scalar settings of one document of a configuration file by dotted key, as written
 * (`server.servlet.context-path`, YAML nesting joined with `.`); a later setting of a key wins.
 */
export type ConfigDocument = ReadonlyMap<string, ConfigValue>
