import type { EntrypointRecord } from '@rag/core'
import type { ConfigValue } from '../config/config-document.js'
import { readYamlDocuments } from '../config/yaml-file.js'
import { configRoute, type ConfigFile } from './config-records.js'

/** An OpenAPI (or Swagger) document by its name: `openapi.yml`, `swagger.json`, `petstore.openapi.yaml`, `api/openapi/v1.yaml`. */
const SPEC_FILE = /(?:^|\/)(?:[\w.-]*\.)?(?:openapi|swagger)(?:[\w.-]*)?\.(ya?ml|json)$|(?:^|\/)(?:openapi|swagger)\/[^/]+\.(ya?ml|json)$/

/** swaggo/swag's output (`docs/swagger.json`, `docs/swagger.yaml`): generated from the code's own routes, which are read already. */
const SWAG_OUTPUT = /(?:^|\/)docs\/swagger\.(?:json|ya?ml)$/

/** What makes the file a spec: a top-level `openapi: 3...` or `swagger: "2.0"`. */
const SPEC_MARK = /^(?:openapi|swagger)\s*:|^\s*\{?\s*"(?:openapi|swagger)"\s*:/m

/** An operation's key under `paths` once flattened: `paths./owners/{ownerId}.get.operationId` (the path may hold dots). */
const OPERATION_KEY = /^paths\.(\/.*)\.(get|put|post|delete|options|head|patch|trace)\.(.+)$/

/** OpenAPI 3's first server: `servers:\n  - url: http://localhost:9966/petclinic/api`. */
const FIRST_SERVER = /^servers\s*:\s*\n\s*-\s*url\s*:\s*['"]?([^\s'"#]+)/m

/** The path of a server URL (`http://localhost:9966/petclinic/api` is `/petclinic/api`; `{scheme}://{host}/v1` is `/v1`); `''` for none. */
function serverPath(url: string): string {
  const path = url.replace(/^(?:[a-z{][\w+.{}-]*:)?\/\/[^/]*/i, '')
  return path.startsWith('/') ? path.replace(/\/+$/, '') : ''
}

/** One operation of a spec: method, path, `operationId` (or `''`), and the line of its first setting (a scalar, or a list of scalars such as `tags`). */
interface Operation {
  readonly method: string
  readonly path: string
  readonly operationId: string
  readonly line: number
}

/** The operations of a YAML spec, in file order, each once. */
function yamlOperations(content: string): { operations: Operation[]; basePath: string } {
  const settings = readYamlDocuments(content)[0] ?? new Map<string, ConfigValue>()
  const byKey = new Map<string, Operation>()
  for (const [key, value] of settings) {
    const match = OPERATION_KEY.exec(key)
    if (!match) continue
    const [, path, method, field] = match as unknown as [string, string, string, string]
    const id = `${method} ${path}`
    const known = byKey.get(id)
    // The line of the operation's first setting stands for it.
    if (!known) byKey.set(id, { method: method.toUpperCase(), path, operationId: field === 'operationId' ? value.value : '', line: value.line })
    else if (field === 'operationId') byKey.set(id, { ...known, operationId: value.value })
  }
  const server = FIRST_SERVER.exec(content)?.[1]
  return { operations: [...byKey.values()], basePath: settings.get('basePath')?.value ?? (server ? serverPath(server) : '') }
}

/** The operations of a JSON spec (lines are not known there: the first line stands for each). */
function jsonOperations(content: string): { operations: Operation[]; basePath: string } {
  let spec: unknown
  try {
    spec = JSON.parse(content)
  } catch {
    return { operations: [], basePath: '' }
  }
  const root = spec && typeof spec === 'object' ? (spec as Record<string, unknown>) : {}
  const paths = root['paths'] && typeof root['paths'] === 'object' ? (root['paths'] as Record<string, unknown>) : {}
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/') || !item || typeof item !== 'object') continue
    for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
      if (!/^(?:get|put|post|delete|options|head|patch|trace)$/.test(method)) continue
      const operationId = operation && typeof operation === 'object' ? (operation as Record<string, unknown>)['operationId'] : undefined
      operations.push({ method: method.toUpperCase(), path, operationId: typeof operationId === 'string' ? operationId : '', line: 1 })
    }
  }
  const servers = Array.isArray(root['servers']) ? (root['servers'] as unknown[]) : []
  const first = servers[0] && typeof servers[0] === 'object' ? (servers[0] as Record<string, unknown>)['url'] : undefined
  return { operations, basePath: typeof root['basePath'] === 'string' ? root['basePath'] : typeof first === 'string' ? serverPath(first) : '' }
}

/**
 * The HTTP operations an OpenAPI 3 or Swagger 2 document in the repository declares, as
 * entrypoints of framework `openapi`: one per path and method, under Swagger 2's `basePath` or the
 * path of OpenAPI 3's first server (the whole path a client calls: no other prefix applies), the handler its
 * `operationId` (code generators name the implementing method so: Spring's openapi-generator
 * interfaces, whose generated sources are not in the repository). A file is a spec by its name
 * (`openapi.yml`, `swagger.json`, `*.openapi.yaml`) and a top-level `openapi`/`swagger` key; swag's
 * `docs/swagger.json`, generated from routes the code declares, is left out.
 */
export function openApiRoutes(file: ConfigFile, content: string): EntrypointRecord[] {
  const format = SPEC_FILE.exec(file.path)
  if (!format || SWAG_OUTPUT.test(file.path) || !SPEC_MARK.test(content.slice(0, 4000))) return []
  const { operations, basePath } = (format[1] ?? format[2]) === 'json' ? jsonOperations(content) : yamlOperations(content)
  const base = basePath.replace(/\/+$/, '')
  return operations.map(({ method, path, operationId, line }) => {
    const route = `${base}${path}`
    const text = `${method.toLowerCase()} ${path}${operationId ? ` (${operationId})` : ''}`
    return configRoute(file, { id: `${file.path}!http-route:${method} ${route}`, line, framework: 'openapi', method, route, handler: operationId, text })
  })
}
