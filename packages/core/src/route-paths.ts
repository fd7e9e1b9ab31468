/**
 * A route prefix and a path joined with one `/`: `/api` + `users` gives `/api/users`, `/items` +
 * `/` gives `/items/`; an empty side gives the other unchanged. A regular expression's `^` at the
 * start of the path goes when a prefix comes before it (Django's `^api/` over an included
 * `^articles/$` matches `^api/articles/$`). How both a file's own route prefixes (the chunker) and
 * the mounts of other files (`@rag/layers`) are joined.
 *
 * @example
 * joinRoute('/api/', '/users') // '/api/users'
 */
export function joinRoute(prefix: string, path: string): string {
  // Django's `url(r'^', include(...))`: an anchor alone adds nothing.
  if (prefix === '' || prefix === '^') return path
  if (path === '') return prefix
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\^?\/*/, '')}`
}

/**
 * The word a clap command line has for a `#[derive(Parser)]` that names no command: clap's
 * `CARGO_PKG_NAME`, the package's name in its `Cargo.toml`, which a layer graph reads (and leaves
 * out of the command line when it cannot).
 */
export const CLAP_PACKAGE_WORD = '{CARGO_PKG_NAME}'

/** How a {@link dependentFramework} begins. */
const DEPENDENT = '{deps:'

/**
 * The framework of a route whose file names no framework (Next.js's `pages/about.tsx` exporting
 * only a component; a Go file that registers Gin's or Echo's routes on a router another package
 * made, importing neither): the first of `choices` that the nearest `package.json` depends on, or
 * for Go the nearest `go.mod` requires, which a layer graph reads; the route goes when it names
 * none. A choice matches a dependency of its name or below it (`github.com/labstack/echo` matches
 * `.../echo/v4`); one ending in `/` is a scope (`@remix-run/` for any of its packages).
 *
 * @example
 * dependentFramework([['next', 'nextjs']]) // '{deps:next=nextjs}'
 */
export function dependentFramework(choices: readonly (readonly [dependency: string, framework: string])[]): string {
  return `${DEPENDENT}${choices.map(([dependency, framework]) => `${dependency}=${framework}`).join(',')}}`
}

/** The choices of a {@link dependentFramework}, or `undefined` for any other framework. */
export function dependentFrameworkChoices(framework: string): [dependency: string, framework: string][] | undefined {
  if (!framework.startsWith(DEPENDENT) || !framework.endsWith('}')) return undefined
  return framework
    .slice(DEPENDENT.length, -1)
    .split(',')
    .map((choice) => choice.split('=') as [string, string])
}

/** `require('./api')` or `import('./api')`: a relative module as written; Django's `include('app.urls')`: a module path. */
const LOADED_MODULE = /^(?:(?:require|import)\((['"`])(\.{1,2}\/[^'"`]*)\1\)|include\((['"])(\w[\w.]*)\3\))$/

/**
 * The module a `mounts` edge's target loads in place (`app.use('/api', require('./api'))` gives
 * the target `require('./api')`, which loads `./api`; Django's `path('api/', include('app.urls'))`
 * the target `include('app.urls')`), or `undefined` for a router named otherwise.
 *
 * @example
 * loadedModule("require('./api')") // './api'
 * loadedModule("include('conduit.apps.articles.urls')") // 'conduit.apps.articles.urls'
 * loadedModule('items.router') // undefined
 */
export function loadedModule(target: string): string | undefined {
  const found = LOADED_MODULE.exec(target)
  return found?.[2] ?? found?.[4]
}

/**
 * The `framework` of a global `mounts` fact that is no framework's prefix but shapes routes in its
 * own way; the chunker writes them, `@rag/layers` applies them:
 * - `nestjsVersioning`: NestJS's URI versioning (`enableVersioning`); its prefix is the versions'
 *   (`v` of `/v1`), put before the route of a controller or handler that declares a version;
 * - `nestjsDefaultVersion`: the `defaultVersion` of that versioning; its prefix is the versions
 *   (`1`, `1,2`, an empty item for `VERSION_NEUTRAL`) of every NestJS route that declares none;
 * - `nestjsPrefixExclude`: the routes `setGlobalPrefix('api', { exclude: [...] })` leaves without
 *   the prefix; its prefix lists them one a line, each `METHOD path` (`*` for any method), the
 *   paths as written (`health`, `cats/(.*)`);
 * - `fastifyAutoload`: Fastify's autoloader; its target is the directory it loads (relative to the
 *   registering file), whose files' Fastify routes take their folders' path after its prefix;
 * - `yargsCommandDir`: yargs's `.commandDir(dir)`; its target is the directory (relative to the
 *   calling file), whose files' yargs commands are under its prefix: the words of the command that
 *   loads them, joined with `/` (`remote`), after the words the calling file's own directory has;
 * - `yargsCommandDirRecursive`: the same with `{ recurse: true }`, for the folders below it too.
 */
export const GLOBAL_ROUTE_FACTS = Object.freeze({
  nestjsVersioning: 'nestjs-version',
  nestjsDefaultVersion: 'nestjs-default-version',
  nestjsPrefixExclude: 'nestjs-prefix-exclude',
  fastifyAutoload: 'fastify-autoload',
  yargsCommandDir: 'yargs-command-dir',
  yargsCommandDirRecursive: 'yargs-command-dir-recursive',
} as const)
