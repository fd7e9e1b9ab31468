import type { ConfigValue } from './config-keys.js'

/**
 * How far the indexed repository's own `rag.config.json` is trusted with one key. That file comes
 * with the code, so it is untrusted input: it may tighten a setting, never weaken a safety
 * property (fencing, where data or credentials go, resource limits). A value it may not set is
 * ignored with a warning; the user's config file, `RAG_*` variables and flags may set it.
 */
export interface ProjectTrust {
  /** Whether a (valid) value from the repository's config file is taken. */
  readonly accepts: (value: ConfigValue) => boolean
  /** What the value would do, completing "a repository's config may not ...". */
  readonly because: string
}

/** A key a repository's config may never set. */
export function neverFromProject(because: string): ProjectTrust {
  return { accepts: () => false, because }
}

/** A key a repository's config may set only to `safe` (the default), e.g. `prompt.format: "fenced"`. */
export function onlyFromProject(safe: ConfigValue, because: string): ProjectTrust {
  return { accepts: (value) => value === safe, because }
}

/** A limit a repository's config may lower but not raise above `ceiling` (its default). */
export function atMostFromProject(ceiling: number): ProjectTrust {
  return { accepts: (value) => typeof value === 'number' && value <= ceiling, because: `raise this limit above its default of ${ceiling}` }
}
