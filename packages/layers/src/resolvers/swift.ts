import type { FileLayers, RawEdge } from '@rag/core'
import { dirOf, joinPath, nearestFirst } from '../paths.js'
import { external, type ImportResolution, type ImportTarget, type ResolveContext } from '../resolution.js'

/** The folders of a target a `Package.swift` declares with its own `path:` (Alamofire's `Source`), the nearest manifest's first. */
function declaredTargetFolders(module: string, from: string, context: ResolveContext): string[] {
  const manifests = context.manifests('swiftpm')
  const byPath = new Map(manifests.map(({ path, manifest }) => [path, manifest]))
  for (const path of nearestFirst(from, manifests.map((each) => each.path))) {
    const target = byPath.get(path)?.targets.find((each) => each.name === module)
    const folder = target && joinPath(dirOf(path), target.path)
    if (folder === undefined) continue
    const folders = context.foldersBelow(folder).filter((each) => context.filesIn(each).some((file) => context.file(file)?.language === 'swift'))
    if (folders.length > 0) return folders
  }
  return []
}

/**
 * Resolves a Swift `import App` to the folders of the indexed files of module `App` (a Swift
 * package's target, `Sources/App/` or `Tests/App/`: see the chunker's `swiftModule`), else of the
 * target a `Package.swift` declares at its own `path:`, like a wildcard over a package; modules no
 * indexed file is in (Foundation, Vapor) are external.
 */
export function resolveSwiftImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const files = context.filesOfModule(edge.target).filter((path) => context.file(path)?.language === 'swift')
  const folders = files.length > 0 ? [...new Set(files.map((path) => dirOf(path)))] : declaredTargetFolders(edge.target, from.path, context)
  if (folders.length === 0) return external()
  const names = edge.names ?? []
  const targets: ImportTarget[] = folders.map((folder) => ({ path: `${folder}/`, names }))
  return { status: 'resolved', targets, probes: [] }
}
