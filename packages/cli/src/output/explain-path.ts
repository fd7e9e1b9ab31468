import type { IgnoreMatch, IngestionPlan, PlannedFile, SkippedEntry, SkipReason } from '@rag/session'

/** What a plan says about one path (`rag plan --explain <path>`). */
export type PathExplanation =
  /** Indexed; `reincludedBy` is the `!` rule that re-included it, if one matched; `trackedDespite` the rule that does not apply because git tracks it. */
  | { readonly path: string; readonly verdict: 'indexed'; readonly file: PlannedFile; readonly reincludedBy?: IgnoreMatch; readonly trackedDespite?: IgnoreMatch }
  /** Skipped itself, for `reason`. */
  | { readonly path: string; readonly verdict: 'skipped'; readonly type: SkippedEntry['type']; readonly reason: SkipReason }
  /** Inside a skipped directory, never looked at: `directory` and its reason decided. */
  | { readonly path: string; readonly verdict: 'inside-skipped'; readonly directory: string; readonly reason: SkipReason }
  /** A directory the walk entered, with the files indexed below it. */
  | { readonly path: string; readonly verdict: 'directory'; readonly indexedBelow: number }
  /** Nothing by this path under the root. */
  | { readonly path: string; readonly verdict: 'not-found' }

/** A skip reason in words (`rag plan`'s list uses it too). */
export function describeSkip(reason: SkipReason): string {
  switch (reason.kind) {
    case 'ignored':
      return `ignored by ${reason.file}:${reason.line} (${reason.pattern})`
    case 'default-skip':
      return `default skip (${reason.name})`
    case 'extra-skip':
      return `skip name (${reason.name})`
    case 'excluded':
      return `excluded by ${reason.pattern}`
    case 'not-included':
      return 'not matched by include'
    case 'ignore-file':
      return 'ignore file (read, never indexed)'
    case 'symlink':
      return `symbolic link${reason.target ? ` to ${reason.target}` : ''} (never followed)`
    case 'not-regular':
      return 'not a regular file'
    case 'binary':
      return `binary (${reason.detail})`
    case 'too-large':
      return `too large (${reason.actual} bytes; limit ${reason.max})`
    case 'vanished':
      return 'vanished while reading'
    case 'unreadable':
      return `unreadable directory (${reason.code})`
    case 'name-not-utf8':
      return 'name not valid UTF-8 (cannot be opened by its decoded name)'
  }
}

/**
 * Answers for one path from a plan: indexed (and which `!` rule re-included it), skipped and why
 * (which ignore file, line and rule, like `git check-ignore -v`), inside a skipped directory, a
 * walked directory, or absent. `path` is relative to the plan's root, `/`-separated.
 */
export function explainPath(plan: IngestionPlan, path: string): PathExplanation {
  const file = plan.files.find((f) => f.path === path)
  if (file) return { path, verdict: 'indexed', file, ...(file.reincludedBy ? { reincludedBy: file.reincludedBy } : {}), ...(file.trackedDespite ? { trackedDespite: file.trackedDespite } : {}) }
  const skipped = new Map(plan.skipped.map((s) => [s.path, s]))
  const own = skipped.get(path)
  if (own) return { path, verdict: 'skipped', type: own.type, reason: own.reason }
  for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
    const directory = skipped.get(path.slice(0, slash))
    if (directory) return { path, verdict: 'inside-skipped', directory: directory.path, reason: directory.reason }
  }
  const below = plan.files.filter((f) => f.path.startsWith(`${path}/`)).length
  if (below > 0 || path === '') return { path, verdict: 'directory', indexedBelow: below }
  return { path, verdict: 'not-found' }
}

/** The explanation as one line of text. */
export function describeExplanation(explanation: PathExplanation, root: string): string {
  const name = explanation.path === '' ? '.' : explanation.path
  switch (explanation.verdict) {
    case 'indexed': {
      const { file, reincludedBy, trackedDespite } = explanation
      const what = `${file.format}${file.language ? `, ${file.language}` : ''}, ${file.bytes} bytes`
      const rule = (match: IgnoreMatch): string => `${match.file}:${match.line} (${match.pattern})`
      const why = reincludedBy ? `; re-included by ${rule(reincludedBy)}` : trackedDespite ? `; git tracks it, so ${rule(trackedDespite)} does not apply` : ''
      return `${name}: indexed (${what})${why}`
    }
    case 'skipped':
      return `${name}${explanation.type === 'directory' ? '/' : ''}: skipped: ${describeSkip(explanation.reason)}`
    case 'inside-skipped': {
      const why = `${name}: skipped: its directory ${explanation.directory}/ is ${describeSkip(explanation.reason)}`
      return explanation.reason.kind === 'ignored' ? `${why}; git never looks inside an ignored directory, so no rule can re-include anything in it` : why
    }
    case 'directory':
      return `${name}/: directory; ${explanation.indexedBelow} file${explanation.indexedBelow === 1 ? '' : 's'} below it indexed`
    case 'not-found':
      return `${name}: not found under ${root}`
  }
}
