import { GO_MODULE_ROUTER, type EntrypointRecord, type FileLayers } from '@rag/core'

/** The Go web frameworks a module's requirements name, by module path prefix, in the order they are tried. */
const FRAMEWORKS: readonly (readonly [prefix: string, framework: string])[] = [
  ['github.com/gin-gonic/gin', 'gin'],
  ['github.com/labstack/echo', 'echo'],
]

/** Directories above a file searched for its `go.mod`. */
const MAX_MODULE_DEPTH = 12

/** The requirements of the nearest `go.mod` at or above a file's directory, if the index holds one. */
function requiresOf(path: string, file: (path: string) => FileLayers | undefined): readonly string[] | undefined {
  let dir = path.slice(0, Math.max(0, path.lastIndexOf('/')))
  for (let depth = 0; depth < MAX_MODULE_DEPTH; depth++) {
    const manifest = file(dir === '' ? 'go.mod' : `${dir}/go.mod`)?.manifest
    if (manifest?.kind === 'go-mod') return manifest.requires ?? []
    if (dir === '') return undefined
    dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/')))
  }
  return undefined
}

/**
 * A Go route of a file that imports no web framework ({@link GO_MODULE_ROUTER}: `r.GET("/health",
 * h)` on a router another package made) named by its module: Gin's when the nearest `go.mod`
 * requires Gin, else Echo's when it requires Echo; `undefined` (no route) when it requires neither,
 * or the index has no `go.mod` for it. Any other entrypoint as it is.
 */
export function withGoModuleFramework(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): EntrypointRecord | undefined {
  if (entry.framework !== GO_MODULE_ROUTER) return entry
  const requires = requiresOf(path, file) ?? []
  const framework = FRAMEWORKS.find(([prefix]) => requires.some((module) => module === prefix || module.startsWith(`${prefix}/`)))?.[1]
  return framework === undefined ? undefined : { ...entry, framework }
}
