import { relative, resolve, sep } from 'node:path'

/**
 * `path` (absolute, or relative to `cwd`) as a `/`-separated path relative to the first of `roots`
 * it lies in (`''` for a root itself), or `undefined` when it lies in none: how `rag plan --explain`
 * and `rag search --path ./dir` read a path the user typed.
 */
export function relativeToRoot(path: string, cwd: string, roots: readonly string[]): string | undefined {
  const absolute = resolve(cwd, path)
  for (const root of roots) {
    const rel = relative(root, absolute)
    if (rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel))) return rel.split(sep).join('/')
  }
  return undefined
}
