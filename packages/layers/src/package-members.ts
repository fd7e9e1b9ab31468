import type { FileLayers, SymbolRecord } from '@rag/core'
import { memberNamed } from './definitions.js'
import { dirOf, joinPath, nearestFirst } from './paths.js'
import type { SymbolIndex } from './symbol-index.js'

/** A Go method's receiver in its signature: `func (c *Context[T]) Copy()` gives `c` and `Context`. */
const GO_RECEIVER = /^func\s*\(\s*(\w+)\s+\*?\s*(\w+)/

/**
 * For `c.Get()` inside Go's `func (c *Context) Copy()`: the method `Context.Get` of the package,
 * else (with `inherited`) one `Context` has from a type it embeds (`engine.GET()` inside a method of
 * `Engine`, which embeds `RouterGroup`).
 */
export function goReceiverMethod(
  sourceId: string,
  receiver: string,
  name: string,
  file: FileLayers,
  index: SymbolIndex,
  inherited?: (type: SymbolRecord) => SymbolRecord | undefined,
): SymbolRecord | undefined {
  const method = index.symbol(sourceId)
  const bound = method?.kind === 'method' ? GO_RECEIVER.exec(method.signature) : null
  if (!bound || bound[1] !== receiver) return undefined
  const peers = index.filesIn(dirOf(file.path))
  for (const peer of peers) {
    const member = index.byQname(peer, `${bound[2]}.${name}`)
    if (member) return member
  }
  if (inherited) for (const peer of peers) {
    const type = index.topLevel(peer, bound[2] as string)
    const member = type ? inherited(type) : undefined
    if (member) return member
  }
  return undefined
}

/**
 * Languages whose files in one directory (or one declared package or namespace) see each other's
 * top-level names without imports: PHP's unqualified `Helper` in `namespace App\Http` is
 * `App\Http\Helper` (Laravel's controllers extend `Controller` without a `use`); a Swift
 * package's target (its module) is one namespace.
 */
export const SHARED_PACKAGE: ReadonlySet<string> = new Set(['go', 'java', 'csharp', 'kotlin', 'php', 'swift'])

/**
 * The files of a file's package: its directory in Go, its declared package or namespace in Java,
 * Kotlin and PHP, its target in Swift; in C#, its namespace's and then each enclosing namespace's (code in
 * `Shop.Models.Billing` sees `Shop.Models.Order` and `Shop.Money` without a `using`), nearest first.
 */
export function packagePeers(file: FileLayers, index: SymbolIndex): readonly string[] {
  if (file.language === 'go') return index.filesIn(dirOf(file.path))
  if (!file.module) return file.language === 'swift' ? swiftTargetPeers(file.path, index) : []
  // (Nearest first: the modules of one build may each declare the package, with their own copies of its classes.)
  return file.language === 'csharp' ? index.filesOfEnclosingModules(file.module) : nearestFirst(file.path, index.filesOfModule(file.module))
}

/**
 * The Swift files of the target a `Package.swift` declares at a path of its own that holds `path`
 * (Alamofire's `Source/`, whose files have no module by the `Sources/<target>/` convention), the
 * nearest manifest's; none when no target holds it.
 */
function swiftTargetPeers(path: string, index: SymbolIndex): readonly string[] {
  const manifests = index.manifests('swiftpm')
  if (manifests.length === 0) return []
  const byPath = new Map(manifests.map(({ path: at, manifest }) => [at, manifest]))
  for (const manifestPath of nearestFirst(path, [...byPath.keys()])) {
    for (const target of byPath.get(manifestPath)?.targets ?? []) {
      const folder = joinPath(dirOf(manifestPath), target.path)
      if (folder === undefined || !(folder === '' || path.startsWith(`${folder}/`))) continue
      return index.filesBelow(folder)
    }
  }
  return []
}

/**
 * The member `name` of a top-level type `owner` defined in another file of the same package: its
 * own, else (with `inherited`) one the type inherits (Go's `BindingBody` embedding `Binding`).
 */
export function packageMember(
  file: FileLayers,
  owner: string,
  name: string,
  index: SymbolIndex,
  inherited?: (type: SymbolRecord) => SymbolRecord | undefined,
): SymbolRecord | undefined {
  const types: SymbolRecord[] = []
  for (const peer of packagePeers(file, index)) {
    const type = peer === file.path ? undefined : index.topLevel(peer, owner)
    if (type === undefined || index.file(peer)?.language !== file.language) continue
    const member = memberNamed(index, type, name)
    if (member) return member
    types.push(type)
  }
  if (inherited) for (const type of types) {
    const member = inherited(type)
    if (member) return member
  }
  return undefined
}

/** Languages whose nested classes are named by their simple name in the file that declares them (`Testable` of `FunctionsTest.Testable`). */
const NESTED_BY_NAME: ReadonlySet<string> = new Set(['java', 'kotlin', 'csharp'])

/**
 * The class nested in another class of `file` that a type written `type` names there, when there
 * is exactly one (Java's `final Testable<?, ?> testable = new Testable<>(null)` in `FunctionsTest`,
 * which declares `static class Testable`); `undefined` elsewhere.
 */
export function nestedClassNamed(file: FileLayers, type: string, index: SymbolIndex, classLike: ReadonlySet<string>): SymbolRecord | undefined {
  if (!NESTED_BY_NAME.has(file.language) || type.includes('.')) return undefined
  let found: SymbolRecord | undefined
  for (const symbol of index.namedSet(type) ?? []) {
    if (symbol.path !== file.path || symbol.parentId === '' || !classLike.has(symbol.kind)) continue
    if (found !== undefined) return undefined
    found = symbol
  }
  return found
}
