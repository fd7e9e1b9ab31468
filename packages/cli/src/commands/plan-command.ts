import { relativeToRoot } from '../index/relative-to-root.js'
import { RagService } from '@rag/session'
import { describeError, UsageError } from '../errors.js'
import { ingestOptions } from '../index/open-index.js'
import { rootForIndexing } from '../index/resolve-root.js'
import { describeExplanation, describeSkip, explainPath } from '../output/explain-path.js'
import { configFor, type CommandContext } from './context.js'
import { escapeTerminal } from '../output/escape-terminal.js'

/** Options of `rag plan`. */
export interface PlanCommandOptions {
  /** A path (relative to the working directory) to explain instead of listing everything. */
  readonly explain?: string
}

/** `path` (relative to `cwd`) relative to one of `roots`, or a usage error. */
function explainedPath(path: string, cwd: string, roots: readonly string[]): string {
  const rel = relativeToRoot(path, cwd, roots)
  if (rel === undefined) throw new UsageError(`--explain ${path} is outside the indexed directory ${roots[0]}; give a path inside it.`)
  return rel
}

/**
 * `rag plan [dir]`: a dry run: what an index run would take and skip, and why (for an ignored
 * path: the ignore file, line and rule, like `git check-ignore -v`). `--explain <path>` answers
 * for one path. Exit 1 if a run would be rejected.
 */
export async function planCommand(context: CommandContext, dir: string | undefined, options: PlanCommandOptions = {}): Promise<number> {
  const { output } = context
  const location = rootForIndexing(dir, context.root, context.cwd)
  const config = configFor(context, location)
  // The plan needs the configured limits and source, not the store: nothing on disk is opened.
  const rag = new RagService({ bm25: false, ingest: ingestOptions(config) })
  const plan = await rag.planDirectory(location.root, { signal: context.signal })
  const errors = plan.errors.map((e) => ({ code: e.code, message: describeError(e) }))
  if (options.explain !== undefined) {
    const explanation = explainPath(plan, explainedPath(options.explain, context.cwd, [location.root, plan.root]))
    if (output.json) output.emit({ root: plan.root, ...explanation, warnings: plan.warnings, errors })
    else {
      output.line(escapeTerminal(describeExplanation(explanation, plan.root), { keepLineFeeds: true }))
      for (const error of errors) output.note(`error: ${error.message}`)
    }
    return errors.length > 0 ? 1 : 0
  }
  if (output.json) {
    output.emit({ ...plan, errors })
    return errors.length > 0 ? 1 : 0
  }
  const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MB`
  output.line(`Plan for ${escapeTerminal(plan.root)}: ${plan.totals.files} files, ${mb(plan.totals.bytes)}, ${plan.totals.entries} entries walked`)
  output.line('')
  output.line('By directory:')
  for (const d of plan.byDirectory) output.line(`  ${String(d.files).padStart(6)}  ${mb(d.bytes).padStart(10)}  ${escapeTerminal(d.key)}`)
  output.line('By format:')
  for (const f of plan.byFormat) output.line(`  ${String(f.files).padStart(6)}  ${mb(f.bytes).padStart(10)}  ${escapeTerminal(f.key)}`)
  output.line(`Skipped (${plan.skipped.length}):`)
  for (const s of plan.skipped) output.line(`  ${escapeTerminal(s.path)}${s.type === 'directory' ? '/' : ''}  ${escapeTerminal(describeSkip(s.reason))}`)
  const reincluded = plan.files.filter((f) => f.reincludedBy)
  if (reincluded.length > 0) {
    output.line(`Re-included by "!" rules (${reincluded.length}):`)
    for (const f of reincluded) output.line(`  ${escapeTerminal(f.path)}  ${escapeTerminal(f.reincludedBy!.file)}:${f.reincludedBy!.line} (${escapeTerminal(f.reincludedBy!.pattern)})`)
  }
  const tracked = plan.files.filter((f) => f.trackedDespite)
  if (tracked.length > 0) {
    output.line(`Tracked by git, so ignore rules do not apply (${tracked.length}):`)
    for (const f of tracked) output.line(`  ${escapeTerminal(f.path)}  ${escapeTerminal(f.trackedDespite!.file)}:${f.trackedDespite!.line} (${escapeTerminal(f.trackedDespite!.pattern)})`)
  }
  if (plan.ignoreFiles.length > 0) {
    output.line('Ignore files:')
    for (const f of plan.ignoreFiles) output.line(`  ${escapeTerminal(f.path)}  ${f.selectors} rules`)
  }
  for (const warning of plan.warnings) output.note(`warning: ${escapeTerminal(warning.message)}`)
  for (const error of errors) output.note(`error: ${escapeTerminal(error.message)}`)
  return errors.length > 0 ? 1 : 0
}
