import type { FileLayers, RawEdge } from '@rag/core'
import { dirOf } from '../paths.js'
import { external, resolvedTo, unresolved, type ImportResolution, type ResolveContext } from '../resolution.js'

/**
 * Resolves a Go import path to a package directory of the index (a target ending in `/`): the
 * `go.mod` whose module path is the longest prefix of the import gives the directory (of several
 * modules of that path, the nearest one holding the importing file). Paths of no
 * indexed module (the standard library, dependencies) are external; a path inside an indexed
 * module whose directory holds no Go file is unresolved.
 */
export function resolveGoImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const path = edge.target
  // (Several modules of one name, gofiber/recipes' many `module app`: the one holding the importing file, the nearest.)
  const holds = (dir: string): number => (dir === '' || from.path.startsWith(`${dir}/`) ? dir.length + 1 : 0)
  let best: { dir: string; module: string } | undefined
  for (const { path: manifestPath, manifest } of context.manifests('go-mod')) {
    const module = manifest.module
    if (path !== module && !path.startsWith(`${module}/`)) continue
    const dir = dirOf(manifestPath)
    if (best && (best.module.length > module.length || (best.module.length === module.length && holds(best.dir) >= holds(dir)))) continue
    best = { dir, module }
  }
  if (!best) return external()
  const rest = path.slice(best.module.length).replace(/^\//, '')
  const dir = [best.dir, rest].filter(Boolean).join('/')
  const hasGo = context.filesIn(dir).some((file) => file.endsWith('.go'))
  return hasGo ? resolvedTo(`${dir}/`, edge.names ?? []) : unresolved([`${dir}/`])
}
