import type { ImportedName } from '@rag/core'
import type { SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { parseBracketed } from '../args.js'
import { firstLine, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'
import { pythonTypedDeclarations } from '../lexical/python-declarations.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { scanStatements } from '../lexical/scan-statements.js'
import { PYTHON_SYNTAX, words } from '../lexical/syntaxes.js'

/**
 * A URLconf module path as Django's `include()` names it: `blog.urls`, `conduit.apps.articles.urls`,
 * `api.v1_urls`, or a module of a `urls` package (`foundation.urls.meetings`, djangoproject.com's).
 */
const DJANGO_URLCONF = /^(?=\w+\.)(?:\w+\.)*\w*urls\w*(?:\.\w+)*$/

const CALL_WORDS: CallWords = {
  keywords: words('if elif while for with except return and or not in is lambda def class assert del yield await raise from import global nonlocal pass break continue try finally else as async match case'),
  beforeCall: words('return await yield if elif while and or not in is else assert del raise from with lambda for case match except'),
  decoratorCalls: true,
}

/** An import statement at the start of a line: `import a.b`, `from .x import y`. */
const IMPORT_LINE = /(?:from[ \t]+[\w.]+[ \t]+import\b|import[ \t]+[\w.])/g

/** A `__main__` guard at the start of an `if` statement. */
export const MAIN_GUARD = /^if\s+(?:__name__\s*==\s*(['"])__main__\1|(['"])__main__\2\s*==\s*__name__)\s*:/

/** `a.b as c` or `a`; an import's local name is the alias, else the dotted name as written. */
function aliased(spec: string): { name: string; alias: string | undefined } | undefined {
  const match = /^([\w.]+)(?:\s+as\s+(\w+))?$/.exec(spec.trim())
  return match ? { name: match[1] as string, alias: match[2] } : undefined
}

/** Parses `import a.b as c, d` and `from ..pkg import (x as y, z)` from the statement's text. */
export function parsePythonImport(raw: string): ParsedImport[] {
  // (Most statements hold no comment and no continued line: their replacements are skipped.)
  const uncommented = raw.includes('#') ? raw.replace(/#[^\n]*/g, '') : raw
  const joined = uncommented.includes('\\') ? uncommented.replace(/\\\r?\n/g, ' ') : uncommented
  const statement = joined.replace(/\s+/g, ' ').trim()
  const from = /^from\s+([.\w]+)\s+import\s+(.*)$/.exec(statement)
  if (from) {
    const names: ImportedName[] = []
    for (const part of (from[2] as string).replace(/[()]/g, '').split(',')) {
      if (part.trim() === '*') names.push({ name: '*' })
      const spec = aliased(part)
      if (spec) names.push(spec.alias && spec.alias !== spec.name ? { name: spec.name, alias: spec.alias } : { name: spec.name })
    }
    return [{ specifier: from[1] as string, names }]
  }
  const plain = /^import\s+(.*)$/.exec(statement)
  if (!plain) return []
  return (plain[1] as string).split(',').flatMap((part) => {
    const spec = aliased(part)
    return spec ? [{ specifier: spec.name, names: [{ name: '*', alias: spec.alias ?? spec.name }] }] : []
  })
}

/** A subscripted (generic) base class, `Base[T]` or `t.Generic[T]`: its name. */
const GENERIC_BASE = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\[/

/** The names an assignment's left side binds: `x`, `a, b`, `(a, b)`; attributes and subscripts bind none. */
function targets(node: SyntaxNode, text: string, out: string[]): void {
  if (node.type === 'identifier') out.push(text.slice(node.startIndex, node.endIndex))
  else if (node.type === 'pattern_list' || node.type === 'tuple_pattern' || node.type === 'list_pattern') {
    for (const child of namedChildrenOf(node)) targets(child, text, out)
  }
}

/**
 * Module-level `X = ...`, `a, b = ...`, `X: int = 1`, `X = Y = 2` (variables; `__all__` sets what
 * is exported), and the same in a class body (properties: class attributes, enum members, the
 * fields of dataclasses, Pydantic settings and Django models, `x: int` included).
 */
function assignment(statement: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  let node = namedChildrenOf(statement)[0]
  if (!node || node.type !== 'assignment') return false
  const signature = firstLine(text, statement.startIndex, statement.endIndex)
  const names: string[] = []
  for (let guard = 0; node && node.type === 'assignment' && guard < 16; guard++) {
    const left = node.childForFieldName('left')
    if (left) targets(left, text, names)
    node = node.childForFieldName('right') ?? undefined
  }
  const kind = scope.kind === '' ? 'variable' : 'property'
  for (const name of names) {
    if (kind === 'variable' && name === '__all__' && node) {
      api.markExported(
        parseBracketed(text.slice(node.startIndex, node.endIndex)).flatMap((arg) => (arg.kind === 'string' ? [arg.value] : [])),
        true,
      )
    }
    api.define({ name, kind, node: statement, signature, exported: !name.startsWith('_') }, scope)
  }
  return true
}

/** A statement that runs the program: `main()`, `sys.exit(main())`, `raise SystemExit(cli())`, `app.run(debug=True)`. */
const RUNS = /^(?:(?:sys\.)?exit\(|raise\s+SystemExit\()?([A-Za-z_][\w.]*)\(/

/**
 * What a `__main__` block runs (`body`: the text after the guard's colon): its one statement's
 * callee (`main()`, `sys.exit(main())`), or the last statement's when there are several (set-up,
 * then `main()` or `app.run()`); `''` when that statement is no call (a loop, a `with` block:
 * a call inside it is no handler).
 */
function mainGuardHandler(body: string): string {
  const inline = body.slice(0, body.indexOf('\n') >= 0 ? body.indexOf('\n') : body.length).trim()
  if (inline !== '' && !inline.startsWith('#')) return runnerOf(inline)
  const lines = body.split('\n').slice(1).filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
  const indent = /^\s*/.exec(lines[0] ?? '')?.[0].length ?? 0
  const statements = lines.filter((line) => /^\s*/.exec(line)![0].length === indent)
  const last = statements.at(-1)?.trim() ?? ''
  // `sys.exit(ret)` after `ret = main(*sys.argv[1:])` (in a `try` too): what set the exit code.
  const exited = EXITS_WITH_NAME.exec(last)?.[1]
  if (exited !== undefined) return new RegExp(String.raw`^[ \t]*${exited}[ \t]*=[ \t]*(?:await[ \t]+)?([A-Za-z_][\w.]*)\(`, 'm').exec(body)?.[1] ?? ''
  return runnerOf(last)
}

/**
 * The callee a statement runs (`main` of `main()` and `sys.exit(main())`), the coroutine's
 * function for an event loop's runner (`main` of `asyncio.run(main())`,
 * `loop.run_until_complete(main())`), the function a runner is given (`main` of
 * `typer.run(main)`), the call a conversion wraps (`main` of `sys.exit(int(not main()))`), none
 * for an exit alone (`sys.exit(1)`).
 */
export function runnerOf(statement: string): string {
  const callee = RUNS.exec(statement)?.[1] ?? ''
  const after = (): string => statement.slice(statement.indexOf(`${callee}(`) + callee.length + 1)
  if (EVENT_LOOP_RUNNERS.test(callee)) return COROUTINE_ARGUMENT.exec(after())?.[1] ?? callee
  // `typer.run(main)`, `fire.Fire(main)`: the function handed over is the program.
  if (FUNCTION_RUNNERS.has(callee)) return FUNCTION_ARGUMENT.exec(after())?.[1] ?? callee
  // `sys.exit(int(not main()))`: the call a conversion wraps.
  if (CONVERSIONS.has(callee)) return COROUTINE_ARGUMENT.exec(after().replace(/^\s*not\s+/, ''))?.[1] ?? callee
  return EXIT_CALLEES.has(callee) ? '' : callee
}

/** Calls that run the function they are given as the program: typer's single-command app, python-fire's. */
const FUNCTION_RUNNERS: ReadonlySet<string> = new Set(['typer.run', 'fire.Fire'])
/** A function named as a call's first argument: `main` of `main)` (after the call's `(`). */
const FUNCTION_ARGUMENT = /^\s*([A-Za-z_][\w.]*)\s*[,)]/
/** Builtins that convert what the program returns into an exit code: `int(not main())`. */
const CONVERSIONS: ReadonlySet<string> = new Set(['int', 'bool'])

/** The function whose call is a runner's first argument: `main` of `main(), debug=True)` (after the runner's `(`). */
const COROUTINE_ARGUMENT = /^\s*(?:await\s+)?([A-Za-z_][\w.]*)\(/

/** Calls that run a coroutine to completion: `asyncio.run`, `trio.run`, `anyio.run`, `loop.run_until_complete`. */
const EVENT_LOOP_RUNNERS = /^(?:(?:asyncio|trio|anyio|uvloop)\.run|[\w.]+\.run_until_complete)$/

/** A last statement exiting with a variable's value: `sys.exit(ret)`, `raise SystemExit(code)`. */
const EXITS_WITH_NAME = /^(?:(?:sys\.)?exit|raise\s+SystemExit)\(\s*([A-Za-z_]\w*)\s*\)/

/** Exits, which run nothing themselves: `sys.exit(1)` is no handler. */
const EXIT_CALLEES: ReadonlySet<string> = new Set(['sys.exit', 'exit', 'os._exit'])

function mainGuard(node: SyntaxNode, api: WalkApi): void {
  const { text } = api
  const head = text.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 120))
  if (!MAIN_GUARD.test(head)) return
  const body = text.slice(node.startIndex, node.endIndex)
  api.entrypoint({
    kind: 'main',
    framework: 'python',
    method: '',
    route: '',
    handler: mainGuardHandler(body.slice((MAIN_GUARD.exec(head) as RegExpExecArray)[0].length)),
    row: node.startPosition.row,
    endRow: node.endPosition.row,
    offset: node.startIndex,
    text: firstLine(text, node.startIndex, node.endIndex),
  })
}

const isPublic = (name: string): boolean => !name.startsWith('_') || /^__\w+__$/.test(name)

/** A decorator registering a route on an app or router object (`@app.route('/')`, `@bp.get('/x')`); not `mock.patch`. */
const ROUTE_DECORATOR = /^@[ \t]*(?!(?:mock|unittest|patch)\b)[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\.(?:route|get|post|put|patch|delete|head|options|websocket|api_route)[ \t]*\(/

/** The text last asked about by {@link hasAt} (a thread walks one file at a time) and the offsets of its `@`s. */
let atText = ''
let atOffsets: number[] = []

/**
 * Whether `text[from .. to)` holds an `@` (most function bodies decorate nothing): the file's `@`s
 * are found once, natively, and each span is a binary search among them.
 */
function hasAt(text: string, from: number, to: number): boolean {
  if (text !== atText) {
    atText = text
    atOffsets = []
    for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) atOffsets.push(at)
  }
  let low = 0
  let high = atOffsets.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((atOffsets[middle] as number) < from) low = middle + 1
    else high = middle
  }
  return low < atOffsets.length && (atOffsets[low] as number) < to
}

/**
 * The route handlers a function defines in its body (an app or blueprint factory: the Flask
 * tutorial's `create_app` with `@app.route('/hello')` over `def hello()`): definitions under the
 * factory (`create_app.hello`), so its routes link their handlers. Other nested functions stay out
 * of the catalog, as locals.
 */
function nestedRouteHandlers(node: SyntaxNode, match: SymbolMatch, inner: Scope, api: WalkApi): void {
  if (match.kind !== 'function' && match.kind !== 'method') return
  // (No `@` in the whole definition, the usual case: nothing to read, not even its body's node.)
  if (node.type !== 'decorated_definition' && !hasAt(api.text, node.startIndex, node.endIndex)) return
  const definition = node.type === 'decorated_definition' ? node.childForFieldName('definition') : node
  const body = definition?.childForFieldName('body')
  if (!body || !hasAt(api.text, body.startIndex, body.endIndex)) return
  for (const child of namedChildrenOf(body)) {
    if (child.type !== 'decorated_definition') continue
    const routed = namedChildrenOf(child).some((d) => d.type === 'decorator' && ROUTE_DECORATOR.test(api.text.slice(d.startIndex, d.endIndex)))
    if (routed) api.walk([child], inner)
  }
}

/** Layer extraction for Python. */
export const pythonFamily: LayerFamily = {
  syntax: PYTHON_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(['decorator']),
  wrappers: new Set(['decorated_definition']),
  scopeThrough: new Set([
    'if_statement',
    'elif_clause',
    'else_clause',
    'try_statement',
    'except_clause',
    'except_group_clause',
    'finally_clause',
    'with_statement',
    'for_statement',
    'while_statement',
    'block',
  ]),
  declaration(node, type, scope, api) {
    if (type === 'expression_statement' && (scope.kind === '' || scope.kind === 'class')) return assignment(node, scope, api)
    if (type === 'if_statement' && scope.kind === '') mainGuard(node, api)
    return false
  },
  declareMembers: nestedRouteHandlers,
  details(node: SyntaxNode, match: SymbolMatch, _scope: Scope, api: WalkApi) {
    const exported = isPublic(match.name)
    if (match.kind !== 'class') return { exported }
    const superclasses = node.childForFieldName('superclasses')
    if (!superclasses) return { exported }
    const heritage = parseBracketed(api.text.slice(superclasses.startIndex, superclasses.endIndex))
      // A generic base is its class: `ParamType[ParamTypeValue]` extends `ParamType`.
      .map((arg) => (arg.key ? undefined : arg.kind === 'name' ? arg.value : GENERIC_BASE.exec(arg.value)?.[1]))
      .filter((target): target is string => target !== undefined && target !== 'object')
      .map((target) => ({ kind: 'extends' as const, target }))
    return { exported, heritage }
  },
  // Imports anywhere, lazy ones inside functions included: one scan of the masked text.
  scanImports: (masked, text) =>
    scanStatements(masked, IMPORT_LINE, 'python').flatMap(({ start, end }) =>
      parsePythonImport(text.slice(start, end)).map(({ specifier, names }) => ({ specifier, names, start, end })),
    ),
  // Django's `include('blog.urls')` (or `include(('blog.urls', 'blog'))`) loads that module (and mounts its routes: `entrypoints/mounts.ts`).
  callImport(name, receiver, firstString) {
    if (receiver !== '' || name !== 'include') return undefined
    const module = firstString()
    return module !== undefined && DJANGO_URLCONF.test(module) ? module : undefined
  },
  typedDeclarations: pythonTypedDeclarations,
  module: (path) =>
    path
      .replace(/\.pyi?$|\.pyw$/, '')
      .replace(/\/__init__$/, '')
      .split('/')
      .join('.'),
}
