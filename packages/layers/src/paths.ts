/** Path helpers for root-relative, `/`-separated paths. No I/O. */

/** The directory of a path (`''` at the root): `src/a/b.ts` gives `src/a`. */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash)
}

/** The last segment of a path: `src/a/b.ts` gives `b.ts`. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/**
 * Joins and normalises path segments: `.` and empty segments vanish, `..` pops; `undefined`
 * when `..` climbs above the root.
 *
 * @example
 * joinPath('src/a', '../b/./c.ts') // 'src/b/c.ts'
 */
export function joinPath(...parts: readonly string[]): string | undefined {
  const out: string[] = []
  for (const part of parts) {
    for (const segment of part.split('/')) {
      if (segment === '' || segment === '.') continue
      if (segment === '..') {
        if (out.length === 0) return undefined
        out.pop()
      } else out.push(segment)
    }
  }
  return out.join('/')
}

/** The ancestors of a directory, nearest first, ending with the root `''`: `a/b` gives `a/b`, `a`, `''`. */
export function ancestors(dir: string): string[] {
  const out: string[] = []
  let current = dir
  for (;;) {
    out.push(current)
    if (current === '') return out
    current = dirOf(current)
  }
}

/** `true` when a file is the module a name binds: `blog/views.py` for `views`, `pkg/__init__.py` for `pkg`. */
export function isModuleNamed(path: string, name: string): boolean {
  const base = baseName(path)
  const stem = base.includes('.') ? base.slice(0, base.indexOf('.')) : base
  if (stem === name) return true
  return stem === '__init__' && path.endsWith(`/${name}/${base}`)
}

/** How many leading characters two paths share, up to a whole directory (`a/src/x` and `a/src/y` share `a/src/`). */
function sharedDirLength(a: string, b: string): number {
  let at = 0
  for (let i = 0; i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i); i++) if (a.charCodeAt(i) === 47) at = i + 1
  return at
}

/**
 * `paths` with those nearest `from` first: by how many directories they share with it, stable
 * otherwise (`links/src/main/java/payroll/Employee.java` before `evolution/src/main/java/...` for a
 * file of `links/`: the modules of one build that each have their own copy of a class). As given
 * when `from` is `''` or the paths share as much with it.
 */
export function nearestFirst(from: string, paths: readonly string[]): readonly string[] {
  if (from === '' || paths.length < 2) return paths
  const shared = paths.map((path) => sharedDirLength(from, path))
  const most = Math.max(...shared)
  if (shared.every((length) => length === most)) return paths
  return paths.map((path, at) => ({ path, length: shared[at] as number, at })).sort((a, b) => b.length - a.length || a.at - b.at).map((entry) => entry.path)
}

/**
 * The paths that share a directory with `from`, when any does (the modules of one build: a file
 * of `links/` sees `links/`'s copies of a package, not `evolution/`'s), else all of them.
 */
export function sharingDirectories(from: string, paths: readonly string[]): readonly string[] {
  if (from === '' || paths.length < 2) return paths
  const near = paths.filter((path) => sharedDirLength(from, path) > 0)
  return near.length > 0 ? near : paths
}

/** Whether two paths share at least their first directory (`app/a.ts` and `app/b/c.ts`; not `a.ts` and `app/b.ts`). */
export function sharesDirectory(a: string, b: string): boolean {
  return sharedDirLength(a, b) > 0
}
