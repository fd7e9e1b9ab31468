import type { EdgeRecord, SymbolRecord } from '@rag/core'
import { languageFamily } from './language-families.js'
import { dirOf } from './paths.js'
import type { SymbolIndex } from './symbol-index.js'

/** The files a target stands for: itself, or the files of a package directory. */
export function filesOf(target: string, index: SymbolIndex): readonly string[] {
  return target.endsWith('/') ? index.filesIn(target.slice(0, -1)) : [target]
}

/** Languages whose imports may name a member of a class (Java's `import static a.B.m`, PHP's `use function`). */
const MEMBER_IMPORTS = new Set(['java', 'kotlin', 'csharp', 'php'])

/** A member `name` of a top-level type of a file (the target of a static import). */
function memberOf(path: string, name: string, index: SymbolIndex): SymbolRecord | undefined {
  for (const symbol of index.namedSet(name) ?? []) if (symbol.path === path && symbol.parentId !== '' && !index.symbol(symbol.parentId)?.parentId) return symbol
  return undefined
}

/**
 * A member `name` of the object a JavaScript module's default export names, when the file defines
 * it there: CommonJS's `module.exports = postController` over `const postController = { getAll()
 * {} }` makes `require('./posts').getAll` that object's `postController.getAll`.
 */
function moduleValueMember(path: string, name: string, index: SymbolIndex): SymbolRecord | undefined {
  const file = index.file(path)
  const value = file !== undefined && languageFamily(file.language) === 'javascript' ? file.defaultExport : undefined
  return value === undefined || value === 'default' ? undefined : index.byQname(path, `${value}.${name}`)
}

/** A member `name` of a type: in the type's file, or for Go in any file of its package (a method may be declared in any). */
export function memberNamed(index: SymbolIndex, type: SymbolRecord, name: string): SymbolRecord | undefined {
  const qname = `${type.qname}.${name}`
  const own = index.byQname(type.path, qname)
  if (own === undefined && type.language === 'kotlin') return companionMember(index, type, name)
  if (own === undefined && EXTENDED_LANGUAGES.has(type.language)) return extensionMember(index, type, name)
  if (own || type.language !== 'go') return own
  for (const peer of index.filesIn(dirOf(type.path))) {
    const member = peer === type.path ? undefined : index.byQname(peer, qname)
    if (member) return member
  }
  return undefined
}

/** Languages whose types gain members in extensions anywhere in the module (Swift's `extension Session { ... }`, Dart's `extension X on Session`). */
const EXTENDED_LANGUAGES: ReadonlySet<string> = new Set(['swift', 'dart'])

/**
 * A member an extension of a type adds, in any file: Swift's `extension Session { func validate() }`
 * (the extension is named as its type), Dart's `extension SessionX on Session` (named otherwise, the
 * type after `on`).
 */
function extensionMember(index: SymbolIndex, type: SymbolRecord, name: string): SymbolRecord | undefined {
  for (const symbol of index.namedSet(name) ?? []) {
    const parent = symbol.parentId ? index.symbol(symbol.parentId) : undefined
    if (parent?.kind !== 'extension' || parent.language !== type.language || parent.parentId !== '') continue
    if (parent.name === type.name || extendsType(parent.signature, type.name)) return symbol
  }
  return undefined
}

/** Whether a Dart extension's signature names the type it is on: `extension SessionX on Session<T>`. */
function extendsType(signature: string, type: string): boolean {
  const on = /\bon\s+([A-Za-z_$][\w$]*)/.exec(signature)
  return on?.[1] === type
}

/**
 * A member of a Kotlin class's companion object, which Kotlin code calls on the class
 * (`Article.fromModel(x)` of `companion object { fun fromModel(...) }`): the unnamed companion's
 * (`Article.Companion.fromModel`) or a named one's (`companion object Factory`).
 */
function companionMember(index: SymbolIndex, type: SymbolRecord, name: string): SymbolRecord | undefined {
  const unnamed = index.byQname(type.path, `${type.qname}.Companion.${name}`)
  if (unnamed) return unnamed
  for (const symbol of index.file(type.path)?.symbols ?? []) {
    if (symbol.parentId === type.id && symbol.kind === 'object' && /\bcompanion\b/.test(symbol.signature)) return index.byQname(type.path, `${symbol.qname}.${name}`)
  }
  return undefined
}

/** Languages whose imports bind names for the importing file only: nothing another file can import through it. */
export const NO_REEXPORTS: ReadonlySet<string> = new Set(['go', 'java', 'kotlin', 'csharp', 'php'])

/** How many files deep re-exports are followed (clap's tests reach `ArgMatches` through four `pub use`s). */
export const MAX_REEXPORT_DEPTH = 6

/**
 * A top-level definition named `name` in a target, following re-exports up to {@link MAX_REEXPORT_DEPTH} files deep, each (file, name) once at its nearest. A
 * package directory's own definitions come first, in every file of it, before any re-export (Go's
 * `v1.GetTags` is `v1/tag.go`'s, not the `models.GetTags` that `v1/article.go` imports). With
 * `kinds`, a file's definition of one of those kinds comes before another of the same name
 * (`new EmptyError()` reaches `const EmptyError`, not `interface EmptyError`). `default` is a
 * JavaScript module's default export (`FileLayers.defaultExport`).
 */
export function definedIn(
  target: string,
  name: string,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  kinds?: ReadonlySet<string>,
  depth = 0,
  // The depth at which this lookup read each (target, name): barrels that re-export each other are read again only from nearer.
  seen = new Map<string, number>(),
): SymbolRecord | undefined {
  const key = `${target}\0${name}`
  if ((seen.get(key) ?? Number.POSITIVE_INFINITY) <= depth) return undefined
  seen.set(key, depth)
  const files = filesOf(target, index)
  for (const path of files) {
    // `import AjvCore from './core'`: the module's default export, as it names it (`export default class Ajv`).
    const named = name === 'default' ? index.file(path)?.defaultExport : undefined
    if (named !== undefined && depth < MAX_REEXPORT_DEPTH) {
      const found = definedIn(path, named, index, resolved, kinds, depth + 1, seen)
      if (found) return found
    }
    const own = index.exportedTopLevel(path, name, kinds) ?? (MEMBER_IMPORTS.has(index.file(path)?.language ?? '') ? memberOf(path, name, index) : moduleValueMember(path, name, index))
    if (own) return own
  }
  if (depth >= MAX_REEXPORT_DEPTH) return undefined
  for (const path of files) {
    if (NO_REEXPORTS.has(index.file(path)?.language ?? '')) continue
    for (const edge of resolved(path) ?? []) {
      if (edge.kind !== 'imports' || !edge.targetPath || edge.targetPath === path) continue
      const names = edge.names ?? []
      const named = names.find((n) => (n.alias ?? n.name) === name && n.name !== '*')
      if (named) {
        const found = definedIn(edge.targetPath, named.name, index, resolved, kinds, depth + 1, seen)
        if (found) return found
      } else if (names.some((n) => n.name === '*' && n.alias === undefined)) {
        const found = definedIn(edge.targetPath, name, index, resolved, kinds, depth + 1, seen)
        if (found) return found
      }
    }
  }
  return undefined
}

/**
 * The module a target re-exports as a namespace under `name` (`export * as util from './util.js'`
 * gives `util.ts` for `util`), following named re-exports of it up to three files deep; `undefined`
 * when the target has no such re-export.
 */
export function namespaceExportedAs(target: string, name: string, index: SymbolIndex, resolved: (path: string) => readonly EdgeRecord[] | undefined, depth = 0): string | undefined {
  for (const path of filesOf(target, index)) {
    for (const edge of resolved(path) ?? []) {
      if (edge.kind !== 'imports' || !edge.targetPath || edge.targetPath === path) continue
      const names = edge.names ?? []
      if (names.some((n) => n.name === '*' && n.alias === name)) return edge.targetPath
      const named = depth < 3 ? names.find((n) => (n.alias ?? n.name) === name && n.name !== '*') : undefined
      const through = named ? namespaceExportedAs(edge.targetPath, named.name, index, resolved, depth + 1) : undefined
      if (through) return through
    }
  }
  return undefined
}
