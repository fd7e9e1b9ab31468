import type { FileLayers, RawEdge } from '@rag/core'
import { dirOf } from '../paths.js'
import { external, type ImportResolution, type ImportTarget, type ResolveContext } from '../resolution.js'

/**
 * Resolves a Swift `import App` to the folders of the indexed files of module `App` (a Swift
 * package's target, `Sources/App/` or `Tests/App/`: see the chunker's `swiftModule`), like a
 * wildcard over a package; modules no indexed file is in (Foundation, Vapor) are external.
 */
export function resolveSwiftImport(edge: RawEdge, _from: FileLayers, context: ResolveContext): ImportResolution {
  const files = context.filesOfModule(edge.target).filter((path) => context.file(path)?.language === 'swift')
  if (files.length === 0) return external()
  const names = edge.names ?? []
  const targets: ImportTarget[] = [...new Set(files.map((path) => `${dirOf(path)}/`))].map((path) => ({ path, names }))
  return { status: 'resolved', targets, probes: [] }
}
