import type { EdgeRecord, FileLayers, SymbolRecord } from '@rag/core'
import { functionRegistrations } from './route-functions.js'

// What one file's change reaches in the others: the names it (re)defines, the handlers it
// registers, the imports a barrel passes on, and whether an edge resolved elsewhere than before.

/**
 * Names defined differently (another id or kind, added, dropped) in two versions of a file, and
 * the names of classes whose supertypes changed (what their subclasses inherit changed); apart,
 * the names whose definitions changed only their signature, which matters only to the files that
 * read it (the type a function returns types the calls on its value elsewhere; a package's
 * decorator makes calls on the function elsewhere the package's).
 */
export function changedNames(before: FileLayers, after: FileLayers): { defined: Set<string>; retyped: Set<string> } {
  const differ = (key: (s: SymbolRecord) => string): Set<string> => {
    const was = new Set(before.symbols.map(key))
    const is = new Set(after.symbols.map(key))
    const names = new Set<string>()
    for (const s of before.symbols) if (!is.has(key(s))) names.add(s.name)
    for (const s of after.symbols) if (!was.has(key(s))) names.add(s.name)
    return names
  }
  const defined = differ((s) => `${s.name}\0${s.id}\0${s.kind}`)
  const retyped = differ((s) => `${s.name}\0${s.id}\0${s.kind}\0${s.signature}\0${s.returns ?? ''}\0${s.decorators?.join(' ') ?? ''}`)
  for (const name of defined) retyped.delete(name)
  const heritage = (file: FileLayers): Set<string> =>
    new Set(file.edges.filter((e) => e.kind === 'extends' || e.kind === 'implements').map((e) => `${e.sourceSymbolId}\0${e.kind}\0${e.receiver ?? ''}\0${e.target}`))
  const had = heritage(before)
  const has = heritage(after)
  const classes = new Set<string>()
  for (const k of [...had].filter((k) => !has.has(k)).concat([...has].filter((k) => !had.has(k)))) {
    classes.add(k.slice(0, k.indexOf('\0')))
    // The base gains or loses a subclass.
    defined.add(k.slice(k.lastIndexOf('\0') + 1))
  }
  for (const s of [...before.symbols, ...after.symbols]) if (classes.has(s.id)) defined.add(s.name)
  return { defined, retyped }
}

/** A file's registrations of functions with routers, by what the function's file reads of each (`FunctionRegistration.key`), to the function's name. */
export function routeHandlers(file: FileLayers): Map<string, string> {
  return new Map(Array.from(functionRegistrations(file), (registration) => [registration.key, registration.name]))
}

/** A file's imports as written (targets and names): what a file importing it reaches through it, where it re-exports them. */
export const importsWritten: (file: FileLayers) => string = (file: FileLayers): string => JSON.stringify(file.edges.filter((edge) => edge.kind === 'imports').map((edge) => [edge.target, edge.names ?? []]))

/** Whether two resolutions of one edge lead to the same place (status, file, symbol, candidate count). */
export const sameResolution = (a: EdgeRecord, b: EdgeRecord): boolean =>
  a.resolution === b.resolution && a.targetPath === b.targetPath && a.targetSymbolId === b.targetSymbolId && a.candidates === b.candidates
