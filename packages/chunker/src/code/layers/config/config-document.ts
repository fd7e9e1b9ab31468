/** One setting of an application configuration file: its scalar value and where its key is. */
export interface ConfigValue {
  /** The value, unquoted and unescaped. */
  readonly value: string
  /** 1-based line of the key. */
  readonly line: number
  /** For a sequence of scalars (`[GET, POST]`, or `- GET` lines): its items; `value` is then `''`. */
  readonly items?: readonly string[]
}

/**
 * The scalar settings (and sequences of scalars) of one document of a configuration file by
 * dotted key, as written (`server.servlet.context-path`, YAML nesting joined with `.`); a later
 * setting of a key wins.
 */
export type ConfigDocument = ReadonlyMap<string, ConfigValue>
