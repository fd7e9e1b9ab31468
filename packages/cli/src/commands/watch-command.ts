import { basename, join, relative, sep } from 'node:path'
import { defaultSkipDirectories, ignoreFileNames } from '@rag/session'
import { describeError } from '../errors.js'
import { configValue } from '../config/load-config.js'
import { DebouncedRunner } from './debounced-runner.js'
import { INDEX_DIRECTORY, PROJECT_CONFIG_FILE } from '../index/index-location.js'
import { FollowingIndex } from '../index/following-index.js'
import { openIndex } from '../index/open-index.js'
import { createProgressReporter } from '../output/progress.js'
import { rootForIndexing } from '../index/resolve-root.js'
import { configFor, lockWaitFor, type CommandContext } from './context.js'
import { reportJson, reportLine } from './index-command.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import { SkippedPaths } from './skipped-paths.js'

/** `.git/info/exclude` and the directories above it, relative to the root: watched although `.git` is skipped. */
const GIT_EXCLUDE = ['.git', join('.git', 'info'), join('.git', 'info', 'exclude')]

/**
 * A chokidar `ignored` test: the index directory and the default skip directories, at any depth,
 * except the root's `.git/info/exclude` (ignore rules, which a change must apply).
 */
export function watchIgnore(root: string, skipDirectories: readonly string[], extraNames: readonly string[]): (path: string) => boolean {
  const names = new Set([INDEX_DIRECTORY, ...skipDirectories, ...extraNames.filter((n) => !n.endsWith('*'))].map((n) => n.toLowerCase()))
  return (path) => {
    const rel = relative(root, path)
    if (rel === '' || rel.startsWith('..') || GIT_EXCLUDE.includes(rel)) return false
    return rel.split(sep).some((part) => names.has(part.toLowerCase()))
  }
}

/** Whether a changed path holds ignore rules (an ignore file anywhere, the root's `.git/info/exclude`): its change always counts. */
function holdsRules(root: string, path: string, ignoreFiles: ReadonlySet<string>): boolean {
  return ignoreFiles.has(basename(path)) || relative(root, path) === GIT_EXCLUDE[2]
}

const time = (): string => new Date().toTimeString().slice(0, 8)

/** The least a burst of changes may delay its run (see `DebouncedRunner`'s `maxWaitMs`): 10 quiet periods, at least this. */
const MIN_MAX_WAIT_MS = 2_000

/**
 * `rag watch [dir]`: indexes once, then re-indexes after every burst of changes (debounced by
 * `watch.debounceMs`, and a burst that goes on runs at least every 10 of those, 2 s at least).
 * Changes during a run (the first one too) are judged by that run's skips once it ends, and start
 * one more run when any counts. Changes to paths the last run skipped by rule (ignore files' rules,
 * `index.exclude`, default skips) start no run; changes to ignore files and the root's
 * `.git/info/exclude` always do. A change to the project's `rag.config.json` re-opens the index
 * with it before the next run (the watcher's own settings, `watch.debounceMs` and
 * `index.extraSkipNames`, stay as they were at start); so does another process giving the index other
 * code layers or another embedder (`rag index --no-layers`, `--embedder hash`), which the next runs keep. Each run is incremental: only changed files
 * are read and chunked. Runs until SIGINT or SIGTERM; a failed run is reported and the watch goes on.
 */
export async function watchCommand(context: CommandContext, dir: string | undefined): Promise<number> {
  const { output, signal } = context
  const location = rootForIndexing(dir, context.root, context.cwd)
  const config = configFor(context, location)
  const open = (settings: ReturnType<typeof configFor>): ReturnType<typeof openIndex> =>
    openIndex(location, settings, { mode: 'create', warn: output.note, env: context.env, writer: 'rag watch', lockWait: lockWaitFor(context) })
  // The configuration read above for the first opening; each later one reads it again.
  let unread: ReturnType<typeof configFor> | undefined = config
  const openNow = (): ReturnType<typeof openIndex> => {
    const settings = unread ?? configFor(context, location)
    unread = undefined
    return open(settings)
  }
  // Follows the layers and embedder another process gives the index (`rag index --no-layers`, `--embedder hash`).
  const index = await FollowingIndex.open(
    openNow,
    () => {
      if (output.json) output.emit({ event: 'index', message: 'the index was given other code layers or another embedder; the next runs follow it where the configuration names neither' })
      else output.line(`${time()} the index was given other code layers or another embedder (rag index): the next runs follow it where the configuration names neither`)
    },
  )
  const skipped = new SkippedPaths(location.root)
  // Set when the project's `rag.config.json` changed: the next run opens the index with it first.
  let configChanged = false
  // While a run goes on, changes wait for its skips (a run may un-ignore what the last one skipped).
  let running = false
  const changedDuringRun = new Set<string>()
  const reopen = async (): Promise<void> => {
    configChanged = false
    await index.reopen()
    if (output.json) output.emit({ event: 'config', file: location.projectConfig })
    else output.line(`${time()} ${PROJECT_CONFIG_FILE} changed: the next runs use it`)
  }
  const runOnce = async (initial: boolean): Promise<void> => {
    const progress = initial ? createProgressReporter(output) : undefined
    running = true
    try {
      // A bad configuration is reported as a failed run; the watch goes on with the one before.
      if (configChanged) await reopen()
      const report = await index.rag.indexDirectory(location.root, progress?.onProgress, { signal })
      progress?.done()
      skipped.update(report)
      running = false
      const changed = report.added + report.removed > 0 || report.stats.chunked > 0
      if (output.json) output.emit({ event: 'done', initial, ...reportJson(report) })
      else if (initial || changed) output.line(`${time()} ${initial ? 'indexed' : 're-indexed'} ${reportLine(report)}`)
    } catch (error) {
      running = false
      progress?.done()
      if (signal.aborted) return
      if (output.json) output.emit({ event: 'error', message: describeError(error) })
      else output.note(`${time()} error: ${escapeTerminal(describeError(error))}`)
    }
  }

  try {
    // Loaded here so that other commands never pay for them.
    const [{ watch }, skipDirectories, ruleFiles] = await Promise.all([import('chokidar'), defaultSkipDirectories(), ignoreFileNames()])
    const ignoreFiles = new Set(ruleFiles)
    // A change counts unless the last run skipped its path by rule; rules themselves always count.
    const counts = (path: string): boolean => path === location.projectConfig || holdsRules(location.root, path, ignoreFiles) || !skipped.has(path)
    const debounceMs = configValue<number>(config, 'watch.debounceMs')
    // A file that never stops changing (a log the app writes) still lets a run through every few seconds.
    // What changed while a run went on, judged by that run's skips: one more run when any of it counts.
    const changedDuring = (): boolean => {
      const again = [...changedDuringRun].some(counts)
      changedDuringRun.clear()
      return again
    }
    const runner: DebouncedRunner = new DebouncedRunner(
      async () => {
        await runOnce(false)
        if (changedDuring()) runner.trigger()
      },
      debounceMs,
      Math.max(MIN_MAX_WAIT_MS, 10 * debounceMs),
    )
    // Watching starts before the first run, so that what changes while it runs (a long first
    // index) is seen and indexed right after it. Symbolic links are not followed, as indexing never follows them.
    const watcher = watch(location.root, {
      ignored: watchIgnore(location.root, skipDirectories, configValue<string[]>(config, 'index.extraSkipNames')),
      ignoreInitial: true,
      persistent: true,
      followSymlinks: false,
    })
    // (Before `ready`, chokidar still reports a symbolic link it does not follow as added: not a change.)
    let ready = false
    watcher.on('all', (_event, path) => {
      if (!ready) return
      if (path === location.projectConfig) configChanged = true
      // Judged by the skips of the run under way (the first one too), once it ends.
      if (running) changedDuringRun.add(path)
      // A path the last run skipped by rule (ignored, excluded, a default skip) cannot change the index.
      else if (counts(path)) runner.trigger()
    })
    watcher.on('error', (error) => output.note(`${time()} watch error: ${escapeTerminal(describeError(error))}`))
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()))
    ready = true
    await runOnce(true)
    if (signal.aborted) {
      await watcher.close()
      return 0
    }
    if (changedDuring()) runner.trigger()
    if (output.json) output.emit({ event: 'watching', root: location.root })
    else output.note(`Watching ${escapeTerminal(location.root)} for changes (Ctrl+C to stop).`)
    await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
    await watcher.close()
    await runner.close()
    return 0
  } finally {
    await index.close()
  }
}
