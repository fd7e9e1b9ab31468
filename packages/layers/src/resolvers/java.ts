import type { FileLayers, RawEdge } from '@rag/core'
import { dirOf, nearestFirst, sharingDirectories } from '../paths.js'
import { external, resolvedTo, unresolved, type ImportResolution, type ImportTarget, type ResolveContext } from '../resolution.js'

/**
 * The file declaring type `Name` in package `a.b`: by declared package and top-level type, else by
 * path convention; of several (the modules of one build each with their own `payroll.Employee`),
 * the one nearest the importing file `from` ({@link nearestFirst}).
 */
export function javaTypeFile(pkg: string, type: string, context: ResolveContext, from = ''): string | undefined {
  for (const path of nearestFirst(from, context.filesOfModule(pkg))) if (context.topLevel(path, type)) return path
  const suffix = `${pkg.replace(/\./g, '/')}/${type}`
  for (const ext of ['.java', '.kt']) {
    const found = nearestFirst(from, context.endingWith(`${suffix}${ext}`))
    if (found.length > 0) return found[0]
  }
  return undefined
}

/**
 * Resolves a Java (or Kotlin) import: `a.b.C` to the file declaring class `C` in package `a.b`
 * (nested classes `a.b.C.D` to `C`'s file), `a.b.*` to the package's directories, `static a.b.C.m`
 * to `C`'s file. Packages no indexed file declares are external.
 */
export function resolveJavaImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const names = edge.names ?? []
  const parts = edge.target.split('.')
  if (names.length === 1 && names[0]?.name === '*' && !/^[A-Z]/.test(parts.at(-1) ?? '')) {
    // A wildcard over a package: its directories.
    // (The package's directories in the importing file's module, when it has any: each module of a build may have its copy.)
    const files = sharingDirectories(from.path, context.filesOfModule(edge.target))
    if (files.length === 0) return external()
    const dirs = [...new Set(files.map((f) => `${dirOf(f)}/`))]
    const targets: ImportTarget[] = dirs.map((dir) => ({ path: dir, names }))
    return { status: 'resolved', targets, probes: [] }
  }
  // `a.b.C`, `a.b.C.D` (nested) or, for static imports, `a.b.C` with a member name.
  for (let cut = parts.length; cut >= 2; cut--) {
    const type = parts[cut - 1] as string
    if (!/^[A-Z$]/.test(type) && cut < parts.length) continue
    const pkg = parts.slice(0, cut - 1).join('.')
    const file = javaTypeFile(pkg, type, context, from.path)
    if (file) return resolvedTo(file, names)
  }
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    if (context.filesOfModule(parts.slice(0, cut).join('.')).length > 0) return unresolved()
  }
  return external()
}
