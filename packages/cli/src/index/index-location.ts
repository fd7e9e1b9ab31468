import { existsSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** The directory, under the indexed root, that holds the index (skipped by ingest by default). */
export const INDEX_DIRECTORY = '.rag'
/** The SQLite file inside {@link INDEX_DIRECTORY}. */
export const INDEX_FILE = 'index.db'
/**
 * The marker inside {@link INDEX_DIRECTORY} of a root whose index lives in PostgreSQL
 * (`store.url`): the project it indexes into (never the URL or a credential), so later commands
 * find the root as they find `index.db`.
 */
export const POSTGRES_MARKER = 'postgres.json'
/** The project configuration file, at the indexed root. */
export const PROJECT_CONFIG_FILE = 'rag.config.json'

/** Where one root's index and configuration live. */
export interface IndexLocation {
  /** The indexed root (absolute). */
  readonly root: string
  /** `<root>/.rag` */
  readonly directory: string
  /** `<root>/.rag/index.db` */
  readonly database: string
  /** `<root>/rag.config.json` */
  readonly projectConfig: string
}

/** The paths of the index of `root`. */
export function indexLocation(root: string): IndexLocation {
  const absolute = resolve(root)
  const directory = join(absolute, INDEX_DIRECTORY)
  return { root: absolute, directory, database: join(directory, INDEX_FILE), projectConfig: join(absolute, PROJECT_CONFIG_FILE) }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/**
 * The nearest directory at or above `start` that holds an index (`.rag/` with `index.db`, or the
 * marker of an index in PostgreSQL), like
 * git finds `.git`; `undefined` when there is none up to the file-system root.
 */
export function findIndexRoot(start: string): string | undefined {
  let dir = resolve(start)
  for (;;) {
    if (isDirectory(join(dir, INDEX_DIRECTORY)) && (existsSync(join(dir, INDEX_DIRECTORY, INDEX_FILE)) || existsSync(join(dir, INDEX_DIRECTORY, POSTGRES_MARKER)))) return dir
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}
