import type { FileLayers, ImportedName, RawEdge } from '@rag/core'
import { dirOf, joinPath } from '../paths.js'
import { external, unresolved, type ImportResolution, type ImportTarget, type ResolveContext } from '../resolution.js'

const MODULE_SUFFIXES = ['/__init__.py', '.py', '/__init__.pyi', '.pyi'] as const

/** The file of a module directory or module path: `a/b` is `a/b.py`, `a/b.pyi` or `a/b/__init__.py`. */
function moduleFile(base: string, context: ResolveContext, probes: string[]): string | undefined {
  // A package directory wins over a module file of the same name, as in Python's file finder.
  for (const suffix of MODULE_SUFFIXES) {
    const candidate = `${base}${suffix}`
    const path = candidate.startsWith('/') ? candidate.slice(1) : candidate
    if (context.has(path)) return path
    probes.push(path)
  }
  return undefined
}

/** The files that make a directory a Python project's root. */
const PROJECT_FILES = ['pyproject.toml', 'setup.py', 'setup.cfg'] as const

/**
 * The nearest directory above `dir` (itself included, the index root not) that holds a
 * {@link PROJECT_FILES} file; the files looked for go to `probes` (one added later re-resolves).
 */
function projectDir(dir: string, context: ResolveContext, probes: string[]): string | undefined {
  for (let at = dir; at; at = dirOf(at)) {
    for (const file of PROJECT_FILES) {
      const path = `${at}/${file}`
      if (context.has(path)) return at
      probes.push(path)
    }
  }
  return undefined
}

/**
 * Directories absolute imports are looked up from, best first: the directory above the importing
 * file's top-level package; the project the file is in (the nearest directory with a
 * `pyproject.toml`, `setup.py` or `setup.cfg`: a repository of several projects, like flask's
 * `examples/tutorial/`) and its `src/` layout; the root, then its `src/` and `lib/` layouts.
 */
function sourceRoots(from: string, context: ResolveContext, probes: string[]): string[] {
  let dir = dirOf(from)
  // Each package marker read (and the first missing one) is a probe: adding or deleting one moves the root.
  while (dir) {
    probes.push(`${dir}/__init__.py`)
    if (!context.has(`${dir}/__init__.py`)) break
    dir = dirOf(dir)
  }
  const project = projectDir(dirOf(from), context, probes)
  const roots = project === undefined ? [dir, '', 'src', 'lib'] : [dir, project, `${project}/src`, '', 'src', 'lib']
  return [...new Set(roots)].filter((root) => root === '' || context.hasDir(root))
}

const prefixed = (root: string, rest: string): string => (root ? `${root}/${rest}` : rest)

/**
 * Resolves a Python import by the package layout, as Python's path finder would with the
 * importing file's source root on `sys.path`: relative imports (`from . import x`, `from ..a
 * import b`) against the file's package, absolute ones (`import a.b`, `from a import b`) against
 * the source roots. `from pkg import name` resolves `name` to the submodule `pkg/name.py` when
 * there is one, else to the package itself. A top-level package that is not in the index is
 * external; a module missing under an indexed package is unresolved.
 */
export function resolvePythonImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const specifier = edge.target
  const names = edge.names ?? []
  const probes: string[] = []
  const dots = /^\.*/.exec(specifier)?.[0].length ?? 0
  const rest = specifier.slice(dots).split('.').filter(Boolean).join('/')
  let moduleBase: string | undefined
  if (dots > 0) {
    let dir = dirOf(from.path)
    for (let i = 1; i < dots; i++) {
      if (!dir) return unresolved()
      dir = dirOf(dir)
    }
    moduleBase = rest ? prefixed(dir, rest) : dir
  } else {
    const top = rest.split('/')[0] as string
    const roots = sourceRoots(from.path, context, probes)
    const root = roots.find((r) => context.has(prefixed(r, `${top}.py`)) || context.has(prefixed(r, `${top}/__init__.py`)) || context.hasDir(prefixed(r, top)))
    if (root === undefined) {
      for (const r of roots) probes.push(prefixed(r, `${top}.py`), prefixed(r, `${top}/__init__.py`))
      return external(probes)
    }
    moduleBase = prefixed(root, rest)
  }
  moduleBase = joinPath(moduleBase) ?? moduleBase
  const moduleTarget = moduleBase === '' ? undefined : moduleFile(moduleBase, context, probes)
  // `import a.b [as c]` and `from a import *` name only the module (their names are `*`).
  const fromNames = names.filter((n) => n.name !== '*')
  if (fromNames.length === 0) {
    return moduleTarget ? { status: 'resolved', targets: [{ path: moduleTarget, names }], probes } : unresolved(probes)
  }
  // `from a import b, c`: each name is a submodule when one exists, else something defined in `a`.
  const byPath = new Map<string, ImportedName[]>()
  for (const name of fromNames) {
    const subProbes: string[] = []
    const sub = moduleFile(moduleBase ? `${moduleBase}/${name.name}` : name.name, context, subProbes)
    const target = sub ?? moduleTarget
    if (!sub) probes.push(...subProbes)
    if (!target) continue
    byPath.set(target, [...(byPath.get(target) ?? []), name])
  }
  if (byPath.size === 0) return unresolved(probes)
  const targets: ImportTarget[] = [...byPath].map(([path, held]) => ({ path, names: held }))
  return { status: 'resolved', targets, probes }
}
