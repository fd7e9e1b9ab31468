import { keyArg, stringList, type Arg } from '../args.js'
import type { DecoratorFact, EntrypointDraft, SymbolFact } from '../facts.js'
import { nestedDecoratedDefinitions } from './nested-definitions.js'
import { decoratorDraft, decoratorReceiver, joinRoute, lastSegment, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'
import type { RouteEntry } from './route-shapes.js'

/** Decorator- or annotation-based routes on methods, with an optional prefix on their class. */
export interface DecoratedRoutes extends RouteEntry {
  /** Decorator names (last segment) to HTTP methods: `Get` -> `GET`, `GetMapping` -> `GET`, `get` -> `GET`. */
  readonly verbs: Readonly<Record<string, string>>
  /** Decorators whose methods come from an argument (`route`, `RequestMapping`, `api_route`). */
  readonly generic?: {
    readonly names: readonly string[]
    readonly methodKeys: readonly string[]
    readonly defaultMethod: string
    /** The methods are the first positional argument, the path the next (Django Ninja's `@api.api_operation(["GET", "POST"], "/x")`). */
    readonly methodsFirst?: boolean
  }
  /** Decorators on the enclosing class that give a route prefix (`Controller`, `RequestMapping`, `Path`). */
  readonly classPrefix?: readonly string[]
  /** Receivers whose decorators document a request the app sends, not a route it serves (FastAPI's `@app.webhooks.post(...)`). */
  readonly skipReceivers?: RegExp
  /** Decorators of a class whose methods send requests, not serve them (Spring Cloud's `@FeignClient` interfaces). */
  readonly clientClasses?: readonly string[]
  /** Keyword arguments that hold the path when it is not the first positional one. */
  readonly pathKeys: readonly string[]
  /** Only dotted decorators count (`app.get`, not a bare `get`). @default false */
  readonly dotted?: boolean
  /** Normalises the final route. @default identity */
  readonly normalise?: (route: string) => string
  /** A controller's root (NestJS's `@Get('/')` in `@Controller('cats')`) is served at `/cats`, not `/cats/`. @default false */
  readonly rootIsPrefix?: boolean
  /**
   * Decorator names (last segment) that count, in a file without an import of the framework, on a
   * receiver the file imports from its own project (`from . import routes`, `from app.main import
   * main` in `app/main/views.py`) whatever its name: a blueprint's routes module often imports only
   * its blueprint.
   */
  readonly projectReceivers?: readonly string[]
  /** Also routes decorated inside a function body (Python app or blueprint factories; see `nested-definitions.ts`). @default false */
  readonly nested?: boolean
  /** The API versions a route declares (NestJS's `@Version('2')`, `@Controller({ version: '1' })`), recorded on its draft. */
  readonly versionOf?: (symbol: SymbolFact) => string | undefined
  /** A class attribute that gives the route prefix of its methods (Litestar's `path = "/users"` in a `Controller`). */
  readonly classAttribute?: string
  /**
   * The path from the root a method's path stands for when it overrides the class prefix, else
   * `undefined` (ASP.NET's `[HttpGet("/health")]` and `[HttpGet("~/ping")]` under `[Route("api/[controller]")]`).
   */
  readonly fromRoot?: (path: string) => string | undefined
}

/** Modules whose `patch` decorates a test with a mock: `unittest.mock`, and the `mock` package it came from. */
const MOCK_MODULES: ReadonlySet<string> = new Set(['unittest.mock', 'mock'])

/**
 * `@patch("app.health")` of `from unittest.mock import patch`, `@mock.patch(...)`,
 * `@unittest.mock.patch(...)`: a test's mock, not an HTTP `PATCH` route.
 */
function isMockPatch(decorator: DecoratorFact, context: DetectContext): boolean {
  const receiver = decoratorReceiver(decorator)
  if (receiver !== '') return receiver === 'mock' || receiver.endsWith('.mock')
  return context.facts.imports.some((fact) => MOCK_MODULES.has(fact.specifier) && fact.names.some((named) => (named.alias ?? named.name) === decorator.name))
}

/**
 * The names a file imports from libraries other than the framework (`Options` of `import
 * org.apache.ibatis.annotations.Options;`): decorators so named are not the framework's. Names
 * from the project's own modules do not count: they may re-export the framework's.
 */
function foreignNames(context: DetectContext, modules: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>()
  for (const fact of context.facts.imports) {
    // (The project's own modules may re-export the framework's decorators: `import { Get } from '../common/http'`.)
    if (modules.length === 0 || modules.some((module) => fact.specifier.startsWith(module)) || /^(?:\.|[@~]\/|#)/.test(fact.specifier)) continue
    for (const name of fact.names) if (name.name !== '*') out.add(name.alias ?? name.name)
    // (Java's `import a.b.Options;` names the class by the specifier's last segment.)
    if (fact.names.length === 0 && /^[\w.]+\.[A-Z]\w*$/.test(fact.specifier)) out.add(fact.specifier.slice(fact.specifier.lastIndexOf('.') + 1))
  }
  return out
}

/** The string a method's class assigns to `attribute` in its body (`path = "/users"`), else `''`. */
function classAttributePrefix(symbol: SymbolFact, symbols: readonly SymbolFact[], attribute: string): string {
  const owner = symbol.parent
  if (owner === undefined || owner.kind !== 'class') return ''
  const assigned = symbols.find((each) => each.parent === owner && each.name === attribute && each.kind !== 'method' && each.kind !== 'function')
  return (assigned && new RegExp(`\\b${attribute}\\s*(?::[^=]*)?=\\s*(["'])([^"']*)\\1`).exec(assigned.signature)?.[2]) ?? ''
}

/** The path arguments of a decorator: the first positional string (or strings of a list) or a keyed one. */
export function decoratorPaths(args: readonly Arg[], keys: readonly string[]): string[] {
  for (const key of keys) {
    const keyed = keyArg(args, key)
    if (keyed) return pathList(keyed)
  }
  const first = args.find((arg) => !arg.key)
  if (!first) return ['']
  if (first.kind !== 'list') return pathList(first)
  if (!first.items.some((item) => item.key)) return pathList(first)
  // An options object: @Controller({ path: 'cats' })
  for (const key of keys) {
    const keyed = keyArg(first.items, key)
    if (keyed) return pathList(keyed)
  }
  return ['']
}

/** A dotted name: a constant (`API`, `Paths.USERS`, `ApiRoutes.V1`). */
const CONSTANT = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/

/**
 * A path as written: a string; a constant as `{Paths.USERS}` (the graph reads the constant's
 * string where the index defines it); a concatenation of both (`Paths.API + "/users"` is
 * `{Paths.API}/users`); `undefined` for any other expression.
 */
function pathOf(arg: Arg): string | undefined {
  if (arg.kind === 'string') return arg.value
  if (arg.kind === 'name') return CONSTANT.test(arg.value) ? `{${arg.value}}` : undefined
  if (arg.kind !== 'other') return undefined
  let path = ''
  for (const part of arg.value.split('+')) {
    const term = part.trim()
    const quoted = /^(["'])([^"'\\]*)\1$/.exec(term)
    if (quoted) path += quoted[2] as string
    else if (CONSTANT.test(term)) path += `{${term}}`
    else return undefined
  }
  return path
}

/** The paths of a decorator argument: one, or each of a list (`@GetMapping({"/a", "/b"})`). */
function pathList(arg: Arg): string[] {
  const items = arg.kind === 'list' ? arg.items : [arg]
  return items.flatMap((item) => {
    const path = pathOf(item)
    return path === undefined ? [] : [path]
  })
}

/** Methods named by an argument: `methods=['GET', 'POST']`, `method = RequestMethod.POST`, `method = "GET"`. */
function methodsFrom(args: readonly Arg[], keys: readonly string[]): string[] {
  const out: string[] = []
  for (const arg of args) {
    if (!keys.includes(arg.key)) continue
    for (const value of stringList(arg)) out.push(lastSegment(value).toUpperCase())
  }
  return out
}

function classPrefixes(symbol: SymbolFact, names: readonly string[], keys: readonly string[]): string[] {
  let parent = symbol.parent
  while (parent && parent.kind !== 'class' && parent.kind !== 'interface') parent = parent.parent
  const decorator = parent?.decorators.find((d) => names.includes(lastSegment(d.name)))
  if (!decorator) return ['']
  const paths = decoratorPaths(decorator.args, keys)
  return paths.length > 0 ? paths : ['']
}

/**
 * Whether a Python file imports `name` from a module of its own project: a relative import, or an
 * absolute one whose first segment is a directory on the file's path (`from app.main import bp`
 * in `app/main/routes.py`).
 */
function importedFromProject(context: DetectContext, name: string): boolean {
  const { imports, path } = context.facts
  const dirs = path.split('/').slice(0, -1)
  return imports.some((fact) => fact.names.some((n) => (n.alias ?? n.name) === name) && (fact.specifier.startsWith('.') || dirs.includes(fact.specifier.split('.')[0] as string)))
}

/** A detector for decorator- or annotation-based routes. */
export function decoratedRoutes(entry: DecoratedRoutes): EntrypointDetector {
  const projectReceivers = entry.projectReceivers
  // A decorator that counts on a receiver imported from the project (see `projectReceivers`).
  const onProjectReceiver = (context: DetectContext, decorator: DecoratorFact): boolean =>
    projectReceivers !== undefined && decorator.name.includes('.') && projectReceivers.includes(lastSegment(decorator.name)) && importedFromProject(context, decoratorReceiver(decorator))
  return {
    ...entry,
    ...(projectReceivers ? { opens: (context: DetectContext) => context.facts.symbols.some((symbol) => symbol.decorators.some((d) => onProjectReceiver(context, d))) } : {}),
    detect(context: DetectContext): EntrypointDraft[] {
      const drafts: EntrypointDraft[] = []
      const imported = entry.imports.some((module) => context.imports(module)) || (entry.mentions !== undefined && context.mentions(entry.mentions))
      const nested = entry.nested ? nestedDecoratedDefinitions(context) : []
      const foreign = foreignNames(context, entry.imports)
      for (const symbol of nested.length > 0 ? [...context.facts.symbols, ...nested] : context.facts.symbols) {
        if (symbol.kind !== 'function' && symbol.kind !== 'method') continue
        if (entry.clientClasses && symbol.parent?.decorators.some((d) => entry.clientClasses?.includes(lastSegment(d.name)))) continue
        for (const decorator of symbol.decorators) {
          const name = lastSegment(decorator.name)
          const dotted = decorator.name.includes('.')
          if (entry.dotted && !dotted) continue
          // An annotation of that name from another library: MyBatis's `@Options(useGeneratedKeys = true)` beside Micronaut's.
          if (!dotted && foreign.has(name)) continue
          // Without an import of the framework, only a receiver named like one of its objects, or one imported from the project, counts.
          const receiver = decoratorReceiver(decorator)
          if (!imported && !entry.receivers?.test(receiver) && !onProjectReceiver(context, decorator)) continue
          if (entry.skipReceivers?.test(receiver)) continue
          if (name === 'patch' && isMockPatch(decorator, context)) continue
          let methods: string[]
          let pathArgs = decorator.args
          if (ownEntry(entry.verbs, name) !== undefined) methods = [ownEntry(entry.verbs, name) as string]
          else if (entry.generic?.names.includes(name)) {
            const listed = entry.generic.methodsFirst ? decorator.args.find((arg) => !arg.key) : undefined
            if (listed !== undefined) pathArgs = decorator.args.filter((arg) => arg !== listed)
            methods = listed !== undefined ? stringList(listed).map((value) => value.toUpperCase()) : methodsFrom(decorator.args, entry.generic.methodKeys)
            if (methods.length === 0) methods = [entry.generic.defaultMethod]
          } else continue
          const prefixes = entry.classPrefix
            ? classPrefixes(symbol, entry.classPrefix, entry.pathKeys)
            : entry.classAttribute
              ? [classAttributePrefix(symbol, context.facts.symbols, entry.classAttribute)]
              : [context.prefixOf(receiver)]
          const version = entry.versionOf?.(symbol)
          for (const prefix of prefixes) {
            for (const path of decoratorPaths(pathArgs, entry.pathKeys)) {
              const rooted = entry.fromRoot?.(path)
              const route = rooted !== undefined ? rooted : entry.rootIsPrefix && path === '/' && prefix !== '' ? joinRoute(prefix, '') : joinRoute(prefix, path)
              for (const method of methods) {
                const made = decoratorDraft(symbol, decorator, { kind: 'http-route', framework: entry.framework, method, route: entry.normalise ? entry.normalise(route) : route })
                // A nested definition (a route handler an app factory defines) is declared by its factory.
                const nested = symbol.id === '' || symbol.parent?.kind === 'function' || symbol.parent?.kind === 'method'
                const drafted = nested ? { ...made, declaring: symbol.parent } : made
                const draft = version === undefined ? drafted : { ...drafted, version }
                // A controller class's routes hang from the class (NestJS modules mount it: `nest-modules.ts`).
                drafts.push((entry.classPrefix || entry.classAttribute) && draft.router === undefined && symbol.parent ? { ...draft, router: symbol.parent.name } : draft)
              }
            }
          }
        }
      }
      return drafts
    },
  }
}
