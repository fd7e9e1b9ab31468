import { callbackParameterRead, type EntrypointRecord, type FileLayers, type RawEdge, type SymbolRecord } from '@rag/core'
import { handlerSymbol } from './handler-symbols.js'
import { parameterTexts } from './parameter-types.js'
import { CJS_LANGUAGES } from './bare-names.js'
import { resolveName } from './resolve-names.js'
import type { Supertypes } from './supertypes.js'

/** Frameworks that call a route's handler with their own request, response, reply or context (`(req, res, next)`, `(request, reply)`, `(ctx, next)`, `(c)`). */
const SERVING_FRAMEWORKS: ReadonlySet<string> = new Set(['express', 'fastify', 'koa', 'hono'])

/** Calls that register a route's handler: `app.get('/users', user.list)`, `router.all(...)`, `fastify.route({ handler })`. */
const REGISTRATION = /^(?:get|post|put|patch|delete|del|options|head|all|use|route)$/

/** A parameter's name in a signature's text: `req` of `req`, `res = {}`, `...rest`; none of a destructured `{ params }`. */
const PARAMETER_NAME = /^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)/

const FUNCTION_KINDS: ReadonlySet<string> = new Set(['function', 'method'])

/** Kinds of a constant holding a wrapped handler: `const createUser = catchAsync(async (req, res) => {...})`. */
const VALUE_KINDS: ReadonlySet<string> = new Set(['constant', 'variable'])

/** A value that is a call wrapping a function written inline: group 1 that function's parameters (`req, res` of `createUser = catchAsync(async (req, res) => {`, of `exports.index = async(function* (req, res) {`). */
const WRAPPED_FUNCTION = /=\s*[A-Za-z_$][\w$.]*\(\s*(?:async\s+)?(?:function\b\s*\*?\s*[\w$]*\s*)?\(([^()]*)\)\s*(?:=>|\{)/

/** Handlers being checked: a registration whose resolution reads another handler's parameters ends there. */
const checking = new Set<string>()

/**
 * Which calls of one JavaScript or TypeScript file are on a parameter of a named route handler
 * that a package's HTTP framework calls: `res.render()`, `req.session.destroy()` and `next()` in
 * `exports.list = function (req, res, next) {...}` when another file registers it with
 * `app.get('/users', user.list)` on an app of `express()`. Such a parameter holds the framework's
 * request, response or callback, never a value of the indexed code: the call is the package's
 * (`external`), not a guess at a method of the index with the same name. Handlers written inline
 * are typed where they are written (`parameter-types.ts`); this covers those passed by name.
 *
 * Every name whose routes it reads joins `looked`, so a change to a route naming the handler
 * re-resolves the file.
 */
export class ServedHandlers {
  readonly #file: FileLayers
  readonly #supers: Supertypes
  readonly #looked: Set<string>
  readonly #served = new Map<string, boolean>()
  readonly #parameters = new Map<string, ReadonlySet<string>>()

  constructor(file: FileLayers, supers: Supertypes, looked: Set<string>) {
    this.#file = file
    this.#supers = supers
    this.#looked = looked
  }

  /**
   * Whether `edge` calls a parameter of a served handler around it, or a method of one
   * (`res.json()`); a handler is a function, or a constant holding a call that wraps one
   * written inline (`const createUser = catchAsync(async (req, res) => {...})`). Asked only of
   * calls that resolve to no definition for sure (guessed by name, or not found).
   */
  servesCall(edge: RawEdge): boolean {
    // (A parameter's type read from the callee it is passed to, `catchAsync`'s callback's: the wrapper's, when it declares none.)
    const untyped = edge.receiverType === undefined || callbackParameterRead(edge.receiverType) !== undefined
    if (edge.kind !== 'calls' || !untyped || !edge.sourceSymbolId || !CJS_LANGUAGES.has(this.#file.language)) return false
    const index = this.#supers.index
    const receiver = edge.receiver ?? ''
    const root = receiver === '' ? edge.target : /^[A-Za-z_$][\w$]*/.exec(receiver)?.[0]
    if (root === undefined || root === 'this') return false
    // The nearest function declaring the name as a parameter is what the name holds.
    for (let symbol = index.symbol(edge.sourceSymbolId); symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
      if ((FUNCTION_KINDS.has(symbol.kind) || VALUE_KINDS.has(symbol.kind)) && this.#parametersOf(symbol).has(root)) return this.#isServed(symbol)
    }
    return false
  }

  #parametersOf(symbol: SymbolRecord): ReadonlySet<string> {
    let names = this.#parameters.get(symbol.id)
    if (names === undefined) {
      const texts = FUNCTION_KINDS.has(symbol.kind) ? parameterTexts(symbol.signature) : (WRAPPED_FUNCTION.exec(symbol.signature)?.[1]?.split(',') ?? [])
      names = new Set(texts.flatMap((text) => PARAMETER_NAME.exec(text)?.[1] ?? []))
      this.#parameters.set(symbol.id, names)
    }
    return names
  }

  /**
   * Whether a route of a serving framework, registered on the package's app or router, names
   * `handler` (as its handler or a middleware before it), or such an app or router mounts it
   * (`app.use(errorHandler)`).
   */
  #isServed(handler: SymbolRecord): boolean {
    // (Also when no route names it yet: one that comes later re-resolves the file.)
    this.#looked.add(handler.name)
    const known = this.#served.get(handler.id)
    if (known !== undefined) return known
    if (this.#supers.index.registrationsNamed(handler.name).length === 0) return false
    if (checking.has(handler.id)) return false
    checking.add(handler.id)
    try {
      const served = this.#registered(handler)
      this.#served.set(handler.id, served)
      return served
    } finally {
      checking.delete(handler.id)
    }
  }

  #registered(handler: SymbolRecord): boolean {
    const { index, resolved } = this.#supers
    for (const { path, entry, mount, written } of index.registrationsNamed(handler.name)) {
      const home = entry === undefined || SERVING_FRAMEWORKS.has(entry.framework) ? index.file(path) : undefined
      if (home === undefined) continue
      const bindings = this.#supers.bindingsOf(home)
      if (entry) {
        // The chunker's link to a handler of the route's own file, else the handler (or middleware) as the route's file resolves it.
        const linked = written === entry.handler && entry.path === handler.path && entry.handlerSymbolId === handler.id
        const named = written === entry.handler ? entry : { ...entry, handler: written, handlerSymbolId: '' }
        if (!linked && handlerSymbol(named, home, () => bindings, index, resolved) !== handler.id) continue
      } else if (mount === undefined || resolveName(mount, home, bindings, index, resolved, this.#supers).targetSymbolId !== handler.id) continue
      const registration = registrationOf(home, (entry ?? mount) as Registered)
      if (registration && resolveName(registration, home, bindings, index, resolved, this.#supers).resolution === 'external') return true
    }
    return false
  }
}

/** What the call that registers a function is found by: its router and line (of a route, or of `app.use(fn)`'s `mounts` edge). */
type Registered = Pick<EntrypointRecord, 'router' | 'startLine'>

/**
 * The call that registers a route (`app.get` of `app.get('/users', user.list)`): on the route's
 * router, the call at its line, else another registration on that router (a file's edges hold
 * one per callee and caller, at its first line: `app.get` for every `app.get(...)` at the top).
 */
function registrationOf(file: FileLayers, entry: Registered): RawEdge | undefined {
  let found: RawEdge | undefined
  for (const edge of file.edges) {
    if (edge.kind !== 'calls' || !REGISTRATION.test(edge.target) || (entry.router !== undefined ? edge.receiver !== entry.router : edge.startLine !== entry.startLine)) continue
    if (edge.startLine === entry.startLine) return edge
    found ??= edge
  }
  return found
}
