import { relative, sep } from 'node:path'
import type { IndexReport } from '@rag/session'

/**
 * Why a skip is the index's choice, whatever the file holds: an ignore rule, a default or extra
 * skip name, an `exclude` glob, or not being `include`d. A change there cannot change the index,
 * as long as the rules stay (a change to an ignore file is no such path: it is read every run).
 * Other skips (binary, too large, a symbolic link, unreadable) depend on the file and may end.
 */
const BY_RULE = new Set(['ignored', 'default-skip', 'extra-skip', 'excluded', 'not-included'])

/**
 * The paths the last index run skipped by rule, for `rag watch`: a change at one of them, or below
 * a directory among them, starts no run (an app's log written into an ignored `logs/`, which a
 * `rag watch > logs/watch.log` inside the root would otherwise turn into a run every few seconds).
 * Paths the last run did not see (a new file an ignore pattern matches) still start one run, after
 * which they are known.
 */
export class SkippedPaths {
  readonly #watched: string
  #walked: string
  #files = new Set<string>()
  #directories = new Set<string>()

  /** @param watched the root as the watcher was given it (its events' paths start with it). */
  constructor(watched: string) {
    this.#watched = watched
    this.#walked = watched
  }

  /** Takes the skips of a finished run (`report.root` is the real path the walk read). */
  update(report: Pick<IndexReport, 'root' | 'skipped'>): void {
    this.#walked = report.root
    this.#files = new Set()
    this.#directories = new Set()
    for (const { path, type, reason } of report.skipped) {
      if (!BY_RULE.has(reason.kind)) continue
      if (type === 'directory') this.#directories.add(path)
      else this.#files.add(path)
    }
  }

  /** `true` when `path` (absolute, as the watcher reports it) is one of the skips or below a skipped directory. */
  has(path: string): boolean {
    const rel = relativeTo(path, this.#watched) ?? relativeTo(path, this.#walked)
    if (rel === undefined) return false
    if (this.#files.has(rel) || this.#directories.has(rel)) return true
    for (let at = rel.indexOf('/'); at > 0; at = rel.indexOf('/', at + 1)) {
      if (this.#directories.has(rel.slice(0, at))) return true
    }
    return false
  }
}

function relativeTo(path: string, root: string): string | undefined {
  const rel = relative(root, path)
  if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) return undefined
  return sep === '/' ? rel : rel.split(sep).join('/')
}
