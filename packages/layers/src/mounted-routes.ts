import { GLOBAL_ROUTE_FACTS, joinRoute, qnameOfSymbolId, type EdgeRecord, type EntrypointRecord, type FileLayers, type SymbolRecord } from '@rag/core'
import { readMountPrefix, withRouteConstants, type ImportedFrom, type PrefixSources } from './computed-prefix.js'
import { CONFIGURED_FRAMEWORKS } from './configured-routes.js'
import { DJANGO_FRAMEWORKS, servedDjangoRoute } from './django-routes.js'
import { prefixExclusions } from './nest-prefix-exclusions.js'
import { rubyConstantNamed, rubyMountedClass } from './ruby-mounted-class.js'
import { autoloadedPrefix } from './autoloaded-prefix.js'
import { declaredEntrypoints, projectNamed } from './project-named.js'
import { withViewSetLookup } from './rest-framework-lookups.js'

export type { ImportedFrom } from './computed-prefix.js'

/** One router of a file mounted by another file (a resolved `mounts` edge). */
interface Mount {
  /** The mounting file. */
  readonly from: string
  /** The router it is mounted on there (`''` for an expression). */
  readonly router: string
  /** The mount path, after the mounting router's own prefix in that file. */
  readonly prefix: string
  /** The mounted router's name in its file, or `*` when the file's whole export is mounted (`app.use(routes)` of a default import). */
  readonly target: string
  /** When a function is mounted (Gin's `users.Register(v1.Group("/users"))`): its id; the routes it registers are mounted. */
  readonly function?: string
  /** The symbol around the mounting call (`''`: module level): a router factory mounted elsewhere passes its own prefix on. */
  readonly declaring: string
  /** The mounting file is test code: a test server's mount, which yields to the application's own (see `prefixesOf`). */
  readonly test: boolean
  /** The mount path replaces the router's own prefix (Flask's `register_blueprint(bp, url_prefix=)`; `EdgeRecord.replacesOwnPrefix`). */
  readonly replaces: boolean
}

/**
 * One place a router is served: the prefix before its routes, and the router's own prefix that a
 * replacing mount drops from the paths its file declares (`''`: none).
 */
interface Placement {
  readonly prefix: string
  readonly replaced: string
}

/** Kinds of a mounted definition whose own routes are mounted (registered on its parameter). */
const FUNCTIONS = new Set(['function', 'method'])
/**
 * Types whose methods declare the routes a mount of the type serves: Vapor's `RouteCollection`s
 * (`app.register(collection: TodoController())`), shelf_router's classes with a `router` getter
 * (`..mount('/users/', UsersApi().router.call)`).
 */
const ROUTE_COLLECTIONS = new Set(['class', 'struct'])
/** Languages whose mounts may name such a type. */
const COLLECTION_LANGUAGES = new Set(['swift', 'dart'])


/**
 * The router a route registered on an expression belongs to: the top-level constant its chain
 * initialises (Hono's `export const todos = new Hono().get('/todos', ...)`), else `undefined`.
 */
function chainedRouter(declaringSymbolId: string): string | undefined {
  const qname = qnameOfSymbolId(declaringSymbolId)
  return qname !== '' && /^[\w$]+$/.test(qname) ? qname : undefined
}

/** A constant holding a koa-router's middleware: `export const usersRoutes = router.routes()`. */
const ROUTER_MIDDLEWARE = /=\s*([A-Za-z_$][\w$]*)\.(?:routes|middleware)\(\s*\)\s*;?\s*$/

/** The router whose middleware a mounted constant holds (its routes are the mounted ones), else `undefined`. */
function routerOfMiddleware(symbol: SymbolRecord): string | undefined {
  return symbol.kind === 'constant' || symbol.kind === 'variable' ? ROUTER_MIDDLEWARE.exec(symbol.signature)?.[1] : undefined
}

/**
 * Frameworks that serve a router's root (`router.get('/')`, NestJS's `@Get()`, ASP.NET's
 * `group.MapGet("/")`, axum's and Rocket's `"/"`, Fiber's `""`) mounted at `/api` at `/api` itself, not `/api/`.
 * Django's and Flask's trailing slashes are routes of their own.
 */
const ROOT_IS_PREFIX: ReadonlySet<string> = new Set(['express', 'koa', 'hono', 'fastify', 'nestjs', 'aspnet', 'axum', 'rocket', 'fiber', 'hapi', 'grape'])

/** The path a route serves as its framework's users write it (Django's patterns rooted, their regular expressions read: `django-routes.ts`). */
const servedRoute = (framework: string, route: string): string => (DJANGO_FRAMEWORKS.has(framework) ? servedDjangoRoute(route) : route)

/** Code-point order of two strings (`-1`, `0`, `1`). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Mount chains longer than this are not followed. */
const MAX_MOUNT_DEPTH = 8

/** CLI frameworks whose commands other files put beneath theirs: the mounts' words go before a command's. */
const MOUNTED_COMMANDS: ReadonlySet<string> = new Set(['cobra', 'typer', 'yargs', 'click', 'commander'])

/**
 * The word of a click mount (`cli.add_command(db)`, the chunker's `CLICK_OWN_WORD`) that stands for
 * the added group's own name in its module: the last word of the command it declares there.
 */
const CLICK_OWN_WORD = '~'

/** The name a typer app gives itself: `typer.Typer(name="items", help=...)`. */
const TYPER_NAME = /\bTyper\s*\([^)]*\bname\s*=\s*["']([^"']+)["']/

/** At most this many full paths for one route whose router is mounted in several places. */
const MAX_MOUNT_PATHS = 4

/** Whether two entrypoint records are equal, field for field. */
const sameRecord = (a: EntrypointRecord, b: EntrypointRecord | undefined): boolean => a === b || (b !== undefined && JSON.stringify(a) === JSON.stringify(b))

/** The id of a route's record for a second (third, ...) place its router is mounted, or for a view's second (third, ...) method (`view-methods.ts`). */
const MOUNT_COPY = /~(?:mount|method)\d+$/

/**
 * The full paths of HTTP routes whose routers other files mount: Express's `app.use('/api',
 * routes)` over `router.get('/users')` in `routes.ts` gives `/api/users`, through any number of
 * files. Built from every resolved `mounts` edge; a router mounted in several places gives its
 * routes one path per place. A CLI command added beneath others (cobra's `AddCommand`) gets its
 * whole command line the same way: `gh alias delete`; so does a typer command of an app another
 * module adds (`add_typer(users.app, name="users")`: `users create`), a click command of a group
 * another module adds (`cli.add_command(db)`: `db migrate`), a commander command another file's
 * command adds (`config.addCommand(setCommand)`: `config set`) and a yargs command of a module a
 * `commandDir` loads (`remote add`).
 */
export class MountedRoutes {
  readonly #byTarget = new Map<string, Mount[]>()
  /**
   * Global prefixes of a framework's routes below a directory (`''`: the whole index; framework `*`:
   * a server's root path, before any framework's own), nearest directory first, then by the
   * declaring file's path.
   */
  readonly #global: { readonly dir: string; readonly framework: string; readonly prefix: string; readonly from: string }[] = []
  readonly #importedFrom: ImportedFrom
  readonly #sources: PrefixSources | undefined
  /**
   * Own prefixes of routers (`path\0name`): a router mounted onto itself in its file (Flask's
   * `Blueprint(url_prefix=)`, Flask-RESTX's `Namespace('x')`), for routes other files declare on it.
   */
  readonly #own = new Map<string, string>()
  /** The paths route configurations give modules (React Router's `app/routes.ts`; see `configured-routes.ts`). */
  readonly #configured: ReadonlyMap<string, string>

  /**
   * @param edges - Every resolved edge of the index (only `mounts` ones are read).
   * @param importedFrom - Where a file's local name comes from through its imports: routes on a
   *   router another file defines (Flask's `from app.auth import bp`) get that router's mounts.
   * @param fileOf - An indexed file's layers: with it, a mount path given as a name
   *   (`{settings.API_V1_STR}`) is read where the index defines it (see `readComputedPrefix`).
   * @param filesIn - The indexed files of a directory: with it, `{rootCmd}` is read in the files
   *   of the mounting file's Go package.
   * @param named - The definitions of a name: with it, a Ruby mount of a qualified name
   *   (`mount V2::Users`) picks its class among several of one short name.
   */
  constructor(
    edges: Iterable<EdgeRecord>,
    symbolOf: (id: string) => SymbolRecord | undefined,
    importedFrom: ImportedFrom,
    fileOf?: (path: string) => FileLayers | undefined,
    filesIn?: (dir: string) => readonly string[],
    configured: ReadonlyMap<string, string> = new Map(),
    named?: (name: string) => readonly SymbolRecord[],
  ) {
    this.#importedFrom = importedFrom
    this.#configured = configured
    const sources = fileOf === undefined ? undefined : { importedFrom, file: fileOf, ...(filesIn ? { filesIn } : {}) }
    this.#sources = sources
    const prefixOf = (edge: EdgeRecord): string => (sources === undefined ? (edge.prefix ?? '') : readMountPrefix(edge.prefix ?? '', edge.path, sources, edge.language))
    const found: (Mount & { path: string; line: number })[] = []
    for (const edge of edges) {
      if (edge.kind === 'mounts' && edge.framework !== undefined) {
        // A global prefix given by a constant (NestJS's `setGlobalPrefix(API_PREFIX)`): read where the index defines it, rooted.
        const written = edge.prefix ?? ''
        const read = written.startsWith('{') ? prefixOf(edge) : written
        const prefix = read !== written && read !== '' && !read.startsWith('/') ? `/${read}` : read
        this.#global.push({ dir: edge.targetPath, framework: edge.framework, prefix, from: edge.path })
        continue
      }
      // (Ruby's `mount V2::Users` beside a `V1::Users`: the class of that qualified name.)
      const chosen = named === undefined ? undefined : rubyMountedClass(edge, named)
      const targetPath = chosen?.path ?? edge.targetPath
      if (edge.kind !== 'mounts' || !targetPath || targetPath.endsWith('/')) continue
      // `items.router` names the router; a bare name is the symbol it resolved to, or the whole
      // module (a default import, `require('./api')`).
      const symbol = chosen ?? (edge.targetSymbolId ? symbolOf(edge.targetSymbolId) : undefined)
      // A registration function called on a value of unknown type (Echo's `h.Register(v1)`, `h`
      // a handler) resolves by name only: followed when the index defines one function of that name.
      const guessed = edge.resolution === 'by-name' && symbol !== undefined && ((edge.candidates === 1 && (FUNCTIONS.has(symbol.kind) || rubyConstantNamed(edge, symbol))) || chosen !== undefined)
      if (edge.resolution !== 'resolved' && !guessed) continue
      const target = (symbol && routerOfMiddleware(symbol)) ?? symbol?.name ?? (edge.receiver ? edge.target : '*')
      if (targetPath === edge.path && edge.router === target) {
        this.#own.set(`${edge.path}\0${target}`, prefixOf(edge))
        continue
      }
      const mount = {
        from: edge.path,
        router: edge.router ?? '',
        prefix: prefixOf(edge),
        target,
        declaring: edge.sourceSymbolId,
        test: edge.isTest,
        replaces: edge.replacesOwnPrefix === true,
        path: targetPath,
        line: edge.startLine,
      }
      const declares = symbol !== undefined && (FUNCTIONS.has(symbol.kind) || (COLLECTION_LANGUAGES.has(edge.language) && ROUTE_COLLECTIONS.has(symbol.kind)))
      found.push(declares ? { ...mount, function: symbol.id } : mount)
    }
    this.#global.sort((a, b) => b.dir.length - a.dir.length || compare(a.dir, b.dir) || compare(a.from, b.from))
    found.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.line - b.line))
    for (const mount of found) {
      const list = this.#byTarget.get(mount.path)
      if (list) list.push(mount)
      else this.#byTarget.set(mount.path, [mount])
    }
  }

  /** Files some of whose routers are mounted elsewhere. */
  targets(): IterableIterator<string> {
    return this.#byTarget.keys()
  }

  /** Whether no router is mounted in another file and no global prefix is set. */
  get empty(): boolean {
    return this.#byTarget.size === 0 && this.#global.length === 0 && this.#own.size === 0
  }

  /**
   * The global prefix of a framework's routes in `path`, or `''`: the server's root path (Spring
   * Boot's context path, Quarkus's root path), then the framework's own (NestJS's
   * `setGlobalPrefix`, JAX-RS's `@ApplicationPath` or else Quarkus's REST path), each the nearest
   * directory's.
   */
  globalPrefixOf(path: string, framework: string): string {
    return joinRoute(this.#nearestGlobal(path, '*') ?? '', this.#nearestGlobal(path, framework) ?? '')
  }

  /** Fastify's autoloaded folders' prefix of a file's routes (see {@link autoloadedPrefix}). */
  #autoloadPrefix(path: string, framework: string): string {
    const autoload = framework === 'fastify' ? this.#global.find((g) => g.framework === GLOBAL_ROUTE_FACTS.fastifyAutoload && path.startsWith(g.dir)) : undefined
    return autoload === undefined ? '' : autoloadedPrefix(path, autoload, this.#sources?.file(path))
  }

  /**
   * The words yargs's `.commandDir(...)` puts before the commands of `path` (`remote` for
   * `cmds/remote_cmds/add.js` loaded by `cmds/remote.js`'s builder), joined with `/`, after the
   * words of the directory that loads the calling file (`''` when no `commandDir` loads it).
   */
  #commandDirPrefix(path: string, depth = 0): string {
    const dir = path.slice(0, path.lastIndexOf('/') + 1)
    const loads = (g: { dir: string; framework: string }): boolean =>
      (g.framework === GLOBAL_ROUTE_FACTS.yargsCommandDir && g.dir === dir) || (g.framework === GLOBAL_ROUTE_FACTS.yargsCommandDirRecursive && dir.startsWith(g.dir))
    const loaded = depth < MAX_MOUNT_DEPTH ? this.#global.find(loads) : undefined
    return loaded === undefined ? '' : joinRoute(this.#commandDirPrefix(loaded.from, depth + 1), loaded.prefix)
  }

  /** The prefix of the nearest directory's global fact of `framework` over `path`, if any. */
  #nearestGlobal(path: string, framework: string): string | undefined {
    return this.#global.find((g) => g.framework === framework && path.startsWith(g.dir))?.prefix
  }

  /**
   * The prefixes other files put before a router of `path` (`['']` when it is not mounted), or
   * before the routes a mounted function of it declares (`declaring`: the id of the symbol around a
   * route): one per place it is mounted (`/v1/articles` and `/v2/articles` for a router mounted in
   * two versioned groups), the first mount (by file path, then line) first, at most
   * {@link MAX_MOUNT_PATHS}. Mounts in test files count only when no application file mounts it.
   */
  prefixesOf(path: string, router: string | undefined, declaring = '', seen: ReadonlySet<string> = new Set()): string[] {
    return this.#placements(path, router, declaring, seen).map((placement) => placement.prefix)
  }

  /**
   * {@link prefixesOf}, each prefix with the own prefix of the router in `path` that its mount
   * replaces: Flask's `app.register_blueprint(auth.bp, url_prefix='/api/auth')` of a blueprint made
   * with `url_prefix='/auth'`, whose routes its file declares as `/auth/login`, serves them at
   * `/api/auth/login`. (A replacing mount of a router that mounts this one is not undone: its
   * prefix stays in the mount's path.)
   */
  #placements(path: string, router: string | undefined, declaring: string, seen: ReadonlySet<string>): Placement[] {
    if (seen.size >= MAX_MOUNT_DEPTH) return [{ prefix: '', replaced: '' }]
    const out: Placement[] = []
    const matching = (this.#byTarget.get(path) ?? []).filter((mount) => {
      const inFunction = mount.function !== undefined && (declaring === mount.function || declaring.startsWith(`${mount.function}.`))
      // (A function named as the routes' router is theirs: a click group another module adds, `cli.add_command(db)`.)
      return inFunction || mount.target === router || (mount.function === undefined && mount.target === '*')
    })
    // A test that mounts the router on a server of its own (Gin's `UsersRegister(r.Group("/users"))`
    // in `unit_test.go`) does not add a path when the application mounts it too.
    const application = matching.filter((mount) => !mount.test)
    for (const mount of application.length > 0 ? application : matching) {
      // A function mount is its own step: one file may mount a function that mounts another (Ktor's route extensions).
      const key = `${mount.from}\0${mount.router}\0${mount.function ?? ''}`
      if (seen.has(key)) continue
      const own = mount.prefix.split('/').includes(CLICK_OWN_WORD) ? this.#ownWord(path, mount.target) : undefined
      const mountPrefix = own === undefined ? mount.prefix : mount.prefix.split('/').map((word) => (word === CLICK_OWN_WORD ? own : word)).join('/')
      const replaced = mount.replaces ? (this.#own.get(`${path}\0${mount.target}`) ?? '') : ''
      for (const above of this.prefixesOf(mount.from, mount.router, mount.declaring, new Set(seen).add(key))) {
        const prefix = joinRoute(above, mountPrefix)
        if (!out.some((placement) => placement.prefix === prefix && placement.replaced === replaced)) out.push({ prefix, replaced })
        if (out.length >= MAX_MOUNT_PATHS) return out
      }
    }
    if (out.length > 0) return out
    // A router this file imports: where it is defined, it is mounted, and has its own prefix (unless that mount replaces it).
    const origin = router ? this.#importedFrom(path, router) : undefined
    const key = origin === undefined ? '' : `${origin.path}\0${origin.name}\0import`
    if (origin === undefined || seen.has(key)) return [{ prefix: '', replaced: '' }]
    const own = this.#own.get(`${origin.path}\0${origin.name}`) ?? ''
    return this.#placements(origin.path, origin.name, '', new Set(seen).add(key)).map(({ prefix, replaced }) => ({ prefix: replaced === '' ? joinRoute(prefix, own) : prefix, replaced: '' }))
  }

  /** The word a click group or command `name` of `path` has there (its declared command line's last), or the name a typer app gives itself; `''` when the file gives none. */
  #ownWord(path: string, name: string): string {
    const file = this.#sources?.file(path)
    const entry = file?.entrypoints.find((each) => each.framework === 'click' && each.kind === 'cli-command' && each.handler === name)
    if (entry !== undefined) return (entry.declaredRoute ?? entry.route).split(' ').at(-1) ?? ''
    // A typer app names itself where it is made: `app = typer.Typer(name="items")`; without a name its commands join the parent's.
    const app = file?.symbols.find((symbol) => symbol.parentId === '' && symbol.name === name)
    return (app === undefined ? undefined : TYPER_NAME.exec(app.signature)?.[1]) ?? ''
  }

  /** The first of {@link prefixesOf}: the prefix of the first place a router is mounted. */
  prefixOf(path: string, router: string | undefined, declaring = ''): string {
    return this.prefixesOf(path, router, declaring)[0] ?? ''
  }

  /**
   * The file with its HTTP routes' full paths (each keeps the path its file declares in
   * `declaredRoute` when a prefix applies), or `undefined` when they are as they are. A route
   * whose router is mounted in several places gets one record per place: the first keeps its id,
   * the others' ids end in `~mount2`, `~mount3`, ... (and are rebuilt on every call).
   */
  apply(file: FileLayers): FileLayers | undefined {
    const entrypoints: EntrypointRecord[] = []
    const { declared: declaredEntries, projectNamed: projectNamedEntries } = this.#sources === undefined ? { declared: file.entrypoints, projectNamed: undefined } : declaredEntrypoints(file)
    for (const declaredEntry of declaredEntries) {
      if (MOUNT_COPY.test(declaredEntry.id)) continue
      const entry = this.#sources === undefined ? declaredEntry : projectNamed(declaredEntry, file.path, this.#sources.file)
      if (entry === undefined) continue
      // cobra's commands are the ones other files add beneath theirs (`AddCommand`), typer's the apps they add (`add_typer`), yargs's the ones a `commandDir` loads.
      const command = entry.kind === 'cli-command' && MOUNTED_COMMANDS.has(entry.framework)
      if (entry.kind !== 'http-route' && !command) {
        entrypoints.push(entry)
        continue
      }
      const declared = entry.declaredRoute ?? entry.route
      // An API description's paths are whole (its server's path included): no server or framework prefix applies.
      const global = command || entry.framework === 'openapi' ? '' : joinRoute(this.globalPrefixOf(file.path, entry.framework), this.#autoloadPrefix(file.path, entry.framework))
      const mounted: Placement[] =
        command && entry.framework === 'yargs' ? [{ prefix: this.#commandDirPrefix(file.path), replaced: '' }] : this.#placements(file.path, entry.router ?? chainedRouter(entry.declaringSymbolId), entry.declaringSymbolId, new Set())
      // A module a route configuration places is served at the configured path, not its file name's.
      const configured = CONFIGURED_FRAMEWORKS.has(entry.framework) ? this.#configured.get(file.path) : undefined
      // A DRF router's detail route of another file's viewset gets that viewset's lookup; constants
      // written into the route (`{Paths.API}`) are read where the index defines them.
      const sources = this.#sources
      const own = configured ?? (sources === undefined ? declared : withRouteConstants(withViewSetLookup(entry, declared, file.path, sources), file.path, sources, entry.framework))
      const nest = entry.framework === 'nestjs'
      // NestJS's URI versioning: `/api/v1/...`, one path per version the route declares (or the
      // app's `defaultVersion`); `VERSION_NEUTRAL` (an empty item) serves it without a version too.
      const declaredVersions = entry.version ?? (nest ? this.#nearestGlobal(file.path, GLOBAL_ROUTE_FACTS.nestjsDefaultVersion) : undefined)
      const versioning = declaredVersions === undefined ? undefined : this.#nearestGlobal(file.path, GLOBAL_ROUTE_FACTS.nestjsVersioning)
      const versions = versioning === undefined ? [''] : (declaredVersions as string).split(',').map((version) => (version === '' ? '' : `/${versioning}${version}`))
      // `setGlobalPrefix('api', { exclude: ['health'] })`: those routes keep the server's root path only.
      const exclusions = nest ? this.#nearestGlobal(file.path, GLOBAL_ROUTE_FACTS.nestjsPrefixExclude) : undefined
      const excluded = exclusions === undefined ? undefined : prefixExclusions(exclusions)
      const globalFor = (mountPrefix: string): string => (excluded?.(entry.method, joinRoute(mountPrefix, own)) ? (this.#nearestGlobal(file.path, '*') ?? '') : global)
      // The path the file declares without the router's own prefix that a replacing mount drops.
      const ownUnder = (replaced: string): string => (replaced !== '' && (own === replaced || own.startsWith(`${replaced}/`)) ? own.slice(replaced.length) || '/' : own)
      const placed = versions.flatMap((version) => mounted.map(({ prefix: mountPrefix, replaced }) => ({ prefix: joinRoute(joinRoute(globalFor(mountPrefix), version), mountPrefix), path: ownUnder(replaced) })))
      placed.slice(0, MAX_MOUNT_PATHS).forEach(({ prefix, path }, at) => {
        // A command's prefix is its parents' words (`gh/alias`): its route is the command line, `gh alias delete`.
        // A parent word the graph could not read (`{rootCmd}`) is left out of the command line.
        // A click group another module adds (its router is itself) has its word in the prefix already.
        const words = command ? prefix.split('/').filter((word) => word !== '' && !word.startsWith('{')) : []
        const added = entry.framework === 'click' && entry.router !== undefined && entry.router === entry.handler && words.length > 0
        const route = command
          ? [...words, ...(added ? [] : [path])].join(' ')
          : entry.framework === 'trpc'
            ? // A tRPC procedure's path joins its routers' keys with dots: `post.byId`.
              [...prefix.split('/').filter((key) => key !== ''), path].join('.')
            : servedRoute(entry.framework, joinRoute(prefix, path === '/' && ROOT_IS_PREFIX.has(entry.framework) ? '' : path) || '/')
        if (at === 0 && route === entry.route && (route === declared) === (entry.declaredRoute === undefined)) {
          entrypoints.push(entry)
          return
        }
        const { declaredRoute: _declared, ...rest } = entry
        const title = command ? `command ${route}` : `${entry.method} ${route}`
        const moved: EntrypointRecord = { ...rest, ...(at === 0 ? {} : { id: `${entry.id}~mount${at + 1}` }), route, title }
        entrypoints.push(route === declared ? moved : { ...moved, declaredRoute: declared })
      })
    }
    // (The project's files name their entrypoints anew on every call: the same as before is the record before.)
    if (projectNamedEntries !== undefined) entrypoints.forEach((entry, at) => (entrypoints[at] = sameRecord(entry, file.entrypoints[at]) ? file.entrypoints[at]! : entry))
    const same = entrypoints.length === file.entrypoints.length && entrypoints.every((entry, at) => entry === file.entrypoints[at]) && projectNamedEntries === file.projectNamedEntrypoints
    return same ? undefined : { ...file, entrypoints, ...(projectNamedEntries === undefined ? {} : { projectNamedEntrypoints: projectNamedEntries }) }
  }
}
