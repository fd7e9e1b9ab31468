import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs'
import { resolve } from 'node:path'
import { RagError } from '@rag/core'
import { findIndexRoot, indexLocation, type IndexLocation } from './index-location.js'

function kindOf(stats: Stats): string {
  if (stats.isFile()) return 'a file'
  if (stats.isFIFO()) return 'a FIFO (named pipe)'
  if (stats.isSocket()) return 'a socket'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  return 'not a directory'
}

/**
 * Checks that `path` is a directory the CLI can read and returns it absolute.
 *
 * @throws RagError `NOT_FOUND` (missing, or a symbolic link to nothing), `INVALID_ARGUMENT` (a
 *   file, FIFO, socket or device), `IO` (cannot be listed); each one sentence naming the path.
 */
export function checkDirectory(path: string, cwd: string = process.cwd()): string {
  const absolute = resolve(cwd, path)
  let link: Stats
  try {
    link = lstatSync(absolute)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new RagError('NOT_FOUND', `${path} does not exist; expected a directory to index.`)
    throw new RagError('IO', `${path} cannot be examined (${code ?? 'error'}); expected a readable directory.`, { cause: error })
  }
  let stats = link
  if (link.isSymbolicLink()) {
    try {
      stats = statSync(absolute)
    } catch (error) {
      throw new RagError('NOT_FOUND', `${path} is a symbolic link whose target cannot be reached (${(error as NodeJS.ErrnoException).code ?? 'error'}); expected a directory.`)
    }
  }
  if (!stats.isDirectory()) {
    const hint = stats.isFile() ? '; index the directory that contains it' : ''
    throw new RagError('INVALID_ARGUMENT', `${path} is ${kindOf(stats)}, not a directory${hint}.`)
  }
  try {
    readdirSync(absolute)
  } catch (error) {
    throw new RagError('IO', `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); expected a readable directory.`, { cause: error })
  }
  return absolute
}

/**
 * The root of a command that may create an index (`index`, `plan`, `watch`): the directory
 * argument, else `--root`, else the nearest indexed directory at or above `cwd`, else `cwd`.
 */
export function rootForIndexing(dir: string | undefined, root: string | undefined, cwd: string): IndexLocation {
  const chosen = dir ?? root ?? findIndexRoot(cwd) ?? cwd
  return indexLocation(checkDirectory(chosen, cwd))
}

/**
 * The root of a command that needs an existing index: `--root`, else the nearest directory at or
 * above `cwd` that holds `.rag/index.db` (like git finds `.git`).
 *
 * @throws RagError `NOT_FOUND` when there is no index.
 */
export function rootOfExistingIndex(root: string | undefined, cwd: string): IndexLocation {
  if (root !== undefined) {
    const location = indexLocation(checkDirectory(root, cwd))
    if (findIndexRoot(location.root) !== location.root) {
      throw new RagError('NOT_FOUND', `No index at ${location.database}; run \`rag index ${root}\` first.`)
    }
    return location
  }
  const found = findIndexRoot(cwd)
  if (found === undefined) throw new RagError('NOT_FOUND', `No index found in ${resolve(cwd)} or any parent directory; run \`rag index <dir>\` first.`)
  return indexLocation(found)
}

/** The root whose configuration `rag config` shows: `--root`, else the nearest index, else `cwd`. */
export function rootForConfig(root: string | undefined, cwd: string): IndexLocation {
  return indexLocation(resolve(cwd, root ?? findIndexRoot(cwd) ?? cwd))
}
