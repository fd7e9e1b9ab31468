import type { Arg } from '../args.js'
import type { FileFacts } from '../facts.js'
import type { TypedDeclaration } from '../lexical/typed-declarations.js'

// What Go's mounts (`mount-calls.ts`, `mounts.ts`) read of Go code: built-in functions, package names, and the type
// of a value a mounted router is built by a method of (`todosResource{}.Routes()`,
// `NewX(db).Routes()`, `rs.Routes()` of `rs := todosResource{}`).

/** Go's built-in functions: no router factory of the package. */
const GO_BUILTINS: ReadonlySet<string> = new Set(['make', 'new', 'len', 'cap', 'append', 'copy', 'delete', 'panic', 'recover', 'print', 'println', 'min', 'max', 'clear'])

/** Whether a Go callee is one of the language's built-in functions (`make`, `len`, ...). */
export function isGoBuiltin(name: string): boolean {
  return GO_BUILTINS.has(name)
}

/** A Go package's name: the import path's last segment, before a major-version suffix (`github.com/go-chi/chi/v5` is `chi`). */
export function goPackageName(specifier: string): string {
  const segments = specifier.split('/')
  return (/^v\d+$/.test(segments.at(-1) ?? '') && segments.length > 1 ? segments.at(-2) : segments.at(-1)) ?? ''
}

/** The names a Go file's imports bind, the standard library's too (`http` of `net/http`, `chi` of `github.com/go-chi/chi/v5`). */
export function goImportedPackages(facts: FileFacts): Set<string> {
  const out = new Set<string>()
  for (const fact of facts.imports) for (const bound of fact.names) out.add(bound.alias ?? goPackageName(fact.specifier))
  return out
}

/** The type of the last of a Go file's declarations (`FileFacts.typedDeclarations`) of a name before `at`, when it has one: `todosResource` of `rs := todosResource{}`, `NewHandler()` of `h := NewHandler(db)`, `Handler` of a parameter `h *Handler`. */
export function goTypeBefore(declarations: readonly TypedDeclaration[], name: string, at: number): string | undefined {
  let type: string | undefined
  for (const declaration of declarations) if (declaration.name === name && declaration.offset < at) type = declaration.type
  return type === '' ? undefined : type
}

/** `todosResource{}.Routes()`, `(&users.Resource{DB: db}).Routes()`: a method called on a Go composite literal. */
const GO_LITERAL_METHOD = /^\(?&?((?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*)\s*\{[^{}]*\}\s*\)?\s*\.\s*([A-Za-z_]\w*)\s*\([^()]*\)$/

/** The type and method of a method called on a Go composite literal (`['todosResource', 'Routes']` of `todosResource{}.Routes()`), or `undefined`. */
export function goLiteralMethod(written: string): [type: string, method: string] | undefined {
  const found = GO_LITERAL_METHOD.exec(written)
  return found === null ? undefined : [found[1] as string, found[2] as string]
}

/**
 * The type of the value a Go router is built by a method of, when that value is what a call
 * returns: `NewX()` of `NewX(db).Routes()`, `users.NewResource()` of
 * `users.NewResource(db).Routes()` (one method, on a call of a plain or package function).
 */
export function goChainedType(arg: Arg): string | undefined {
  const [method, ...more] = arg.chain
  if (method === undefined || more.length > 0 || method.chain.length > 0 || !/^[A-Za-z_]\w*$/.test(method.value)) return undefined
  return /^(?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*$/.test(arg.value) && !isGoBuiltin(arg.value) ? `${arg.value}()` : undefined
}
