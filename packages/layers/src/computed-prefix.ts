import type { FileLayers, SymbolRecord } from '@rag/core'

/**
 * A mount path the detectors could not read as text, as they write it: `{settings.API_V1_STR}`,
 * `{API_PREFIX}`, `{paths.app.root.path}` (group 2 the member, group 3 the members after it).
 */
const COMPUTED = /^\{([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*)*))?\}$/

/** The file and name a local name of a file is imported from, if it is. */
export type ImportedFrom = (path: string, local: string) => { readonly path: string; readonly name: string } | undefined

/** Where {@link readComputedPrefix} looks names up. */
export interface PrefixSources {
  readonly importedFrom: ImportedFrom
  readonly file: (path: string) => FileLayers | undefined
  /** The indexed files of a directory (a Go package's). */
  readonly filesIn?: (dir: string) => readonly string[]
}

const escape = (name: string): string => name.replace(/\$/g, '\\$')

/**
 * The string literal a definition's signature assigns to `name` (`API_V1_STR: str = "/api/v1"`,
 * `export const API_PREFIX = '/api'`, `static prefix = "/v2";`, `String ITEM = "/{id}"`), or
 * `undefined`: an f-string, a template with substitutions or any other expression is not read.
 */
export function literalOf(signature: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|[\\s(])${escape(name)}\\s*(?::[^=]*)?=\\s*(?:(['"])([^'"\\\\]*)\\1|\`([^\`\\\\$]*)\`)\\s*[;,]?\\s*(?:(?:#|//).*)?$`).exec(signature)
  return match?.[2] ?? match?.[3]
}

/** One part of a concatenation a signature assigns: a literal's text, or a (dotted) name to read. */
type ConcatenatedPart = { readonly literal: string } | { readonly name: string }

/** A literal or a name, then `+` or the end. */
const CONCATENATED_PART = /\s*(?:"([^"\\]*)"|'([^'\\]*)'|([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*))\s*(\+|$)/y

/**
 * The parts of a one-line `+` of string literals and names that a signature assigns to `name`
 * (Java's `String USERS = API + "/users"`: the name `API`, then the literal `/users`), or
 * `undefined` for any other initializer.
 */
export function concatenationOf(signature: string, name: string): ConcatenatedPart[] | undefined {
  const initializer = new RegExp(`(?:^|[\\s(])${escape(name)}\\s*(?::[^=]*)?=\\s*(.+?)\\s*;?\\s*$`).exec(signature)?.[1]
  if (initializer === undefined || !initializer.includes('+')) return undefined
  const parts: ConcatenatedPart[] = []
  CONCATENATED_PART.lastIndex = 0
  while (CONCATENATED_PART.lastIndex < initializer.length) {
    const at = CONCATENATED_PART.lastIndex
    const part = CONCATENATED_PART.exec(initializer)
    if (part === null || CONCATENATED_PART.lastIndex === at) return undefined
    parts.push(part[3] !== undefined ? { name: part[3] } : { literal: part[1] ?? part[2] ?? '' })
    if (part[4] === '') break
  }
  return parts.length > 1 ? parts : undefined
}

/** Reads the value of a name a concatenation joins (a member of the same file, `Type.MEMBER` of another), or `undefined`. */
type NameReader = (name: string) => string | undefined

/**
 * The one literal the named definitions of a file agree on (`top`: top-level ones only), if they
 * do; with `read`, a concatenation of literals and names it can read counts as its literal.
 */
function agreedLiteral(file: FileLayers | undefined, name: string, top: boolean, read?: NameReader): string | undefined {
  let value: string | undefined
  for (const symbol of file?.symbols ?? []) {
    if (symbol.name !== name || (top && symbol.parentId !== '')) continue
    const literal = literalOf(symbol.signature, name) ?? (read === undefined ? undefined : joined(concatenationOf(symbol.signature, name), read))
    if (literal === undefined || (value !== undefined && literal !== value)) return undefined
    value = literal
  }
  return value
}

/** The text of a concatenation whose names `read` all reads. */
function joined(parts: readonly ConcatenatedPart[] | undefined, read: NameReader): string | undefined {
  if (parts === undefined) return undefined
  let out = ''
  for (const part of parts) {
    const text = 'literal' in part ? part.literal : read(part.name)
    if (text === undefined) return undefined
    out += text
  }
  return out
}

/** Concatenations within concatenations deeper than this are not read (and cycles end). */
const MAX_CONCATENATION_DEPTH = 4

/**
 * The reader of the names a constant of `path` joins (Java, Kotlin, C#): `API` a member of the
 * same file, `Paths.API` a member of a class of the same package.
 */
function memberReader(path: string, sources: PrefixSources, depth: number): NameReader | undefined {
  if (!PACKAGE_PEERS.test(path) || depth > MAX_CONCATENATION_DEPTH) return undefined
  return (name) => {
    const dot = name.lastIndexOf('.')
    if (dot < 0) return agreedLiteral(sources.file(path), name, false, memberReader(path, sources, depth + 1))
    return packageMemberLiteral(path, name.slice(0, dot), name.slice(dot + 1), sources, depth + 1)
  }
}

/**
 * The path a computed mount path stands for, when the index can read it, else `prefix` as it is:
 * - `{settings.API_V1_STR}`: the mounting file imports `settings` (or defines it), and that file
 *   gives `API_V1_STR` one string literal: FastAPI's full-stack template mounts its API at
 *   `settings.API_V1_STR`, `API_V1_STR: str = "/api/v1"` in its `Settings` class;
 * - `{API_PREFIX}`: a top-level constant of the mounting file, or of the file it imports it from;
 * - `{rootCmd}` in Go: the word of the cobra command a package-level variable of the package holds;
 * - `{paths.app.root.path}`, `{ROUTES.HOME}`: a string of a constant object of the file the head is
 *   imported from, or of this file (`FileLayers.stringConstants`).
 *
 * A graph resolves it on every reroute, so an edit of the constant moves the routes.
 */
export function readComputedPrefix(prefix: string, from: string, sources: PrefixSources): string {
  const match = COMPUTED.exec(prefix)
  if (!match) return prefix
  const [, head, member, deeper] = match as unknown as [string, string, string | undefined, string | undefined]
  const origin = sources.importedFrom(from, head)
  const at = origin?.path ?? from
  // A string of a constant object (`paths.app.root.path` of `export const paths = {...}`), where the name comes from.
  const holder = sources.file(at)
  // (A default import names what the module exports by default: `import paths from './paths'` of `export default paths`.)
  const object = origin?.name === 'default' ? holder?.defaultExport : (origin?.name ?? head)
  const held = member === undefined || object === undefined ? undefined : holder?.stringConstants?.[`${object}.${member}${deeper ?? ''}`]
  if (held !== undefined) return held
  // A constant of a nested class in Java, Kotlin or C# (`{ErrandServlet.Paths.ERRANDS}`): the one literal the file gives its last
  // name; or of a class of the package written with its namespace (`{AntiforgeryTest.Routes.GetToken}`, `Routes` beside it).
  if (deeper) {
    if (!PACKAGE_PEERS.test(from)) return prefix
    const names = `${member}${deeper}`.split('.')
    const last = names.at(-1) as string
    return agreedLiteral(sources.file(at), last, false, memberReader(at, sources, 0)) ?? packageMemberLiteral(from, names.at(-2) as string, last, sources, 0) ?? prefix
  }
  const value =
    member === undefined
      ? (agreedLiteral(sources.file(at), origin?.name ?? head, true) ?? (CONSTANT_NAME.test(head) ? agreedLiteral(sources.file(at), head, false, memberReader(at, sources, 0)) : undefined))
      : agreedLiteral(sources.file(at), member, false, memberReader(at, sources, 0))
  return (
    value ??
    (member === undefined && from.endsWith('.go') ? packageCommandWord(from, head, sources) : undefined) ??
    (member !== undefined && origin === undefined ? packageMemberLiteral(from, head, member, sources, 0) : undefined) ??
    (member !== undefined ? instanceMemberLiteral(at, origin?.name ?? head, member, sources) : undefined) ??
    prefix
  )
}

/** `settings = AppSettings()` or `settings = get_app_settings()`: group 1 the callee. */
const INSTANCE = /=\s*([A-Za-z_][\w.]*)\s*\(/

/** `def get_app_settings() -> AppSettings:`: group 1 the annotated class. */
const RETURNS = /->\s*["']?([A-Za-z_][\w.]*)/

/** A definition named `name` at the top of `path`, or where `path` imports it from: its file and own name. */
function definitionOf(path: string, name: string, sources: PrefixSources): { file: FileLayers; symbol: SymbolRecord } | undefined {
  const origin = sources.importedFrom(path, name)
  const file = sources.file(origin?.path ?? path)
  const own = origin?.name ?? name
  const symbol = file?.symbols.find((each) => each.parentId === '' && each.name === own)
  return file === undefined || symbol === undefined ? undefined : { file, symbol }
}

/**
 * `{settings.api_prefix}` where `settings` holds an instance of a class another file defines
 * (fastapi-realworld: `settings = AppSettings()` in `config.py`, `api_prefix: str = "/api"` in
 * `AppSettings`; also through a factory annotated with the class, `def get_app_settings() ->
 * AppSettings`): the literal the class gives the member.
 */
function instanceMemberLiteral(path: string, name: string, member: string, sources: PrefixSources): string | undefined {
  const holder = sources.file(path)?.symbols.find((symbol) => symbol.parentId === '' && symbol.name === name && (symbol.kind === 'variable' || symbol.kind === 'constant'))
  const callee = holder === undefined ? undefined : INSTANCE.exec(holder.signature)?.[1]
  if (callee === undefined) return undefined
  const called = definitionOf(path, callee.slice(callee.lastIndexOf('.') + 1), sources)
  const made = called?.symbol.kind === 'function' ? RETURNS.exec(called.symbol.signature)?.[1] : callee
  const type = made === undefined ? undefined : definitionOf(called?.symbol.kind === 'function' ? called.file.path : path, made.slice(made.lastIndexOf('.') + 1), sources)
  if (type === undefined || type.symbol.kind !== 'class') return undefined
  let value: string | undefined
  for (const symbol of type.file.symbols) {
    if (symbol.parentId !== type.symbol.id || symbol.name !== member) continue
    const literal = literalOf(symbol.signature, member)
    if (literal === undefined || (value !== undefined && literal !== value)) return undefined
    value = literal
  }
  return value
}

/** Languages whose classes of one package (one directory) see each other without an import. */
const PACKAGE_PEERS = /\.(?:java|kt|kts|cs)$/

/** `{Paths.API}` in Java, Kotlin or C#, `Paths` a class of the same directory: the literal its `API` holds. */
function packageMemberLiteral(from: string, type: string, member: string, sources: PrefixSources, depth: number): string | undefined {
  if (!PACKAGE_PEERS.test(from)) return undefined
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : ''
  for (const path of sources.filesIn?.(dir) ?? []) {
    const file = sources.file(path)
    if (file?.symbols.some((symbol) => symbol.parentId === '' && symbol.name === type)) return agreedLiteral(file, member, false, memberReader(path, sources, depth + 1))
  }
  return undefined
}

/** A constant's name as Java, Kotlin and C# write it (`BY_ID`, `API_V2`), which no path parameter is named like. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$|^[A-Z]{2,}[0-9]*$/

/**
 * A constant a detector wrote into a route (`{Paths.USERS}`, `{settings.api_prefix}`,
 * `{paths.app.root.path}`: a member of a type or an object; path parameters hold no dot).
 */
const ROUTE_CONSTANT = /\{[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\}/

/** A name a detector wrote into a route (`{API_PREFIX}`), where path parameters are not written in braces. */
const ROUTE_NAME = /\{[A-Za-z_$][\w$]*\}/

/** Frameworks whose path parameters are `:id`, so that `{API_PREFIX}` in a route can only be a name. */
const COLON_PARAMETERS: ReadonlySet<string> = new Set(['express', 'koa', 'hono', 'fastify', 'elysia', 'nestjs', 'react-router', 'vue-router', 'angular'])

/** A constant of the class written into a route by its name alone (`@GetMapping(BY_ID)`: `{BY_ID}`), in frameworks whose parameters are `{id}`. */
const ROUTE_OWN_CONSTANT = /\{(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*|[A-Z]{2,}[0-9]*)\}/

/** What a framework's routes may hold that {@link withRouteConstants} reads. */
const constantsOf = (framework: string): RegExp =>
  COLON_PARAMETERS.has(framework) ? new RegExp(`${ROUTE_CONSTANT.source}|${ROUTE_NAME.source}`) : new RegExp(`${ROUTE_CONSTANT.source}|${ROUTE_OWN_CONSTANT.source}`)

/** Whether a route of `framework` holds a constant {@link withRouteConstants} may read. */
export const hasRouteConstant = (route: string, framework: string): boolean => constantsOf(framework).test(route)

/**
 * A route with the constants its detector wrote as `{Type.NAME}` read where the index defines
 * them (Spring's `@RequestMapping(Paths.API + "/users")` with `String API = "/api/v1"` in the
 * imported `Paths`, or a class of the same package): `/api/v1/users`; in frameworks whose
 * parameters are `:id`, also a plain `{API_PREFIX}` (Express's `` `${API_PREFIX}/users` ``, a
 * constant of the file or of the one it imports it from). A constant the index cannot read stays
 * as written.
 */
export function withRouteConstants(route: string, from: string, sources: PrefixSources, framework: string): string {
  const constants = constantsOf(framework)
  if (!constants.test(route)) return route
  let read = false
  // (A template's substitution, `` `${ID}/a` `` in a NestJS decorator, is read without its `$`.)
  const out = route.replace(new RegExp(`\\$?(?:${constants.source})`, 'g'), (written) => {
    const constant = written.startsWith('$') ? written.slice(1) : written
    const value = readComputedPrefix(constant, from, sources)
    if (value === constant) return written
    read = true
    return value
  })
  if (!read) return route
  const joined = out.replace(/\/{2,}/g, '/')
  // (A constant that holds `''`, React Router's `path: paths.app.dashboard.path`, adds no slash of its own.)
  return joined.length > 1 && joined.endsWith('/') && !route.endsWith('/') ? joined.slice(0, -1) : joined
}

/** Languages whose mount paths write a name as `{API}` only for a constant (their path parameters are `:id`). */
const COLON_LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx'])

/**
 * A mount path with the constants in it read where the index defines them: the whole path a name
 * (`{settings.API_V1_STR}`: {@link readComputedPrefix}), or, in JavaScript and TypeScript, names
 * among its parts (`{API}/v2` of `app.use(API + '/v2', users)` or `` `${API}/v1` ``, `const API = '/api'`:
 * `/api/v2`). A name the index cannot read stays as written.
 */
export function readMountPrefix(prefix: string, from: string, sources: PrefixSources, language: string): string {
  if (COMPUTED.test(prefix) || !COLON_LANGUAGES.has(language) || !prefix.includes('{')) return readComputedPrefix(prefix, from, sources)
  return withRouteConstants(prefix, from, sources, 'express')
}

/**
 * The word of the cobra command a package-level variable of the file's Go package holds
 * (cobra-cli's `rootCmd` of `cmd/root.go`, named by `rootCmd.AddCommand(serveCmd)` in
 * `cmd/serve.go`), if one file of the package declares it.
 */
function packageCommandWord(from: string, name: string, sources: PrefixSources): string | undefined {
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : ''
  let word: string | undefined
  for (const path of sources.filesIn?.(dir) ?? []) {
    for (const entry of sources.file(path)?.entrypoints ?? []) {
      if (entry.kind !== 'cli-command' || entry.framework !== 'cobra' || entry.declaringSymbolId !== `${path}#${name}`) continue
      if (word !== undefined) return undefined
      word = entry.declaredRoute ?? entry.route
    }
  }
  return word
}
