import type { FileLayers, RawEdge } from '@rag/core'
import { dirOf, joinPath, nearestFirst } from '../paths.js'
import { external, firstExisting, resolvedTo, unresolved, type ImportResolution, type ResolveContext } from '../resolution.js'

/** `package:<name>/<path>`: a file of a package's `lib/`. */
const PACKAGE_URI = /^package:([a-z_][a-z0-9_]*)\/(.+)$/

/**
 * Resolves a Dart directive's URI (`import`, `export`, `part`, `part of`): `package:app/x.dart` to
 * `lib/x.dart` of the package whose `pubspec.yaml` is named `app` (of several of one name, the
 * nearest the importing file); a relative URI (`../x.dart`, `src/a.dart`) beside the importing
 * file. `dart:` libraries, packages no indexed `pubspec.yaml` names, and other schemes are external.
 */
export function resolveDartImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const uri = edge.target
  const names = edge.names ?? []
  const inPackage = PACKAGE_URI.exec(uri)
  if (inPackage) {
    const candidates: string[] = []
    for (const { path, manifest } of context.manifests('pubspec')) {
      if (manifest.name !== inPackage[1]) continue
      const file = joinPath(dirOf(path), 'lib', inPackage[2] as string)
      if (file !== undefined) candidates.push(file)
    }
    if (candidates.length === 0) return external()
    const { found, probes } = firstExisting(nearestFirst(from.path, candidates), context)
    return found !== undefined ? resolvedTo(found, names, probes) : unresolved(probes)
  }
  if (/^[a-z][\w+.-]*:/i.test(uri)) return external()
  const file = joinPath(dirOf(from.path), uri)
  if (file === undefined) return unresolved()
  return context.has(file) ? resolvedTo(file, names) : unresolved([file])
}
