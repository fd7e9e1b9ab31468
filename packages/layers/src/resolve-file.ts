import type { EdgeRecord, FileLayers, RawEdge } from '@rag/core'
import { importResolverFor } from './import-resolvers.js'
import { bindingsOf, resolveName } from './resolve-names.js'
import type { SymbolIndex } from './symbol-index.js'

/** A file's resolved edges and what their resolution depended on (so a change can re-resolve exactly the affected files). */
export interface FileResolution {
  readonly edges: EdgeRecord[]
  /** Files and package directories its imports resolved to. */
  readonly targets: ReadonlySet<string>
  /** Paths that, if added, would change an import's resolution. */
  readonly probes: ReadonlySet<string>
  /** Names whose definitions it looked up (callees, types, imported names). */
  readonly names: ReadonlySet<string>
  /** Modules whose set of files it read (Java and C# packages and namespaces). */
  readonly modules: ReadonlySet<string>
}

/** Languages whose imports are looked up through the files' declared packages or namespaces. */
const MODULE_LANGUAGES = new Set(['java', 'kotlin', 'csharp', 'php'])

function importRecords(edge: RawEdge, file: FileLayers, index: SymbolIndex, probes: Set<string>, modules: Set<string>): EdgeRecord[] {
  const resolver = importResolverFor(file.language)
  if (!resolver) return [{ ...edge, resolution: 'unresolved', targetPath: '', targetSymbolId: '', candidates: 0 }]
  const resolution = resolver(edge, file, index)
  for (const probe of resolution.probes) probes.add(probe)
  if (MODULE_LANGUAGES.has(file.language)) {
    // `a.b.C` reads the files of package `a.b` (and `a.b.*` those of `a.b` itself).
    modules.add(edge.target)
    const cut = Math.max(edge.target.lastIndexOf('.'), edge.target.lastIndexOf('\\'))
    if (cut > 0) modules.add(edge.target.slice(0, cut))
  }
  if (resolution.status !== 'resolved' || resolution.targets.length === 0) {
    return [{ ...edge, resolution: resolution.status, targetPath: '', targetSymbolId: '', candidates: 0 }]
  }
  return resolution.targets.map((target, i) => {
    const single = target.names.length === 1 && target.names[0]?.name !== '*' ? target.names[0]?.name : undefined
    const symbol = single && !target.path.endsWith('/') ? index.topLevel(target.path, single) : undefined
    return {
      ...edge,
      ...(i > 0 ? { id: `${edge.id}/${i + 1}` } : {}),
      ...(resolution.targets.length > 1 ? { names: target.names } : {}),
      resolution: 'resolved' as const,
      targetPath: target.path,
      targetSymbolId: symbol?.id ?? '',
      candidates: 1,
    }
  })
}

/**
 * Resolves every raw edge of one file: imports by the rules of its language, then calls and
 * heritage by name through the file's own imports, the same file or package, and the whole index.
 * `resolved(path)` gives other files' current import edges (for following re-exports).
 */
export function resolveFile(file: FileLayers, index: SymbolIndex, resolved: (path: string) => readonly EdgeRecord[] | undefined): FileResolution {
  const probes = new Set<string>()
  const names = new Set<string>()
  const modules = new Set<string>()
  const imports: EdgeRecord[] = []
  for (const edge of file.edges) {
    if (edge.kind !== 'imports') continue
    imports.push(...importRecords(edge, file, index, probes, modules))
    for (const imported of edge.names ?? []) if (imported.name !== '*') names.add(imported.name)
  }
  const own = (path: string): readonly EdgeRecord[] | undefined => (path === file.path ? imports : resolved(path))
  const bindings = bindingsOf(imports, index)
  const edges: EdgeRecord[] = [...imports]
  for (const edge of file.edges) {
    if (edge.kind === 'imports') continue
    names.add(edge.target)
    edges.push({ ...edge, ...resolveName(edge, file, bindings, index, own) })
  }
  if (file.module && (MODULE_LANGUAGES.has(file.language) || file.language === 'go')) modules.add(file.module)
  const targets = new Set<string>()
  for (const edge of edges) if (edge.targetPath) targets.add(edge.targetPath)
  return { edges, targets, probes, names, modules }
}
