import { lstatSync, type Stats } from 'node:fs'
import { readlink } from 'node:fs/promises'
import { join } from 'node:path'
import { CancelledError, LimitExceededError, type RagError } from '@rag/core'
import type { NameSkipper } from './default-skips.js'
import { binaryExtension } from './format-detection.js'
import type { IgnoreCompileOptions, IgnoreRuleWarning } from './ignore/ignore-file.js'
import { IgnoreStack, type IgnoreMatch, type IgnoreVerdict } from './ignore/ignore-stack.js'
import { ignoreFileName, readDirectoryIgnoreFiles, readGitCheckout, type IgnoreReader } from './ignore/read-ignore-files.js'
import { limitError, type Limits } from './limits.js'
import { listDirectory, type ListedEntry } from './list-directory.js'
import { toFileStat, type FileStat } from './read-file.js'
import type { Selectors } from './selectors.js'
import type { EntryType, SkippedEntry, SkipReason } from './skips.js'

/** Inputs of {@link walk}. */
export interface WalkOptions {
  /** Absolute, symlink-free path of the root directory. */
  readonly root: string
  readonly limits: Limits
  readonly skipNames: NameSkipper
  readonly selectors: Selectors
  /** Case sensitivity and the meaning of `!` in ignore files. */
  readonly ignore: IgnoreCompileOptions
  /** `throw`: stop at the first configuration or limit error. `collect`: record it and go on where possible (dry runs). */
  readonly onError: 'throw' | 'collect'
  readonly signal?: AbortSignal
}

/** A regular file the walk admits to extraction. */
export interface WalkedFile {
  /** Path relative to the root, `/`-separated. */
  readonly path: string
  /** `lstat` of the entry during the walk. */
  readonly stat: FileStat
  /** The `!` rule that re-included it, when one matched (what `git check-ignore -v` shows). */
  readonly reincludedBy?: IgnoreMatch
  /** The rule that would ignore it, which does not apply because git tracks the file (gitignore(5)). */
  readonly trackedDespite?: IgnoreMatch
}

/** What the walk found. Lists are sorted by path. */
export interface WalkResult {
  readonly files: WalkedFile[]
  readonly skipped: SkippedEntry[]
  /** Every ignore file read, with its rule count (`.git/info/exclude` included). */
  readonly ignoreFiles: { readonly path: string; readonly selectors: number }[]
  /** Ignore rules read but not applied, with file and line. */
  readonly ignoreWarnings: IgnoreRuleWarning[]
  /** Directories that could not be listed: files below them keep their previous chunks. */
  readonly unreadableDirectories: string[]
  /** Entries that survived the skip rules (counted against `maxEntries`). */
  readonly entries: number
  /** Configuration and limit errors (only in `collect` mode; `throw` mode throws the first). */
  readonly errors: RagError[]
  /** Why the checkout's index, which says which files git tracks, could not be read (ignore rules then applied to every file). */
  readonly gitIndexUnreadable?: { readonly file: string; readonly message: string }
}

interface Pending {
  readonly dir: string
  readonly depth: number
  readonly stack: IgnoreStack
  /** The rule that ignores this directory, entered only for the files git tracks below it: every other entry is ignored by it. */
  readonly ignoredBy?: IgnoreVerdict
}

const CONCURRENCY = 8

/** Whether `path` (relative to `root`) names an entry, without following a final symbolic link. */
function existsUnder(root: string, path: string): boolean {
  try {
    lstatSync(join(root, path))
    return true
  } catch {
    return false
  }
}

function byPath<T extends { path: string }>(a: T, b: T): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}

/**
 * Walks `root` with fast-glob one directory at a time, never following symbolic links, so that
 * each directory's `.gitignore` / `.tnsignore` is read before its entries are judged and an
 * ignored or skipped directory is never entered (nor are its ignore files read), as in git. The
 * root checkout's `.git/info/exclude` applies below every ignore file. Per entry, in order:
 * default and extra name skips, ignore rules, `exclude`, the `maxEntries` and `maxDepth` caps,
 * the entry type (symbolic links and special files are reported, never followed or read), then
 * for files `include`, the per-file size bound, the binary-extension check and `maxFiles`.
 *
 * @throws ConfigError / LimitExceededError (`throw` mode), CancelledError when `signal` aborts,
 *   RagError `IO` when an ignore file cannot be read (its rules are unknown, so nothing is safe).
 */
export async function walk(options: WalkOptions): Promise<WalkResult> {
  const { root, limits, skipNames, selectors, onError, signal } = options
  const files: WalkedFile[] = []
  const skipped: SkippedEntry[] = []
  const ignoreFiles: { path: string; selectors: number }[] = []
  const ignoreWarnings: IgnoreRuleWarning[] = []
  const unreadableDirectories: string[] = []
  const errors: RagError[] = []
  const reported = new Set<string>()
  let entries = 0
  let fatal: unknown
  let stopped = false

  const fail = (error: RagError, stop = false): void => {
    if (onError === 'throw') {
      fatal ??= error
      stopped = true
      return
    }
    const key = error instanceof LimitExceededError ? `limit:${error.limit}` : error.message
    if (!reported.has(key)) errors.push(error)
    reported.add(key)
    if (stop) stopped = true
  }

  const skip = (path: string, type: EntryType, reason: SkipReason): void => {
    skipped.push({ path, type, reason })
  }

  const reader: IgnoreReader = { root, limits, options: options.ignore, fail: (error) => fail(error) }
  const { ignoreCase } = options.ignore
  // The checkout's own list and the files git tracks, which no ignore rule affects.
  const checkout = await readGitCheckout(reader)
  if (fatal !== undefined) throw fatal
  // Every ignore file read goes into the result with its rule count and warnings.
  const record = <T extends { path: string; selectors: number; warnings: readonly IgnoreRuleWarning[] }>(read: T[]): T[] => {
    for (const file of read) {
      ignoreFiles.push({ path: file.path, selectors: file.selectors })
      ignoreWarnings.push(...file.warnings)
    }
    return read
  }

  const visit = async ({ dir, depth, stack: parentStack, ignoredBy }: Pending, queue: Pending[]): Promise<void> => {
    if (signal?.aborted) {
      fatal ??= new CancelledError('The index run was cancelled during the walk; nothing was committed.')
      stopped = true
      return
    }
    let listed: ListedEntry[]
    try {
      listed = await listDirectory(dir === '' ? root : join(root, dir))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO'
      // Gone since its parent was listed (none is silent: it is reported, as a file would be).
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        skip(dir, 'directory', { kind: 'vanished' })
        return
      }
      unreadableDirectories.push(dir)
      skip(dir, 'directory', { kind: 'unreadable', code })
      return
    }
    // (In an ignored directory git reads no ignore file: only tracked files are there for it.)
    const ignoreNames = new Map<string, string>()
    if (!ignoredBy) {
      for (const e of listed) {
        const name = e.dirent.isFile() ? ignoreFileName(e.name, ignoreCase) : undefined
        if (name !== undefined && !ignoreNames.has(name)) ignoreNames.set(name, e.name)
      }
    }
    const stack = ignoreNames.size > 0 ? parentStack.push(record(await readDirectoryIgnoreFiles(reader, dir, ignoreNames))) : parentStack
    if (stopped) return

    for (const entry of listed) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`
      const dirent = entry.dirent
      const isDirectory = dirent.isDirectory()
      const type: EntryType = dirent.isSymbolicLink() ? 'symlink' : isDirectory ? 'directory' : dirent.isFile() ? 'file' : 'other'

      // A name that is not UTF-8 comes with U+FFFD and cannot be opened so; a real U+FFFD can.
      if (entry.name.includes('\uFFFD') && !existsUnder(root, path)) {
        skip(path, type, { kind: 'name-not-utf8' })
        continue
      }
      const named = skipNames(entry.name, isDirectory)
      if (named) {
        skip(path, type, named.source === 'default' ? { kind: 'default-skip', name: named.name } : { kind: 'extra-skip', name: named.name })
        continue
      }
      const verdict = ignoredBy ?? stack.verdict(path, isDirectory)
      // A file git tracks is not affected by ignore rules; a directory holding one is entered for it.
      const tracked = verdict?.ignored === true && checkout.tracked?.has(path, isDirectory && type === 'directory') === true
      if (verdict?.ignored && !tracked) {
        skip(path, type, { kind: 'ignored', file: verdict.file, line: verdict.line, pattern: verdict.pattern })
        continue
      }
      const excluded = selectors.excluded(path, isDirectory)
      if (excluded !== undefined) {
        skip(path, type, { kind: 'excluded', pattern: excluded })
        continue
      }

      entries++
      if (entries > limits.maxEntries) {
        fail(limitError('maxEntries', limits.maxEntries, entries, `The walk of ${root} found more entries than allowed (stopped at ${path})`), true)
        return
      }
      if (depth + 1 > limits.maxDepth) {
        fail(limitError('maxDepth', limits.maxDepth, depth + 1, `Path ${path} is too deep`))
        if (stopped) return
        continue
      }

      if (type === 'symlink') {
        const target = await readlink(join(root, path)).catch(() => undefined)
        skip(path, type, target === undefined ? { kind: 'symlink' } : { kind: 'symlink', target })
      } else if (type === 'directory') {
        queue.push(tracked ? { dir: path, depth: depth + 1, stack, ignoredBy: verdict } : { dir: path, depth: depth + 1, stack })
      } else if (type === 'other') {
        skip(path, type, { kind: 'not-regular' })
      } else if (ignoreFileName(entry.name, ignoreCase) !== undefined) {
        skip(path, type, { kind: 'ignore-file' })
      } else if (!selectors.included(path)) {
        skip(path, type, { kind: 'not-included' })
      } else {
        const binary = binaryExtension(path)
        if (binary !== undefined) {
          skip(path, type, { kind: 'binary', detail: `extension .${binary}` })
          continue
        }
        // Synchronous lstat: a few microseconds on a warm cache, several times cheaper than the
        // thread-pool round trip of the async call, and it blocks for one directory's files only.
        let stats: Stats
        try {
          stats = lstatSync(join(root, path))
        } catch {
          skip(path, type, { kind: 'vanished' })
          continue
        }
        if (!stats.isFile()) {
          skip(path, 'other', { kind: 'not-regular' })
          continue
        }
        if (stats.size > limits.maxFileBytes) {
          skip(path, type, { kind: 'too-large', max: limits.maxFileBytes, actual: stats.size })
          continue
        }
        const rule = verdict ? { file: verdict.file, line: verdict.line, pattern: verdict.pattern } : undefined
        files.push(rule === undefined ? { path, stat: toFileStat(stats) } : tracked ? { path, stat: toFileStat(stats), trackedDespite: rule } : { path, stat: toFileStat(stats), reincludedBy: rule })
        if (files.length > limits.maxFiles) {
          fail(limitError('maxFiles', limits.maxFiles, files.length, `The source ${root} has more files than allowed`))
          if (stopped) return
        }
      }
    }
  }

  const queue: Pending[] = [{ dir: '', depth: 0, stack: new IgnoreStack(record(checkout.exclude ? [checkout.exclude] : [])) }]
  const active = new Set<Promise<void>>()
  while (!stopped && (queue.length > 0 || active.size > 0)) {
    while (!stopped && queue.length > 0 && active.size < CONCURRENCY) {
      const task: Promise<void> = visit(queue.shift()!, queue)
        .catch((error: unknown) => {
          fatal ??= error
          stopped = true
        })
        .finally(() => active.delete(task))
      active.add(task)
    }
    if (active.size > 0) await Promise.race(active)
  }
  await Promise.all(active)
  if (fatal !== undefined) throw fatal

  files.sort(byPath)
  skipped.sort(byPath)
  ignoreFiles.sort(byPath)
  ignoreWarnings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))
  unreadableDirectories.sort()
  // Directories are visited concurrently: order the collected errors so a plan reads the same every run.
  errors.sort((a, b) => (a.message < b.message ? -1 : a.message > b.message ? 1 : 0))
  return { files, skipped, ignoreFiles, ignoreWarnings, unreadableDirectories, entries, errors, ...(checkout.trackedUnreadable ? { gitIndexUnreadable: checkout.trackedUnreadable } : {}) }
}
