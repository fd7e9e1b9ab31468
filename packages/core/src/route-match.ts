import { globToRegExp, isGlob } from './glob.js'

/**
 * Parameters and wildcards of the route templates the detectors record, one alternative each:
 * Express 5's optional groups `{/:id}`, `{.:ext}` (a group starts with a separator); Next.js
 * `[[...slug]]`, `[...slug]`, `[id]`; Nuxt's optional `[[slug]]`; axum `{*rest}`; Go `{rest...}` and `{$}`; FastAPI and
 * Starlette `{p:path}`; `{id}` and `{id:\d+}`; Flask and Django `<path:p>`, `<int:id>`; Express,
 * Hono, Gin and Koa `:id`, `:id?`, `:id(\d+)`, `:id{[0-9]+}` (not `:name{.:ext}`, a name and a
 * group); `*` and Gin's `*filepath`; TanStack Router's `$postId`; Tornado's regular-expression
 * groups, `/items/([0-9]+)`.
 */
const PARAMETER =
  /\{[-/.][^{}]*\}|\[\[\.\.\.[^\]]*\]\]|\[\[[^\]/]+\]\]|\[\.\.\.[^\]]*\]|\[[^\]/]+\]|\{\*[^}]*\}|\{[^}/]*\.\.\.\}|\{\$\}|\{[^}:/]+:path\}|\{[^}/]+\}|<path:[^>]+>|<[^>/]+>|:[A-Za-z_$][\w$]*(?:\([^)]*\)|\{(?![-/.][^}]*[:*][A-Za-z_$])[^}]*\})?\??|\*[\w$]*|\$[A-Za-z_]\w*|\((?!\?)(?:\[[^\]]*\]|[^()/[\]])+\)/g

/** Django's regular-expression routes (`^articles/(?P<pk>[^/.]+)/$`), joined from several `url()` entries. */
const REGEX_ROUTE = /\(\?P<|^\^|\$$/

const trimSlashes = (path: string): string => path.replace(/^\/+|\/+$/g, '')

const escape = (literal: string): string => literal.replace(/[.+?^${}()|[\]\\*]/g, '\\$&')

/**
 * A part of a route the detectors could not read as text: a mount path or prefix given as a dotted
 * name (`app.include_router(api, prefix=settings.API_V1_STR)`, written `{settings.API_V1_STR}`).
 * A path parameter's name has no dot.
 */
const COMPUTED = /^\{[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\}$/

/**
 * What one parameter or wildcard of a template matches. `bare`: the template is nothing but
 * computed parts (a root route under a prefix the index could not read).
 */
function parameterSource(token: string, bare: boolean): string {
  if (token === '{$}') return ''
  // A computed prefix may be any path: `/api/v1/items` finds `{settings.API_V1_STR}/items`. Alone,
  // one segment: `{configService.get}` serves `/api`, not every path.
  if (COMPUTED.test(token)) return bare ? '[^/]+' : '.+'
  if (token.startsWith('[...') || token.startsWith('[[...') || token.startsWith('{*') || token.endsWith('...}') || token.endsWith(':path}') || token.startsWith('<path:') || token.startsWith('*')) return '.*'
  // An optional parameter: Express's `:id?`, Nuxt's `[[slug]]`.
  if ((token.startsWith(':') && token.endsWith('?')) || token.startsWith('[[')) return '[^/]*'
  if (token.startsWith('(')) return segmentPattern(token.slice(1, -1)) ?? '[^/]+'
  return typedSource(token) ?? '[^/]+'
}

/** What a converter or constraint of Flask, Django, Starlette and ASP.NET lets a segment be. */
const CONVERTERS: Readonly<Record<string, string>> = {
  int: '-?\\d+',
  long: '-?\\d+',
  float: '-?\\d+(?:\\.\\d+)?',
  double: '-?\\d+(?:\\.\\d+)?',
  decimal: '-?\\d+(?:\\.\\d+)?',
  uuid: '[0-9A-Fa-f]{8}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{12}',
  guid: '[0-9A-Fa-f]{8}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{12}',
  slug: '[-A-Za-z0-9_]+',
  bool: '(?:[Tt]rue|[Ff]alse)',
  alpha: '[A-Za-z]+',
}

/** `<int:id>` (Flask, Django), `{id:int}` (Starlette, ASP.NET), `{id:\d+}` (Spring, chi), `:id(\d+)` (Express), `:id{[0-9]+}` (Hono). */
const TYPED = /^<(\w+):[^>]+>$|^\{[^}:]+:([^}]+)\}$|^:[\w$]+(?:\((.+)\)|\{(.+)\})\??$/

/** A converter's name, or a chain of ASP.NET constraints, rather than a pattern: `int`, `int:min(1)`, `length(6)`, `int?`. */
const CONSTRAINTS = /^(\w+)(?:\([^)]*\))?(?::\w+(?:\([^)]*\))?)*\??$/

/**
 * What a typed parameter matches: its converter's segments (`<int:id>` serves `/42`, not `/abc`),
 * or its own pattern when it compiles and stays within a segment; `undefined` for an untyped one
 * or a converter this table does not know (ASP.NET's `min(1)`, a custom Flask converter).
 */
function typedSource(token: string): string | undefined {
  const typed = TYPED.exec(token)
  if (!typed) return undefined
  const converter = typed[1] ?? typed[2]
  // ASP.NET chains constraints (`{id:int:min(1)}`, `{id:int?}`): the first names the type.
  const chain = converter === undefined ? undefined : CONSTRAINTS.exec(converter)
  if (chain) return CONVERTERS[(chain[1] as string).toLowerCase()]
  const pattern = converter ?? typed[3] ?? typed[4]
  return pattern === undefined ? undefined : segmentPattern(pattern)
}

/** A parameter's own pattern as a group, when it compiles and stays within a segment; else `undefined`. */
function segmentPattern(pattern: string): string | undefined {
  // (`[^/]+` stays within a segment: a slash in a character class is none.)
  if (pattern.replace(/\[[^\]]*\]/g, '').includes('/')) return undefined
  try {
    new RegExp(pattern)
  } catch {
    return undefined
  }
  return `(?:${pattern})`
}

/** What a wildcard (`.*`), an optional parameter (`[^/]*`) or Go's `{$}` (nothing) matches: each may be absent. */
const OPTIONAL_SOURCES: ReadonlySet<string> = new Set(['.*', '[^/]*', ''])

/** An Express 5 optional group (`{/:id}`, `{.:ext}`): what it holds may be absent as a whole. */
const OPTIONAL_GROUP = /^\{[-/.]/

/** The expression of a template's parameters, wildcards and literal text (see {@link PARAMETER}). */
function templateSource(template: string, bare: boolean): string {
  let body = ''
  let at = 0
  for (const match of template.matchAll(PARAMETER)) {
    body += escape(template.slice(at, match.index))
    const token = match[0]
    if (OPTIONAL_GROUP.test(token)) body += `(?:${templateSource(token.slice(1, -1), bare)})?`
    else {
      const source = parameterSource(token, bare)
      // A wildcard or an optional parameter after a slash may be absent with its slash (`/files/*` serves `/files`).
      body = OPTIONAL_SOURCES.has(source) && body.endsWith('/') ? `${body.slice(0, -1)}(?:/${source})?` : body + source
    }
    at = match.index + token.length
  }
  return body + escape(template.slice(at))
}

/** A route template as an anchored expression over a path without its outer slashes, or `undefined`. */
function templateRegExp(route: string): RegExp | undefined {
  let body = ''
  if (REGEX_ROUTE.test(route)) {
    // Anchors at the start of each joined entry go; character classes (`[^/.]`) stay.
    body = trimSlashes(route.replace(/\(\?P<\w+>/g, '(?:').replace(/(^|\/)\^/g, '$1').replace(/\$$/, ''))
  } else {
    const template = trimSlashes(route)
    body = templateSource(template, template.split('/').every((part) => COMPUTED.test(part)))
  }
  try {
    // Paths as a user types them: `/order/myorders` finds ASP.NET's `/Order/MyOrders`.
    return new RegExp(`^${body}/*$`, 'i')
  } catch {
    return undefined
  }
}

/** The query a route names its handler by at its page's path: Razor Pages' `?handler=Update`, SvelteKit's form action `?/login`. */
const HANDLER_QUERY = /\?(?:\/|handler=)[\w-]*$/

/**
 * What a route query of `rag routes`, the `list_entrypoints` tool and `rag.entrypoints()` accepts,
 * as a test of one entrypoint's route:
 * - a glob (`/orders/*`): the route matches it, as before, or with a leading slash when it has none
 *   (Django's `orders/<int:id>/`);
 * - a path (`/orders/42`, `/book`) or a template (`/orders/{id}`, its parameters filled in): the
 *   route is that path, or a template serving it
 *   (`/orders/:id`, `/orders/{id}`, `/orders/<int:id>`, `/orders/[id]`, `^orders/(?P<pk>\d+)/$`),
 *   a trailing slash either side aside, letter case and the query string ignored (also a route's own
 *   `?handler=Update` or `?/login`, which answers at the page's path); a prefix the index could
 *   not read (`{settings.API_V1_STR}/items`) stands for one or more segments, and for one when
 *   the route is nothing else (`{configService.get}`);
 * - anything else (a CLI command): the route is it, or a command line ending with it (`alias
 *   delete` finds `gh alias delete`, cobra's subcommands carrying their parents' words).
 */
export function routeMatcher(query: string): (route: string) => boolean {
  // A URL's query string (`?page=2`) and fragment are not part of the path, nor glob characters.
  const path = query.startsWith('/') ? query.replace(/\?[^/]*=.*$|#.*$/s, '') : query
  if (isGlob(path)) {
    const glob = globToRegExp(path)
    // Django writes its routes without the leading slash (`articles/<int:id>/`); `/articles/*` finds them.
    const rooted = path.startsWith('/')
    return (route) => glob.test(route) || (rooted && !route.startsWith('/') && route.includes('/') && !REGEX_ROUTE.test(route) && glob.test(`/${route}`))
  }
  // A command line ends with the words asked for: `alias delete` finds `gh alias delete`.
  if (!path.startsWith('/')) return (route) => route === query || route.endsWith(` ${query}`)
  const trimmed = trimSlashes(path)
  // A template asked for (`/profiles/{username}`, `/articles/<slug>`) is the paths it serves: its parameters filled in.
  const asked = trimmed.search(PARAMETER) < 0 ? [trimmed] : [trimmed, trimmed.replace(PARAMETER, '1'), trimmed.replace(PARAMETER, 'a')]
  return (route) => {
    if (route === path) return true
    // A `main` has no route: no path, `/` included, names it.
    if (route === '') return false
    const template = templateRegExp(route.replace(HANDLER_QUERY, ''))
    return template !== undefined && asked.some((each) => template.test(each))
  }
}

/**
 * How closely a route answers a path asked for, for ordering the routes `routeMatcher` found: 0
 * for the route that is the path itself (letter case and a trailing slash aside; a framework serves
 * `/articles/feed` by it, not by `/articles/<slug>`), also under a prefix the index could not read
 * (`{options.prefix}articles/feed` for `/api/articles/feed`: the rest is literal), else 1 plus the
 * route's parameters and wildcards (`/articles/<slug>` before `/<section>/<slug>`), computed
 * prefixes not counted, a catch-all counting more than any number of others (`/api/posts/[postId]`
 * before `/[...slug]`).
 */
export function routeDistance(query: string): (route: string) => number {
  const plain = (path: string): string => path.toLowerCase().replace(/\/+$/, '')
  const asked = plain(query)
  return (route) => {
    if (plain(route) === asked) return 0
    const tokens = (route.match(PARAMETER) ?? []).filter((token) => !COMPUTED.test(token))
    // Only computed prefixes: a route `routeMatcher` found is the path itself under an unknown prefix.
    if (tokens.length === 0 && route.search(PARAMETER) >= 0) return 0
    // A catch-all answers what no other route does (Next.js serves `/api/posts/42` by `/api/posts/[postId]`, not `/[...slug]`).
    return 1 + tokens.length + CATCH_ALL_DISTANCE * tokens.filter((token) => CATCH_ALL.test(token)).length
  }
}

/** Wildcards that match several segments: `[...slug]`, `[[...slug]]`, `{*rest}`, `{rest...}`, `{p:path}`, `<path:p>`, `*`, `*filepath`. */
const CATCH_ALL = /^(?:\[\[?\.\.\.|\{\*|\{[^}]*\.\.\.\}$|\{[^}]*:path\}$|<path:|\*)/

/** What a catch-all adds to a route's distance: more than any route's ordinary parameters. */
const CATCH_ALL_DISTANCE = 100

