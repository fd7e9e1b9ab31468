import type { EntrypointRecord, FileLayers, RawEdge } from '@rag/core'

/** A function as a route's arguments name it: `getUsers`, `userController.createUser`. */
const FUNCTION_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/

/** The name a route's handler ends with (`list` of `user.list`, `index` of `users#index`), if it names one. */
export function handlerName(handler: string): string | undefined {
  return /[A-Za-z_$][\w$]*[!?]?$/.exec(handler)?.[0]
}

/**
 * The functions an HTTP route names, as written: its handler, then the middleware its call names
 * before the handler (`protect` and `admin` of `router.route('/').get(protect, admin, getUsers)`),
 * read from the route's text (a call, `auth('manage')`, and a string name none). Empty when the
 * route names no handler.
 */
export function routeFunctions(entry: EntrypointRecord): string[] {
  if (entry.kind !== 'http-route' || entry.handler === '') return []
  const { text, handler } = entry
  const at = text.lastIndexOf(`${handler})`)
  if (at < 0) return [handler]
  // Back to the `(` that opens the call's arguments.
  let depth = 0
  let open = at - 1
  for (; open >= 0; open--) {
    const char = text[open]
    if (char === ')' || char === ']' || char === '}') depth++
    else if (char === '(' || char === '[' || char === '{') {
      if (depth === 0) break
      depth--
    }
  }
  if (open < 0 || text[open] !== '(') return [handler]
  const middleware: string[] = []
  let start = open + 1
  depth = 0
  for (let i = open + 1; i < at; i++) {
    const char = text[i]
    if (char === '(' || char === '[' || char === '{') depth++
    else if (char === ')' || char === ']' || char === '}') depth--
    else if (char === ',' && depth === 0) {
      const arg = text.slice(start, i).trim()
      if (FUNCTION_NAME.test(arg)) middleware.push(arg)
      start = i + 1
    }
  }
  return [handler, ...middleware]
}

/**
 * Where a file registers a function with a router, as written: a route's handler or middleware
 * (see {@link routeFunctions}), or a function `app.use(fn)` mounts (a `mounts` edge of a router
 * the chunker gave no framework's prefix: `app.use(errorHandler)`).
 */
export interface FunctionRegistration {
  readonly path: string
  /** The function as written (`user.list`, `protect`, `errorHandler`). */
  readonly written: string
  /** The name it ends with (see {@link handlerName}). */
  readonly name: string
  /**
   * What the function's file reads of the registration: framework, router, route or mount prefix,
   * the function as written; not the line, which any edit above it moves.
   */
  readonly key: string
  /** The route that names it. */
  readonly entry?: EntrypointRecord
  /** The `mounts` edge of `app.use(fn)`. */
  readonly mount?: RawEdge
}

/** Every function a file's HTTP routes name or its routers mount (`app.use(fn)`). */
export function* functionRegistrations(file: FileLayers): Generator<FunctionRegistration> {
  for (const entry of file.entrypoints) {
    for (const written of routeFunctions(entry)) {
      const name = handlerName(written)
      if (name !== undefined) yield { path: file.path, written, name, key: `${entry.framework}\0${entry.router ?? ''}\0${entry.method} ${entry.route}\0${written}`, entry }
    }
  }
  for (const mount of file.edges) {
    const name = mount.kind === 'mounts' && mount.router && !mount.framework ? handlerName(mount.target) : undefined
    if (name !== undefined) yield { path: file.path, written: mount.target, name, key: `mount\0${mount.router}\0${mount.prefix ?? ''}\0${mount.target}`, mount }
  }
}
