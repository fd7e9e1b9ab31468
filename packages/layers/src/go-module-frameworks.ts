import { GO_MODULE_ROUTER, type EntrypointRecord, type FileLayers } from '@rag/core'
import { nearestManifest } from './nearest-manifest.js'

/** The Go web frameworks a module's requirements name, by module path prefix, in the order they are tried. */
const FRAMEWORKS: readonly (readonly [prefix: string, framework: string])[] = [
  ['github.com/gin-gonic/gin', 'gin'],
  ['github.com/labstack/echo', 'echo'],
]


/**
 * A Go route of a file that imports no web framework ({@link GO_MODULE_ROUTER}: `r.GET("/health",
 * h)` on a router another package made) named by its module: Gin's when the nearest `go.mod`
 * requires Gin, else Echo's when it requires Echo; `undefined` (no route) when it requires neither,
 * or the index has no `go.mod` for it. Any other entrypoint as it is.
 */
export function withGoModuleFramework(entry: EntrypointRecord, path: string, file: (path: string) => FileLayers | undefined): EntrypointRecord | undefined {
  if (entry.framework !== GO_MODULE_ROUTER) return entry
  const requires = nearestManifest(path, 'go.mod', 'go-mod', file)?.requires ?? []
  const framework = FRAMEWORKS.find(([prefix]) => requires.some((module) => module === prefix || module.startsWith(`${prefix}/`)))?.[1]
  return framework === undefined ? undefined : { ...entry, framework }
}
