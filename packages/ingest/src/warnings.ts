import type { WalkResult } from './walk.js'

/** Something worth knowing about a run or a plan that did not stop it. */
export interface IngestWarning {
  /**
   * `INVALID_UTF8`: stray bytes became U+FFFD. `LEGACY_ENCODING`: decoded as windows-1252.
   * `NO_WORKER_SCRIPT`: ran on one thread. `IGNORE_RULE_SKIPPED`: an ignore rule was read but
   * not applied (`path` is the ignore file, `line` the rule). `GIT_INDEX_UNREADABLE`: the
   * checkout's index (`path`) could not be read, so ignore rules applied to every file, tracked or not.
   */
  readonly code: 'INVALID_UTF8' | 'LEGACY_ENCODING' | 'NO_WORKER_SCRIPT' | 'IGNORE_RULE_SKIPPED' | 'GIT_INDEX_UNREADABLE'
  /** The file concerned, if any. */
  readonly path?: string
  /** The 1-based line concerned, for `IGNORE_RULE_SKIPPED`. */
  readonly line?: number
  /** One sentence. */
  readonly message: string
}

/** The warnings of a walk: ignore rules read but not applied, and an index that could not be read. */
export function walkWarnings(walked: Pick<WalkResult, 'ignoreWarnings' | 'gitIndexUnreadable'>): IngestWarning[] {
  const warnings: IngestWarning[] = walked.ignoreWarnings.map((w) => ({ code: 'IGNORE_RULE_SKIPPED', path: w.file, line: w.line, message: w.message }))
  const index = walked.gitIndexUnreadable
  if (index !== undefined) warnings.push({ code: 'GIT_INDEX_UNREADABLE', path: index.file, message: index.message })
  return warnings
}
