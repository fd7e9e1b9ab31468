/**
 * A route prefix and a path joined with one `/`: `/api` + `users` gives `/api/users`, `/items` +
 * `/` gives `/items/`; an empty side gives the other unchanged. How both a file's own route
 * prefixes (the chunker) and the mounts of other files (`@rag/layers`) are joined.
 *
 * @example
 * joinRoute('/api/', '/users') // '/api/users'
 */
export function joinRoute(prefix: string, path: string): string {
  if (prefix === '') return path
  if (path === '') return prefix
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** `require('./api')` or `import('./api')`: a relative module as written. */
const LOADED_MODULE = /^(?:require|import)\((['"`])(\.{1,2}\/[^'"`]*)\1\)$/

/**
 * The module a `mounts` edge's target loads in place (`app.use('/api', require('./api'))` gives
 * the target `require('./api')`, which loads `./api`), or `undefined` for a router named otherwise.
 *
 * @example
 * loadedModule("require('./api')") // './api'
 * loadedModule('items.router') // undefined
 */
export function loadedModule(target: string): string | undefined {
  return LOADED_MODULE.exec(target)?.[2]
}
