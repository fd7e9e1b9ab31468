import type { SymbolRecord } from '@rag/core'
import { isBuiltin } from './builtins.js'
import { CLASS_LIKE } from './supertypes.js'

/** TypeScript's return annotation after a signature's last `)`: `): Promise<OpenIndex>` gives `OpenIndex`, `): models.User` `models.User`. */
const TYPESCRIPT_RETURN = /\)\s*:\s*(?:Promise\s*<\s*)?((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)[^)]*$/
/** Python's return annotation: `-> Command | None`, `-> "Context"`, `-> t.Optional[Command]`, `-> _OptionParser` give the class; a union (`-> A | B`) none. */
const PYTHON_RETURN = /->\s*["']?(?:(?:t|typing)\.)?(?:Optional\s*\[\s*)?["']?(?:(?:t|typing)\.)?(_*[A-Z][\w]*(?:\.[A-Z]\w*)*)(?![\w.]|(?:\[[^\]\n]*\])?\s*\|(?!\s*None\b))/
/** Go's first result, after the parameter list: `*Engine`, `(*Engine, error)`, `(c *Context, r *Engine)`, a package's own `*node`, a generic `*Tree[T]`. */
const GO_RESULT = /^\s*(?:\(\s*(?:[a-z_]\w*\s+)?)?\*?((?:[a-z_]\w*\.)?[A-Za-z_]\w*)(?:\[[^\]\n]*\])?\s*(?:[,)]|\{?\s*$)/
/** The index just past the bracket closing the one opened at `open` (`(` or `[`), or -1. */
function pastClosing(text: string, open: number): number {
  let depth = 0
  for (let at = open; at < text.length; at++) {
    const c = text[at]
    if (c === '(' || c === '[') depth++
    else if ((c === ')' || c === ']') && --depth === 0) return at + 1
  }
  return -1
}

/**
 * A Go signature's results, after its parameter list (`func (e *Engine) Group(path string) *RouterGroup`
 * gives ` *RouterGroup`; an interface's method spec `Request() *Request` gives ` *Request`, a
 * variable or field of a function type `retryAfter func(done bool) time.Duration` ` time.Duration`); a
 * parameter of a function type (`newCtx func(app *App) CustomCtx`) is inside the list, not a
 * result. `undefined` when the signature has no whole parameter list.
 */
function goResults(signature: string): string | undefined {
  let at = (/^\s*(?:func\b)?\s*/.exec(signature) as RegExpExecArray)[0].length
  if (signature[at] === '(') {
    // A method's receiver, or a function literal's parameters.
    const end = pastClosing(signature, at)
    if (end < 0) return undefined
    const name = /^\s*[A-Za-z_]\w*\s*(?=[([])/.exec(signature.slice(end))
    if (name === null) return signature.slice(end)
    at = end + name[0].length
  } else {
    // (A variable or field of a function type: `DefaultLogger func(next http.Handler) http.Handler`.)
    const name = /^[A-Za-z_]\w*\s*(?:func\b\s*)?/.exec(signature.slice(at))
    if (name === null) return undefined
    at += name[0].length
  }
  if (signature[at] === '[') at = pastClosing(signature, at)
  if (at < 0 || signature[at] !== '(') return undefined
  const end = pastClosing(signature, at)
  return end < 0 ? undefined : signature.slice(end)
}
/** One result of a Go result list: `error`, `*Response`, `err error`, `n int`; group 1 the type, pointer and generic arguments dropped. */
const GO_LISTED_RESULT = /^\s*(?:[a-z_]\w*\s+)?\*?((?:[a-z_]\w*\.)?[A-Za-z_]\w*)(?:\[[^\]]*\])?\s*$/

/**
 * The type of the Go result at `position` of a signature's result list (`(*Response, error)` gives
 * `error` at 1, `(c *Context, r *Engine)` `Engine` at 1): what the name at that position of
 * `resp, err := app.Test(req)` holds. `error` is kept (its `Error()` is the runtime's); other
 * predeclared types are not; `undefined` without a list or a named type there.
 */
function goResultType(signature: string, position: number): string | undefined {
  const results = goResults(signature)?.trim()
  if (results === undefined || !results.startsWith('(')) return undefined
  const list: string[] = []
  let depth = 0
  let from = 1
  for (let at = 1; at < results.length && depth >= 0; at++) {
    const c = results[at]
    if (c === '(' || c === '[' || c === '{') depth++
    else if ((c === ')' || c === ']' || c === '}') && depth-- === 0) list.push(results.slice(from, at))
    else if (c === ',' && depth === 0) {
      list.push(results.slice(from, at))
      from = at + 1
    }
  }
  const type = GO_LISTED_RESULT.exec(list[position] ?? '')?.[1]
  return type === undefined || (type !== 'error' && isBuiltin('go', type)) ? undefined : type
}

/** Python's generic containers: what a function returns inside one is not the container's member. */
const PYTHON_CONTAINERS = new Set(['List', 'Dict', 'Tuple', 'Set', 'FrozenSet', 'Iterator', 'Iterable', 'Sequence', 'Mapping', 'Callable', 'Generator', 'Any', 'Type', 'Union'])

/**
 * The class a function or method returns, read from its signature's annotation (TypeScript's
 * `): Type` with `Promise<Type>` unwrapped, Python's `-> Type`, Go's first result); `undefined`
 * when the signature declares none, or none with a class.
 */
export function returnedType(signature: string, language: string): string | undefined {
  if (language === 'python') {
    const type = PYTHON_RETURN.exec(signature)?.[1]
    return type === undefined || PYTHON_CONTAINERS.has(type) ? undefined : type
  }
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') return TYPESCRIPT_RETURN.exec(signature)?.[1]
  if (language === 'go') {
    const results = goResults(signature)
    const type = results === undefined ? undefined : GO_RESULT.exec(results)?.[1]
    // (`) string`: the runtime's types; `) struct{...}` none. `) error` is kept: its `Error()` is the runtime's.)
    return type === undefined || (type !== 'error' && isBuiltin('go', type)) || type === 'struct' || type === 'interface' ? undefined : type
  }
  return undefined
}

/** Python's containers of a class in a return annotation: `-> list[Parameter]`, `-> t.Iterator["Command"]`. */
const PYTHON_ELEMENTS =
  /->\s*["']?(?:[a-z_]\w*\.)*(?:list|List|set|Set|frozenset|FrozenSet|tuple|Tuple|Sequence|MutableSequence|Iterable|Iterator|Collection|AbstractSet|Generator)\s*\[\s*["']?(?:[a-z_]\w*\.)*(_*[A-Z]\w*)/
/** TypeScript's arrays and iterables of a class in a return annotation: `): Item[]`, `): readonly Item[]`, `): Promise<Item[]>`. */
const TYPESCRIPT_ARRAY = /\)\s*:\s*(?:Promise\s*<\s*)?(?:readonly\s+)?((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)\s*\[\s*\][^)]*$/
/** `): Array<Item>`, `): Iterable<Item>`, `): Generator<Item, ...>`. */
const TYPESCRIPT_ITERABLE = /\)\s*:\s*(?:Promise\s*<\s*)?(?:Array|ReadonlyArray|Iterable|IterableIterator|Iterator|Generator|AsyncIterable|AsyncGenerator|Set|ReadonlySet)\s*<\s*((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)[^)]*$/

/**
 * The class of the elements a function or method returns a container of (Python's `->
 * list[Parameter]`, TypeScript's `): Item[]` or `): Iterable<Item>`): what a loop over its value
 * holds. `undefined` when the signature declares no such container.
 */
export function elementType(signature: string, language: string): string | undefined {
  if (language === 'python') return PYTHON_ELEMENTS.exec(signature)?.[1]
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') return (TYPESCRIPT_ARRAY.exec(signature) ?? TYPESCRIPT_ITERABLE.exec(signature))?.[1]
  return undefined
}

/** Python's tuple return annotation, up to its `[`: `-> tuple[`, `-> t.Tuple[`. */
const PYTHON_TUPLE = /->\s*["']?(?:(?:t|typing)\.)?(?:tuple|Tuple)\s*\[/
/** One element of it: an optional class (`Command | None`, `t.Optional["Command"]`), not a union of classes nor a container. */
const PYTHON_TUPLE_ELEMENT = /^["']?(?:(?:t|typing)\.)?(?:Optional\s*\[\s*["']?)?((?:[a-z_]\w*\.)*_*[A-Z]\w*)["']?(?:\s*\])?(?:\s*\|\s*None)?$/

/**
 * The class of the element at `position` of the tuple a Python function returns: what the name at
 * that position holds in `cmd_name, cmd, args = self.resolve_command(ctx, args)` of `->
 * tuple[str | None, Command | None, list[str]]` (`Command` at 1). `undefined` when the signature
 * declares no tuple, or no class there.
 */
export function tupleElementType(signature: string, language: string, position: number): string | undefined {
  if (language === 'go') return goResultType(signature, position)
  const tuple = language === 'python' ? PYTHON_TUPLE.exec(signature) : null
  if (tuple === null) return undefined
  const elements: string[] = []
  let depth = 0
  let from = tuple.index + tuple[0].length
  for (let at = from; at < signature.length && depth >= 0; at++) {
    const c = signature[at]
    if (c === '[') depth++
    else if (c === ']' && depth-- === 0) elements.push(signature.slice(from, at))
    else if (c === ',' && depth === 0) {
      elements.push(signature.slice(from, at))
      from = at + 1
    }
  }
  const type = PYTHON_TUPLE_ELEMENT.exec((elements[position] ?? '').trim())?.[1]
  return type === undefined || PYTHON_CONTAINERS.has(type.slice(type.lastIndexOf('.') + 1)) ? undefined : type
}

/**
 * The class a call of `symbol` gives: an instance of it when it is a class, else what its
 * signature returns, or, without an annotation, what its `return`s give (`SymbolRecord.returns`);
 * with `elements`, the class of the elements it returns a container of; with a number, the class
 * at that position of the tuple it returns.
 */
export function typeOfCall(symbol: SymbolRecord, elements: boolean | number): string | undefined {
  if (typeof elements === 'number') return tupleElementType(symbol.signature, symbol.language, elements)
  if (elements) return elementType(symbol.signature, symbol.language)
  // (A fixture's `returns` may be a call, `app.test_client()`: no class.)
  return CLASS_LIKE.has(symbol.kind) ? symbol.name : (returnedType(symbol.signature, symbol.language) ?? (symbol.returns?.endsWith(')') ? undefined : symbol.returns))
}
