/** Something worth knowing about a run or a plan that did not stop it. */
export interface IngestWarning {
  /**
   * `INVALID_UTF8`: stray bytes became U+FFFD. `LEGACY_ENCODING`: decoded as windows-1252.
   * `NO_WORKER_SCRIPT`: ran on one thread. `IGNORE_RULE_SKIPPED`: an ignore rule was read but
   * not applied (`path` is the ignore file, `line` the rule).
   */
  readonly code: 'INVALID_UTF8' | 'LEGACY_ENCODING' | 'NO_WORKER_SCRIPT' | 'IGNORE_RULE_SKIPPED'
  /** The file concerned, if any. */
  readonly path?: string
  /** The 1-based line concerned, for `IGNORE_RULE_SKIPPED`. */
  readonly line?: number
  /** One sentence. */
  readonly message: string
}
