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
