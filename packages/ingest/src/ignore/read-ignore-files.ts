import { readFile, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { RagError } from '@rag/core'
import { limitError, type Limits } from '../limits.js'
import { readRegularFile } from '../read-file.js'
import { findGitCheckout } from './git-checkout.js'
import { compileIgnoreFile, type IgnoreCompileOptions, type IgnoreFile } from './ignore-file.js'
import { TrackedFiles } from './tracked-files.js'

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
 * The ignore file name an entry of a directory listing is (`.gitignore`, `.tnsignore`), or
 * `undefined`: by exact name, or ignoring ASCII case when ignore rules do (`core.ignorecase`, where
 * `.GITIGNORE` is the file git opens as `.gitignore`); elsewhere `.GITIGNORE` is an ordinary file.
 */
export function ignoreFileName(name: string, ignoreCase: boolean): string | undefined {
  const canonical = ignoreCase ? name.toLowerCase() : name
  return IGNORE_FILE_NAMES.includes(canonical) ? canonical : undefined
}

/**
 * Reads and compiles the ignore files of directory `dir` (relative to the root) that `names` maps
 * (each ignore file name to the entry's own name, see {@link ignoreFileName}) as regular files, in
 * {@link IGNORE_FILE_NAMES} order. A file that fails is reported through `reader.fail` and left out.
 */
export async function readDirectoryIgnoreFiles(reader: IgnoreReader, dir: string, names: ReadonlyMap<string, string>): Promise<IgnoreFile[]> {
  const files: IgnoreFile[] = []
  for (const name of IGNORE_FILE_NAMES) {
    const entry = names.get(name)
    if (entry === undefined) continue
    const path = dir === '' ? entry : `${dir}/${entry}`
    const file = await readOne(reader, join(reader.root, path), path, dir)
    if (file) files.push(file)
  }
  return files
}

/** The largest git index read (a checkout of a million files has one of about 100 MB). */
const MAX_INDEX_BYTES = 512 * 1024 * 1024

/** What the checkout whose top is the root says about its files, beside its ignore files. */
export interface GitCheckoutRules {
  /** Its `info/exclude`, compiled. */
  readonly exclude: IgnoreFile | undefined
  /** The files its index lists, which no ignore rule applies to; `undefined` without an index. */
  readonly tracked: TrackedFiles | undefined
  /** Why the index exists but could not be read (ignore rules then apply to every file). */
  readonly trackedUnreadable?: { readonly file: string; readonly message: string }
}

/**
 * The root checkout's `.git/info/exclude`, compiled, and the files its index tracks, when the root
 * is the top of a git checkout (see `findGitCheckout`). Both live in the repository, not in the
 * walked tree, so symbolic links to them are followed, as git follows them. An index over
 * `maxIndexBytes` is not read (a warning says so).
 */
export async function readGitCheckout(reader: IgnoreReader, maxIndexBytes = MAX_INDEX_BYTES): Promise<GitCheckoutRules> {
  const found = await findGitCheckout(reader.root)
  if (found === undefined) return { exclude: undefined, tracked: undefined }
  const exclude = found.exclude ? await readOne(reader, await realpath(found.exclude.absolutePath).catch(() => found.exclude!.absolutePath), found.exclude.label, '') : undefined
  let bytes: Buffer
  try {
    const size = (await stat(found.index)).size
    if (size > maxIndexBytes) {
      return { exclude, tracked: undefined, trackedUnreadable: { file: found.indexLabel, message: `The git index ${found.indexLabel} is ${size} bytes, more than the ${maxIndexBytes} read, so ignore rules applied to tracked files too.` } }
    }
    bytes = await readFile(found.index)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // A repository with nothing staged yet has no index: it tracks nothing.
    if (code === 'ENOENT') return { exclude, tracked: undefined }
    return { exclude, tracked: undefined, trackedUnreadable: { file: found.indexLabel, message: `The git index ${found.indexLabel} cannot be read (${code ?? 'error'}), so ignore rules applied to tracked files too.` } }
  }
  try {
    return { exclude, tracked: TrackedFiles.fromIndex(bytes, found.hashBytes) }
  } catch (error) {
    return { exclude, tracked: undefined, trackedUnreadable: { file: found.indexLabel, message: `The git index ${found.indexLabel} is not one git writes (${(error as Error).message}), so ignore rules applied to tracked files too.` } }
  }
}
