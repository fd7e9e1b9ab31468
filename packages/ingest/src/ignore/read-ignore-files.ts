import { join } from 'node:path'
import { RagError } from '@rag/core'
import { limitError, type Limits } from '../limits.js'
import { readRegularFile } from '../read-file.js'
import { findGitExclude } from './git-exclude.js'
import { compileIgnoreFile, type IgnoreCompileOptions, type IgnoreFile } from './ignore-file.js'

/**
 * The ignore file names read in every directory, in this order: a `.tnsignore` rule takes
 * precedence over a `.gitignore` rule of the same directory, as if it came after it.
 */
export const IGNORE_FILE_NAMES: readonly string[] = Object.freeze(['.gitignore', '.tnsignore'])

/** What reading ignore files needs from the walk. */
export interface IgnoreReader {
  /** Absolute, symlink-free root. */
  readonly root: string
  /** `maxIgnoreFileBytes` and `maxIgnoreSelectors` apply. */
  readonly limits: Limits
  /** Case sensitivity and negation. */
  readonly options: IgnoreCompileOptions
  /** Receives a configuration, limit or I/O error (the walk throws or collects it). */
  fail(error: RagError): void
}

async function readOne(reader: IgnoreReader, absolutePath: string, label: string, dir: string): Promise<IgnoreFile | undefined> {
  const { limits } = reader
  const outcome = await readRegularFile(absolutePath, limits.maxIgnoreFileBytes)
  if (outcome.ok) {
    try {
      return compileIgnoreFile(label, dir, outcome.bytes, limits, reader.options)
    } catch (error) {
      reader.fail(error as RagError)
    }
  } else if (outcome.kind === 'too-large') {
    reader.fail(limitError('maxIgnoreFileBytes', limits.maxIgnoreFileBytes, outcome.size, `Ignore file ${label} is too large`))
  } else if (outcome.kind === 'failed') {
    reader.fail(new RagError('IO', `Ignore file ${label} cannot be read (${outcome.code}): ${outcome.message}; its rules are unknown, so nothing was indexed.`))
  }
  return undefined
}

/**
 * Reads and compiles the ignore files of directory `dir` (relative to the root) that `names`
 * lists as regular files, in {@link IGNORE_FILE_NAMES} order. A file that fails is reported
 * through `reader.fail` and left out.
 */
export async function readDirectoryIgnoreFiles(reader: IgnoreReader, dir: string, names: ReadonlySet<string>): Promise<IgnoreFile[]> {
  const files: IgnoreFile[] = []
  for (const name of IGNORE_FILE_NAMES) {
    if (!names.has(name)) continue
    const path = dir === '' ? name : `${dir}/${name}`
    const file = await readOne(reader, join(reader.root, path), path, dir)
    if (file) files.push(file)
  }
  return files
}

/** The root checkout's `.git/info/exclude`, compiled, when there is one (see `findGitExclude`). */
export async function readGitExclude(reader: IgnoreReader): Promise<IgnoreFile | undefined> {
  const found = await findGitExclude(reader.root)
  return found ? readOne(reader, found.absolutePath, found.label, '') : undefined
}
