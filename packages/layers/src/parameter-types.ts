import { callbackParameterRead, parameterRead, type CallbackParameterRead, type FileLayers, type ParameterRead } from '@rag/core'
import { EXTERNAL, type Resolved } from './resolved.js'
import type { SymbolIndex } from './symbol-index.js'

const OPENING = '(<[{'
const CLOSING = ')>]}'
/** One parameter annotated with exactly a class (no array, union or function): `api: WalkApi`, `scope?: models.Scope<T>`. */
const CLASS_PARAMETER = /^\s*(?:\.\.\.)?[A-Za-z_$][\w$]*\s*\??\s*:\s*((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)\s*(?:<(?:[^<>()]|<[^<>()]*>)*>)?\s*(?:=.*)?$/s

/**
 * The text of each parameter of a signature, in order (`['context: CommandContext', ' work:
 * (index: OpenIndex) => Promise<number>']` of `withIndex(context: CommandContext, work: (index:
 * OpenIndex) => Promise<number>)`; `['']` for `f()`); of a list that does not close, the
 * parameters before its last comma.
 */
export function parameterTexts(signature: string): string[] {
  const texts: string[] = []
  const open = signature.indexOf('(')
  if (open < 0) return texts
  let depth = 0
  let start = open + 1
  for (let at = open + 1; at < signature.length; at++) {
    const char = signature[at] as string
    if (OPENING.includes(char)) depth++
    else if (char === ')' && depth === 0) {
      texts.push(signature.slice(start, at))
      return texts
    } else if (CLOSING.includes(char) && !(char === '>' && signature[at - 1] === '=')) depth--
    else if (char === ',' && depth === 0) {
      texts.push(signature.slice(start, at))
      start = at + 1
    }
  }
  return texts
}

/**
 * The text of the parameter at `position` of a signature (`work: (index: OpenIndex) =>
 * Promise<number>` for 1 in `withIndex(context: CommandContext, work: (index: OpenIndex) =>
 * Promise<number>)`); `undefined` when the signature has no such parameter.
 */
export function parameterTextAt(signature: string, position: number): string | undefined {
  return parameterTexts(signature)[position]
}

/**
 * The class the parameter at `position` of a signature is annotated with (`WalkApi` for 3 in
 * `declaration(node: SyntaxNode, type: string, scope: Scope, api: WalkApi): boolean`);
 * `undefined` when the signature has no such parameter or it is not annotated with exactly a class.
 */
export function parameterTypeAt(signature: string, position: number): string | undefined {
  const text = parameterTextAt(signature, position)
  return text === undefined ? undefined : CLASS_PARAMETER.exec(text)?.[1]
}

/** A parameter annotated with a function type: group 1 the function type (`(index: OpenIndex) => Promise<number>`). */
const FUNCTION_PARAMETER = /^\s*(?:\.\.\.)?[A-Za-z_$][\w$]*\s*\??\s*:\s*((?:<[^()]*>\s*)?\([^]*=>[^]*)$/

/**
 * The class a callback's parameter is annotated with, where the signature annotates the parameter
 * at `argument` with a function type: `OpenIndex` for (1, 0) in `withIndex(context:
 * CommandContext, work: (index: OpenIndex, root: string) => Promise<number>)`.
 */
export function callbackParameterTypeAt(signature: string, argument: number, position: number): string | undefined {
  const text = parameterTextAt(signature, argument)
  const type = text === undefined ? undefined : FUNCTION_PARAMETER.exec(text)?.[1]
  if (type === undefined) return undefined
  // A function type's `this` (`(this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic`) is no parameter a caller passes.
  const declaresThis = /^\s*this\s*:/.test(parameterTextAt(type, 0) ?? '')
  return parameterTypeAt(type, declaresThis ? position + 1 : position)
}

/** How {@link memberOfParameter} finds a type's method, and a member of a class as a file names it. */
export interface ParameterLookups {
  method(type: string, method: string): Resolved | undefined
  member(type: string, name: string, home: FileLayers): Resolved | undefined
}

/**
 * The member `name` of a parameter its context types (`api.define()` in `const family: LayerFamily
 * = { declaration(node, type, scope, api) { ... } }`): the type's method as the file resolves it,
 * then the class its signature annotates that parameter with, read as the method's file names it.
 * `undefined` when a step fails.
 */
export function memberOfParameter(read: ParameterRead, name: string, index: SymbolIndex, lookups: ParameterLookups): Resolved | undefined {
  const method = lookups.method(read.of, read.method)
  const symbol = method?.resolution === 'resolved' && method.targetSymbolId ? index.symbol(method.targetSymbolId) : undefined
  const type = symbol ? parameterTypeAt(symbol.signature, read.index) : undefined
  const home = symbol ? index.file(symbol.path) : undefined
  return type && home ? lookups.member(type, name, home) : undefined
}

/** How {@link memberOfCallbackParameter} finds a callee as the calling file names it, and a member of a class as a file names it. */
export interface CallbackLookups {
  callee(callee: string): Resolved | undefined
  member(type: string, name: string, home: FileLayers): Resolved | undefined
}

/**
 * Functions of test runners (ava, node:test, tap, mocha, jasmine, ...), and their modifiers
 * (`test.serial`, `it.only`), whose callbacks get the runner's own values (`t`, `done`, a suite's
 * context) when the function is the runner's (imported from a package, or a global): never a value
 * of the indexed code.
 */
const TEST_RUNNER_CALLEE = /^(?:test|it|describe|suite|context|specify|before|after|beforeEach|afterEach|beforeAll|afterAll)(?:\.(?:only|skip|serial|todo|failing|concurrent|sequential))?$/

/**
 * Functions whose callbacks get an HTTP server's or framework's own request, response, reply or
 * context: the runtime's `createServer` (`http`, `https`, `http2`, `net`) and `http.request`,
 * and route or middleware registrations on a package's app or router (Express, Koa's router,
 * Fastify, Hono, restify: `app.get('/users', (req, res) => res.json(users))`,
 * `app.use((err, req, res, next) => next(err))`), when the function is the package's or the
 * runtime's: never a value of the indexed code.
 */
const HTTP_HANDLER_CALLEE = /^(?:(?:[\w$]+\.)*(?:createServer|createSecureServer)|[\w$]+(?:\.[\w$]+)*\.(?:get|post|put|patch|delete|del|options|head|all|use|route|request))$/

/**
 * The member `name` of a callback's parameter its callee types (`index.rag` in `withIndex(context,
 * async (index) => index.rag.symbols())`): the callee as the file resolves it (a class's
 * constructor for `new`), then the class its signature annotates the callback's parameter with,
 * read as the callee's file names it.
 * `undefined` when a step fails.
 */
export function memberOfCallbackParameter(read: CallbackParameterRead, name: string, index: SymbolIndex, lookups: CallbackLookups): Resolved | undefined {
  const callee = lookups.callee(read.callee)
  // A test runner's (ava's or node:test's `test('x', (t) => t.is(a, b))`, mocha's `it('x', (done) => done())`): its context's;
  // an HTTP handler's (`createServer((req, res) => res.end())`, Express's `app.get('/', (req, res) => res.json(x))`): the server's.
  if (callee?.resolution === 'external' && (TEST_RUNNER_CALLEE.test(read.callee) || HTTP_HANDLER_CALLEE.test(read.callee))) return EXTERNAL
  const called = callee?.resolution === 'resolved' && callee.targetSymbolId ? index.symbol(callee.targetSymbolId) : undefined
  // `new Observable(...)`: the class's constructor.
  const symbol = read.constructs === true && called ? index.byQname(called.path, `${called.qname}.constructor`) : called
  const type = symbol ? callbackParameterTypeAt(symbol.signature, read.argument, read.index) : undefined
  const home = symbol ? index.file(symbol.path) : undefined
  return type && home ? lookups.member(type, name, home) : undefined
}

/** A receiver type that is a parameter its context types: of a type's method, or of a callback given to a call. */
export function parameterReadOf(type: string): ParameterRead | CallbackParameterRead | undefined {
  return parameterRead(type) ?? callbackParameterRead(type)
}

/** The member `name` of a parameter its context types: {@link memberOfParameter} or {@link memberOfCallbackParameter}. */
export function memberOfParameterRead(read: ParameterRead | CallbackParameterRead, name: string, index: SymbolIndex, lookups: ParameterLookups & CallbackLookups): Resolved | undefined {
  return 'callee' in read ? memberOfCallbackParameter(read, name, index, lookups) : memberOfParameter(read, name, index, lookups)
}
