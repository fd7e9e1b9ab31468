import type { FileLayers, RawEdge } from '@rag/core'
import { dirOf, joinPath } from '../paths.js'
import { external, resolvedTo, unresolved, type ImportResolution, type ResolveContext } from '../resolution.js'

function commonPrefix(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}

/**
 * Resolves a C or C++ `#include`: `"a/b.h"` beside the including file first, then any indexed
 * file whose path ends with `a/b.h` (the one sharing the longest path prefix with the includer,
 * as include directories usually sit near it). `<a/b.h>` is looked up the same way but is
 * external when nothing matches; `"..."` that matches nothing is unresolved.
 */
export function resolveCImport(edge: RawEdge, from: FileLayers, context: ResolveContext): ImportResolution {
  const system = edge.target.startsWith('<')
  const header = system ? edge.target.slice(1, -1) : edge.target
  const probes: string[] = []
  if (!system) {
    const beside = joinPath(dirOf(from.path), header)
    if (beside !== undefined) {
      if (context.has(beside)) return resolvedTo(beside, edge.names ?? [])
      probes.push(beside)
    }
  }
  const normalised = joinPath(header)
  const matches = normalised ? context.endingWith(normalised) : []
  if (matches.length > 0) {
    const best = [...matches].sort((a, b) => commonPrefix(b, from.path) - commonPrefix(a, from.path) || a.localeCompare(b))[0] as string
    return resolvedTo(best, edge.names ?? [], probes)
  }
  return system ? external(probes) : unresolved(probes)
}
