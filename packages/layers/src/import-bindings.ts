import type { EdgeRecord, FileLayers } from '@rag/core'
import type { SymbolIndex } from './symbol-index.js'

/** What a local name of a file refers to through its imports. */
export interface Binding {
  readonly status: EdgeRecord['resolution']
  /** The target file, or package directory (ending in `/`), `''` when not resolved. */
  readonly path: string
  /** The name in the target; `*` for a module or namespace binding. */
  readonly name: string
}

/** A file's import bindings: local names, and the targets of wildcard imports. */
export interface Bindings {
  readonly names: ReadonlyMap<string, Binding>
  readonly wildcards: readonly string[]
  /** Whether a wildcard import of the file is `unresolved` (it may bring in any name). */
  readonly unresolvedWildcard: boolean
  /** Whether a wildcard import of the file is a library's (C#'s `using Xunit;`, Java's `import org.junit.*;`). */
  readonly externalWildcard: boolean
  /**
   * Whether the file imports every member of a library's class (Java's `import static
   * org.springframework.test.web.servlet.result.MockMvcResultMatchers.*;`): a bare call that
   * nothing else defines is that class's static method.
   */
  readonly externalMemberWildcard: boolean
}
/** The local name a Go import binds: its alias, else the package's declared name, else its last path element. */
function goLocalName(edge: EdgeRecord, alias: string | undefined, index: SymbolIndex): string {
  if (alias) return alias
  const files = edge.targetPath ? index.filesIn(edge.targetPath.slice(0, -1)) : []
  const declared = files.map((f) => index.file(f)?.module).find((m) => m)
  return declared ?? (edge.target.split('/').filter((s) => !/^v\d+$/.test(s)).at(-1) as string)
}

/** Languages whose wildcard import of a class brings in its members (Java's `import static X.*`, Kotlin's `import X.*` of an object). */
const MEMBER_WILDCARD_LANGUAGES: ReadonlySet<string> = new Set(['java', 'kotlin'])

/** The import bindings of a file, from its resolved import edges. */
export function bindingsOf(edges: readonly EdgeRecord[], index: SymbolIndex): Bindings {
  const names = new Map<string, Binding>()
  const wildcards: string[] = []
  let unresolvedWildcard = false
  let externalWildcard = false
  let externalMemberWildcard = false
  for (const edge of edges) {
    if (edge.kind !== 'imports') continue
    for (const imported of edge.names ?? []) {
      const binding = { status: edge.resolution, path: edge.targetPath, name: imported.name }
      if (edge.language === 'go') {
        // `import . "x"` brings the package's names in; `import _ "x"` none.
        if (imported.alias === '.') {
          if (edge.targetPath) wildcards.push(edge.targetPath)
          else if (edge.resolution === 'unresolved') unresolvedWildcard = true
        } else if (imported.alias !== '_') names.set(goLocalName(edge, imported.alias, index), binding)
      } else if (imported.name === '*' && imported.alias === undefined) {
        if (edge.targetPath) wildcards.push(edge.targetPath)
        else if (edge.resolution === 'unresolved') unresolvedWildcard = true
        else if (edge.resolution === 'external') {
          externalWildcard = true
          // (A class's members: its name is capitalised, `...MockMvcResultMatchers.*`; a package's, `java.util.*`, brings classes.)
          if (MEMBER_WILDCARD_LANGUAGES.has(edge.language) && /(?:^|\.)[A-Z][\w$]*$/.test(edge.target)) externalMemberWildcard = true
        }
      } else names.set(imported.alias ?? imported.name, binding)
    }
  }
  // Python's `import click.utils` also binds `click`, the top package (`click.echo()` then reads it).
  for (const edge of edges) {
    const init = topPackageInit(edge)
    const top = edge.target.slice(0, edge.target.indexOf('.'))
    if (init === undefined || names.has(top)) continue
    if (init && index.file(init)) names.set(top, { status: 'resolved', path: init, name: '*' })
  }
  return { names, wildcards, unresolvedWildcard, externalWildcard, externalMemberWildcard }
}

/**
 * The `__init__.py` of the top package of a resolved Python import `import a.b.c` (resolved to
 * `a/b/c.py` or `a/b/c/__init__.py`): `a/__init__.py`, which binds `a`; `undefined` for any other
 * import. The import's file probes it (`resolve-file.ts`), so adding it later re-resolves the file.
 */
export function topPackageInit(edge: Pick<EdgeRecord, 'kind' | 'language' | 'resolution' | 'target' | 'targetPath' | 'names'>): string | undefined {
  if (edge.kind !== 'imports' || edge.language !== 'python' || edge.resolution !== 'resolved' || !edge.targetPath || !edge.target.includes('.')) return undefined
  if (!edge.names?.some((imported) => imported.name === '*' && imported.alias === edge.target)) return undefined
  let dir = edge.targetPath.replace(/\/__init__\.py$|\.py$/, '')
  for (let up = 1; up < edge.target.split('.').length; up++) dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/')))
  return dir === '' ? '__init__.py' : `${dir}/__init__.py`
}

/** The innermost of a file's inline modules (qualified names) that a symbol or edge of `sourceQname` is in, `''` for none. */
function moduleOf(sourceQname: string, modules: readonly string[]): string {
  let found = ''
  for (const module of modules) {
    if (module.length > found.length && (sourceQname === module || sourceQname.startsWith(`${module}.`))) found = module
  }
  return found
}

/**
 * The import bindings that the code of a file sees where it is (by its enclosing symbol's qualified
 * name): in Rust a `use` inside an inline module (`mod tests { use crate::other::Command; }`) binds
 * only inside that module and the modules in it, where it comes before the file's own (read as if
 * the module had `use super::*;`); elsewhere, and in a file with no `use` in an inline module,
 * every import binds for the whole file.
 */
export function scopedBindings(file: FileLayers, imports: readonly EdgeRecord[], index: SymbolIndex): (sourceQname: string) => Bindings {
  const modules = file.language === 'rust' ? file.symbols.filter((symbol) => symbol.kind === 'module').map((symbol) => symbol.qname) : []
  const scoped = modules.length > 0 && imports.some((edge) => edge.kind === 'imports' && moduleOf(edge.sourceQname, modules) !== '')
  if (!scoped) {
    const whole = bindingsOf(imports, index)
    return () => whole
  }
  const byModule = new Map<string, Bindings>()
  return (sourceQname) => {
    const module = moduleOf(sourceQname, modules)
    let bindings = byModule.get(module)
    if (bindings === undefined) {
      // The file's own first, then each enclosing module's, outermost first: the nearest `use` wins.
      const seen = imports.filter((edge) => {
        const from = moduleOf(edge.sourceQname, modules)
        return from === '' || module === from || module.startsWith(`${from}.`)
      })
      const depth = (edge: EdgeRecord): number => moduleOf(edge.sourceQname, modules).length
      byModule.set(module, (bindings = bindingsOf([...seen].sort((a, b) => depth(a) - depth(b)), index)))
    }
    return bindings
  }
}
