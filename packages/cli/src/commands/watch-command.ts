import { relative, sep } from 'node:path'
import { defaultSkipDirectories } from '@rag/session'
import { describeError } from '../errors.js'
import { configValue } from '../config/load-config.js'
import { DebouncedRunner } from './debounced-runner.js'
import { INDEX_DIRECTORY, PROJECT_CONFIG_FILE } from '../index/index-location.js'
import { openIndex } from '../index/open-index.js'
import { createProgressReporter } from '../output/progress.js'
import { rootForIndexing } from '../index/resolve-root.js'
import { configFor, lockWaitFor, type CommandContext } from './context.js'
import { reportJson, reportLine } from './index-command.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import { SkippedPaths } from './skipped-paths.js'

/** A chokidar `ignored` test: the index directory and the default skip directories, at any depth. */
export function watchIgnore(root: string, skipDirectories: readonly string[], extraNames: readonly string[]): (path: string) => boolean {
  const names = new Set([INDEX_DIRECTORY, ...skipDirectories, ...extraNames.filter((n) => !n.endsWith('*'))].map((n) => n.toLowerCase()))
  return (path) => {
    const rel = relative(root, path)
    if (rel === '' || rel.startsWith('..')) return false
    return rel.split(sep).some((part) => names.has(part.toLowerCase()))
  }
}

const time = (): string => new Date().toTimeString().slice(0, 8)

/** The least a burst of changes may delay its run (see `DebouncedRunner`'s `maxWaitMs`): 10 quiet periods, at least this. */
const MIN_MAX_WAIT_MS = 2_000

/**
 * `rag watch [dir]`: indexes once, then re-indexes after every burst of changes (debounced by
 * `watch.debounceMs`, and a burst that goes on runs at least every 10 of those, 2 s at least).
 * Changes during the first run are indexed right after it. Changes to paths the last run skipped
 * by rule (ignore files' rules, `index.exclude`, default skips) start no run. A change to the
 * project's `rag.config.json` re-opens the index with it before the next run (the watcher's own
 * settings, `watch.debounceMs` and `index.extraSkipNames`, stay as they were at start). Each run
 * is incremental: only changed files are read and chunked. Runs until SIGINT or SIGTERM; a failed
 * run is reported and the watch goes on.
 */
export async function watchCommand(context: CommandContext, dir: string | undefined): Promise<number> {
  const { output, signal } = context
  const location = rootForIndexing(dir, context.root, context.cwd)
  const config = configFor(context, location)
  const open = (settings: typeof config): ReturnType<typeof openIndex> =>
    openIndex(location, settings, { mode: 'create', warn: output.note, env: context.env, writer: 'rag watch', lockWait: lockWaitFor(context) })
  let index = await open(config)
  const skipped = new SkippedPaths(location.root)
  // Set when the project's `rag.config.json` changed: the next run opens the index with it first.
  let configChanged = false
  const reopen = async (): Promise<void> => {
    configChanged = false
    const next = await open(configFor(context, location))
    await index.close()
    index = next
    if (output.json) output.emit({ event: 'config', file: location.projectConfig })
    else output.line(`${time()} ${PROJECT_CONFIG_FILE} changed: the next runs use it`)
  }
  const runOnce = async (initial: boolean): Promise<void> => {
    const progress = initial ? createProgressReporter(output) : undefined
    try {
      // A bad configuration is reported as a failed run; the watch goes on with the one before.
      if (configChanged) await reopen()
      const report = await index.rag.indexDirectory(location.root, progress?.onProgress, { signal })
      progress?.done()
      skipped.update(report)
      const changed = report.added + report.removed > 0 || report.stats.chunked > 0
      if (output.json) output.emit({ event: 'done', initial, ...reportJson(report) })
      else if (initial || changed) output.line(`${time()} ${initial ? 'indexed' : 're-indexed'} ${reportLine(report)}`)
    } catch (error) {
      progress?.done()
      if (signal.aborted) return
      if (output.json) output.emit({ event: 'error', message: describeError(error) })
      else output.note(`${time()} error: ${escapeTerminal(describeError(error))}`)
    }
  }

  try {
    // Loaded here so that other commands never pay for them.
    const [{ watch }, skipDirectories] = await Promise.all([import('chokidar'), defaultSkipDirectories()])
    const debounceMs = configValue<number>(config, 'watch.debounceMs')
    // A file that never stops changing (a log the app writes) still lets a run through every few seconds.
    const runner = new DebouncedRunner(() => runOnce(false), debounceMs, Math.max(MIN_MAX_WAIT_MS, 10 * debounceMs))
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
    let first = true
    let changedDuringFirst = false
    watcher.on('all', (_event, path) => {
      if (!ready) return
      if (path === location.projectConfig) configChanged = true
      // A path the last run skipped by rule (ignored, excluded, a default skip) cannot change the index.
      else if (skipped.has(path)) return
      if (first) changedDuringFirst = true
      else runner.trigger()
    })
    watcher.on('error', (error) => output.note(`${time()} watch error: ${escapeTerminal(describeError(error))}`))
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()))
    ready = true
    await runOnce(true)
    first = false
    if (signal.aborted) {
      await watcher.close()
      return 0
    }
    if (changedDuringFirst) runner.trigger()
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
