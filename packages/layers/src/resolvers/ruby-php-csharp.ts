import type { FileLayers, RawEdge } from '@rag/core'
import { ancestors, dirOf, joinPath } from '../paths.js'
import { external, firstExisting, resolvedTo, unresolved, type ImportResolution, type ResolveContext } from '../resolution.js'

/**
 * Ruby: `require_relative` (recorded as `./x`) beside the file; `require 'a/b'` from the `lib/`
 * directories above the file, the root, or any indexed `lib/a/b.rb`. Not found: a gem (external)
 * for `require`, unresolved for `require_relative`.
 */
export function resolveRubyImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const spec = edge.target.endsWith('.rb') ? edge.target.slice(0, -3) : edge.target
  if (spec.startsWith('.')) {
    const base = joinPath(dirOf(from.path), spec)
    if (base === undefined) return unresolved()
    const { found, probes } = firstExisting([`${base}.rb`, base], context)
    return found ? resolvedTo(found, []) : unresolved(probes)
  }
  const candidates = ancestors(dirOf(from.path)).flatMap((dir) => [[dir, 'lib', `${spec}.rb`].filter(Boolean).join('/')])
  candidates.push(`${spec}.rb`)
  const { found, probes } = firstExisting(candidates, context)
  if (found) return resolvedTo(found, [], probes)
  const anywhere = context.endingWith(`lib/${spec}.rb`)
  return anywhere[0] ? resolvedTo(anywhere[0], [], probes) : external(probes)
}

/**
 * PHP: `use A\B\C` through the PSR-4 prefixes of `composer.json` (`A\` -> `src/`), else the file
 * that declares class `C` in namespace `A\B`; `require`/`include` paths beside the file, then from
 * the root. Names of no indexed namespace are external (vendor packages).
 */
export function resolvePhpImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const names = edge.names ?? []
  if (!edge.target.includes('\\') && /\.php$/.test(edge.target)) {
    const beside = joinPath(dirOf(from.path), edge.target)
    const { found, probes } = firstExisting([beside, joinPath(edge.target)].filter((p): p is string => p !== undefined), context)
    return found ? resolvedTo(found, names) : unresolved(probes)
  }
  const fqcn = edge.target.replace(/^\\/, '')
  const probes: string[] = []
  for (const { path, manifest } of context.manifests('composer')) {
    for (const [prefix, dirs] of Object.entries(manifest.psr4)) {
      if (!fqcn.startsWith(prefix)) continue
      const rest = fqcn.slice(prefix.length).replace(/\\/g, '/')
      const candidates = dirs.map((dir) => joinPath(dirOf(path), dir, `${rest}.php`)).filter((p): p is string => p !== undefined)
      const result = firstExisting(candidates, context)
      probes.push(...result.probes)
      if (result.found) return resolvedTo(result.found, names, probes)
    }
  }
  const cut = fqcn.lastIndexOf('\\')
  const namespace = cut < 0 ? '' : fqcn.slice(0, cut)
  const type = fqcn.slice(cut + 1)
  for (const path of context.filesOfModule(namespace)) if (context.topLevel(path, type)) return resolvedTo(path, names, probes)
  const known = namespace && context.filesOfModule(namespace).length > 0
  return known ? unresolved(probes) : external(probes)
}

/**
 * C#: `using A.B;` names a namespace; it resolves to the directories of the indexed files that
 * declare it (targets ending in `/`). Namespaces no indexed file declares are external.
 */
export function resolveCsharpImport(edge: RawEdge, _from: FileLayers, context: ResolveContext): ImportResolution {
  const files = context.filesOfModule(edge.target)
  if (files.length === 0) return external()
  const dirs = [...new Set(files.map((file) => `${dirOf(file)}/`))]
  return { status: 'resolved', targets: dirs.map((path) => ({ path, names: edge.names ?? [] })), probes: [] }
}
