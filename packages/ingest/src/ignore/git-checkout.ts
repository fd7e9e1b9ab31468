import { lstat, readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'

/** Where a checkout keeps its own ignore list. */
export interface GitExcludeFile {
  /** Absolute path of the `info/exclude` file. */
  readonly absolutePath: string
  /** How reports name it: `.git/info/exclude`, or the absolute path for a linked worktree. */
  readonly label: string
}

/** The repository files of the checkout whose top is the indexed root. */
export interface GitCheckout {
  /** Its `info/exclude`, when there is one. */
  readonly exclude: GitExcludeFile | undefined
  /** Absolute path of its index (the staging area: the files git tracks), which may not exist yet. */
  readonly index: string
  /** How reports name the index: `.git/index`, or the absolute path for a linked worktree. */
  readonly indexLabel: string
  /** Bytes of an object id: 20 (SHA-1), or 32 in a repository of `extensions.objectFormat = sha256`. */
  readonly hashBytes: 20 | 32
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isFile(), () => false)
}

/** Whether a repository's config sets `objectFormat = sha256` (in `[extensions]`). */
async function usesSha256(repository: string): Promise<boolean> {
  const config = await readFile(join(repository, 'config'), 'utf8').catch(() => '')
  return /^\s*objectformat\s*=\s*sha256\s*$/im.test(config)
}

/**
 * The repository files of `root` when `root` is the top of a git checkout: `root/.git` is the
 * repository (or a symbolic link to it, which git follows), or a `gitdir:` file pointing at it (a
 * linked worktree or a submodule: the worktree has its own index and shares the main repository's
 * `info/exclude` through its `commondir`). `undefined` when it is none. Only the root counts: git
 * reads no `info/exclude` of a repository above the indexed directory when that directory is not
 * its top.
 */
export async function findGitCheckout(root: string): Promise<GitCheckout | undefined> {
  const dotGit = join(root, '.git')
  const entry = await lstat(dotGit).catch(() => undefined)
  const isDirectory = entry?.isDirectory() === true || (entry?.isSymbolicLink() === true && (await stat(dotGit).then((s) => s.isDirectory(), () => false)))
  let gitDir: string
  let repository: string
  if (isDirectory) {
    gitDir = repository = dotGit
  } else {
    if (!entry?.isFile()) return undefined
    const text = await readFile(dotGit, 'utf8').catch(() => '')
    const match = /^gitdir: *(.+?)\s*$/m.exec(text)
    if (!match) return undefined
    gitDir = isAbsolute(match[1]!) ? match[1]! : resolve(root, match[1]!)
    const common = await readFile(join(gitDir, 'commondir'), 'utf8').then((c) => c.trim(), () => '')
    repository = common === '' ? gitDir : isAbsolute(common) ? common : resolve(gitDir, common)
  }
  const excludePath = join(repository, 'info', 'exclude')
  const own = gitDir === dotGit
  return {
    exclude: (await isFile(excludePath)) ? { absolutePath: excludePath, label: repository === dotGit ? '.git/info/exclude' : excludePath } : undefined,
    index: join(gitDir, 'index'),
    indexLabel: own ? '.git/index' : join(gitDir, 'index'),
    hashBytes: (await usesSha256(repository)) ? 32 : 20,
  }
}
