import { lstat, readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'

/** Where a checkout keeps its own ignore list. */
export interface GitExcludeFile {
  /** Absolute path of the `info/exclude` file. */
  readonly absolutePath: string
  /** How reports name it: `.git/info/exclude`, or the absolute path for a linked worktree. */
  readonly label: string
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isFile(), () => false)
}

/**
 * The `info/exclude` file of `root` when `root` is the top of a git checkout: `root/.git` is the
 * repository (`.git/info/exclude`), or a `gitdir:` file pointing at it (a linked worktree or a
 * submodule; a worktree shares the main repository's `info/exclude` through its `commondir`).
 * `undefined` when there is none. Only the root counts: git reads no `info/exclude` of a
 * repository above the indexed directory when that directory is not its top.
 */
export async function findGitExclude(root: string): Promise<GitExcludeFile | undefined> {
  const dotGit = join(root, '.git')
  const entry = await lstat(dotGit).catch(() => undefined)
  if (entry?.isDirectory()) {
    const absolutePath = join(dotGit, 'info', 'exclude')
    return (await isFile(absolutePath)) ? { absolutePath, label: '.git/info/exclude' } : undefined
  }
  if (!entry?.isFile()) return undefined
  const text = await readFile(dotGit, 'utf8').catch(() => '')
  const match = /^gitdir: *(.+?)\s*$/m.exec(text)
  if (!match) return undefined
  const gitDir = isAbsolute(match[1]!) ? match[1]! : resolve(root, match[1]!)
  const common = await readFile(join(gitDir, 'commondir'), 'utf8').then((c) => c.trim(), () => '')
  const repository = common === '' ? gitDir : isAbsolute(common) ? common : resolve(gitDir, common)
  const absolutePath = join(repository, 'info', 'exclude')
  return (await isFile(absolutePath)) ? { absolutePath, label: absolutePath } : undefined
}
