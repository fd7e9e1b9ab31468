import type { EmbedderKind, IndexReport, VectorReport } from '@rag/session'
import { INDEX_DIRECTORY } from '../index/index-location.js'
import { openIndex } from '../index/open-index.js'
import { createProgressReporter } from '../output/progress.js'
import { createEmbedProgress } from '../output/embed-progress.js'
import { rootForIndexing } from '../index/resolve-root.js'
import { configFor, lockWaitFor, type CommandContext } from './context.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import { configValue } from '../config/load-config.js'

/** Options of `rag index`. */
export interface IndexCommandOptions {
  readonly force?: boolean
  readonly verify?: boolean
  /** `--layers` (true) / `--no-layers` (false): config `index.layers`. */
  readonly layers?: boolean
  /** `--embedder`: the vector stream's embedder (config `embedder.kind`). */
  readonly embedder?: EmbedderKind
}

/** Skipped paths, without the index's own directory (always skipped, never news). */
function skippedCount(report: IndexReport): number {
  return report.skipped.filter((s) => s.path !== INDEX_DIRECTORY).length
}

/** The summary of one run as `--json` prints it (the `done` event). */
export function reportJson(report: IndexReport): Record<string, unknown> {
  return {
    root: report.root,
    added: report.added,
    removed: report.removed,
    stats: report.stats,
    repaired: report.repaired ?? null,
    verified: report.verified === true,
    skipped: skippedCount(report),
    failed: report.failed,
    warnings: report.warnings,
    vectors: report.vectors ?? null,
    elapsedMs: report.elapsedMs,
    commitMs: report.commitMs,
  }
}

/** What a run embedded, for a human. */
export function vectorLine(vectors: VectorReport): string {
  const reused = vectors.reused > 0 ? `, ${vectors.reused} reused unchanged` : ''
  return `Vectors (${vectors.embedder}, ${vectors.dimensions} dimensions): ${vectors.embedded} chunk${vectors.embedded === 1 ? '' : 's'} embedded${reused}${vectors.rebuilt ? ` (${vectors.rebuilt})` : ''}.`
}

/** One human line for a run. */
export function reportLine(report: IndexReport): string {
  const { stats } = report
  const reused = stats.statReused + stats.unchanged
  const parts = [`${stats.chunked} chunked`, `${reused} unchanged`]
  if (stats.removed > 0) parts.push(`${stats.removed} removed`)
  if (stats.kept > 0) parts.push(`${stats.kept} kept after read errors`)
  return `${stats.files} files (${parts.join(', ')}), +${report.added} -${report.removed} chunks in ${(report.elapsedMs / 1000).toFixed(1)} s (commit ${(report.commitMs / 1000).toFixed(1)} s)`
}

/** What a run repaired, for a human. */
export function repairLine(repaired: NonNullable<IndexReport['repaired']>): string {
  const parts: string[] = []
  if (repaired.missingChunks > 0) parts.push(`${repaired.missingChunks} missing chunk${repaired.missingChunks === 1 ? '' : 's'} restored by re-chunking ${repaired.files.length} file${repaired.files.length === 1 ? '' : 's'}`)
  if (repaired.orphanChunks > 0) parts.push(`${repaired.orphanChunks} chunk${repaired.orphanChunks === 1 ? '' : 's'} no file owns removed`)
  return `Repaired the index: ${parts.join('; ')}.`
}

/** `rag index [dir]`: index (or update) the directory's index in `<dir>/.rag/`. */
export async function indexCommand(context: CommandContext, dir: string | undefined, options: IndexCommandOptions): Promise<number> {
  const { output } = context
  const location = rootForIndexing(dir, context.root, context.cwd)
  const layers = options.layers === undefined ? undefined : options.layers ? 'on' : 'off'
  const flags = {
    'index.layers': { value: layers, flag: options.layers === false ? '--no-layers' : '--layers' },
    'embedder.kind': { value: options.embedder, flag: '--embedder' },
  }
  const config = configFor(context, location, flags)
  const index = await openIndex(location, config, { mode: 'create', warn: output.note, writer: 'rag index', lockWait: lockWaitFor(context), env: context.env })
  const progress = createProgressReporter(output)
  try {
    const report = await index.rag.indexDirectory(location.root, progress.onProgress, {
      signal: context.signal,
      force: options.force === true,
      verify: options.verify === true,
      onEmbedProgress: createEmbedProgress(output),
    })
    progress.done()
    // `--embedder none` (or embedder.kind "none") removes the vectors an earlier run stored, so the
    // index is searched without them from then on, not only by this run.
    const store = index.store as Partial<{ dropVectors(): Promise<boolean> }>
    const dropped = configValue<string | undefined>(config, 'embedder.kind') === 'none' && typeof store.dropVectors === 'function' && (await store.dropVectors())
    if (output.json) {
      output.emit({ event: 'done', ...reportJson(report), ...(dropped ? { vectorsDropped: true } : {}) })
    } else {
      output.line(`Indexed ${escapeTerminal(report.root)}: ${reportLine(report)}`)
      if (report.vectors) output.line(vectorLine(report.vectors))
      if (dropped) output.line('Vectors: removed (embedder none); `rag index --embedder static` (or another kind) adds them again.')
      if (report.repaired) output.line(repairLine(report.repaired))
      else if (report.verified) output.line('Verified: every chunk is owned by an indexed file and every file was read and hashed; nothing needed repair.')
      const skipped = skippedCount(report)
      if (skipped > 0) output.line(`${skipped} path${skipped === 1 ? '' : 's'} skipped (\`rag plan\` lists them with reasons).`)
      for (const failed of report.failed) output.note(`warning: ${escapeTerminal(failed.path)} could not be read (${failed.code}); it keeps its previous chunks.`)
      for (const warning of report.warnings) output.note(`warning: ${escapeTerminal(warning.message)}`)
    }
    return 0
  } finally {
    progress.done()
    await index.close()
  }
}
