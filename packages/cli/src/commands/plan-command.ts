import type { SkipReason } from '@rag/session'
import { RagService } from '@rag/session'
import { ingestOptions } from '../index/open-index.js'
import { rootForIndexing } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'

/** A skip reason in words. */
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
  }
}

/** `rag plan [dir]`: a dry run: what an index run would take and skip, and why. Exit 1 if a run would be rejected. */
export async function planCommand(context: CommandContext, dir: string | undefined): Promise<number> {
  const { output } = context
  const location = rootForIndexing(dir, context.root, context.cwd)
  const config = configFor(context, location)
  // The plan needs the configured limits and source, not the store: nothing on disk is opened.
  const rag = new RagService({ bm25: false, ingest: ingestOptions(config) })
  const plan = await rag.planDirectory(location.root, { signal: context.signal })
  if (output.json) {
    output.emit({ ...plan, errors: plan.errors.map((e) => ({ code: e.code, message: e.message })) })
    return plan.errors.length > 0 ? 1 : 0
  }
  const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MB`
  output.line(`Plan for ${plan.root}: ${plan.totals.files} files, ${mb(plan.totals.bytes)}, ${plan.totals.entries} entries walked`)
  output.line('')
  output.line('By directory:')
  for (const d of plan.byDirectory) output.line(`  ${String(d.files).padStart(6)}  ${mb(d.bytes).padStart(10)}  ${d.key}`)
  output.line('By format:')
  for (const f of plan.byFormat) output.line(`  ${String(f.files).padStart(6)}  ${mb(f.bytes).padStart(10)}  ${f.key}`)
  output.line(`Skipped (${plan.skipped.length}):`)
  for (const s of plan.skipped) output.line(`  ${s.path}${s.type === 'directory' ? '/' : ''}  ${describeSkip(s.reason)}`)
  if (plan.ignoreFiles.length > 0) {
    output.line('Ignore files:')
    for (const f of plan.ignoreFiles) output.line(`  ${f.path}  ${f.selectors} rules`)
  }
  for (const error of plan.errors) output.note(`error: ${error.message}`)
  return plan.errors.length > 0 ? 1 : 0
}
