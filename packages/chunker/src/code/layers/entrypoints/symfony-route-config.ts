import type { EntrypointRecord, RawEdge } from '@rag/core'
import type { ConfigDocument } from '../config/config-document.js'
import { readYamlDocuments } from '../config/yaml-file.js'
import { configPrefixEdge, configRoute, type ConfigFile } from './config-records.js'

/** Symfony's route configuration: `config/routes.yaml`, `config/routes/*.yaml` (`annotations.yaml`, `attributes.yaml`). */
const ROUTE_CONFIG = /(?:^|\/)config\/routes(\/[^/]+)?\.ya?ml$/

/** Resource types that load a directory's `#[Route]` attributes (or annotations, before Symfony 6). */
const ATTRIBUTE_TYPES: ReadonlySet<string> = new Set(['attribute', 'annotation'])

/** The top-level entries of a route configuration that set `field` (`controllers` of `controllers.prefix`), with its value. */
function* entriesWith(settings: ConfigDocument, field: string): Generator<[string, { readonly value: string; readonly line: number }]> {
  for (const [key, value] of settings) {
    const name = key.endsWith(`.${field}`) ? key.slice(0, -field.length - 1) : undefined
    if (name !== undefined && !name.includes('.')) yield [name, value]
  }
}

/**
 * The prefixes Symfony's route configuration puts before the `#[Route]` attributes of a directory
 * of controllers, as global `mounts` edges of framework `symfony` whose target is that directory
 * relative to the configuration file: `controllers: { resource: ../src/Controller/, type:
 * attribute, prefix: /{_locale} }`, or Symfony 7's `resource: routing.controllers` (the
 * application's `src/Controller/`).
 */
function prefixEdges(file: ConfigFile, settings: ConfigDocument, inRoutesDirectory: boolean): RawEdge[] {
  // From the file's directory up to the project root above `config/`.
  const root = inRoutesDirectory ? '../..' : '..'
  const edges: RawEdge[] = []
  for (const [name, prefix] of entriesWith(settings, 'prefix')) {
    const resource = settings.get(`${name}.resource`)?.value
    const type = settings.get(`${name}.type`)?.value
    const path = prefix.value.trim().replace(/\/+$/, '')
    if (resource === undefined || path === '') continue
    // `routing.controllers` is the kernel's `src/Controller/`, from the project root above `config/`.
    const target = resource === 'routing.controllers' ? `${root}/src/Controller` : resource.endsWith('/') && (type === undefined || ATTRIBUTE_TYPES.has(type)) ? resource.replace(/\/+$/, '') : undefined
    if (target === undefined) continue
    edges.push(configPrefixEdge(file, { id: `${file.path}>mounts:${name}`, line: prefix.line, target, prefix: path.startsWith('/') ? path : `/${path}`, router: name, framework: 'symfony' }))
  }
  return edges
}

/**
 * The routes Symfony's route configuration defines itself: `blog_show: { path: /blog/{slug},
 * controller: App\\Controller\\BlogController::show, methods: GET }` (also `defaults:
 * { _controller: ... }`), one record per method (`GET|POST`, `[GET, POST]` or `- GET` lines; `*` when none). The
 * handler is written `App\\Controller\\BlogController.show`, as PHP string actions are.
 */
function ownRoutes(file: ConfigFile, settings: ConfigDocument): EntrypointRecord[] {
  const out: EntrypointRecord[] = []
  for (const [name, path] of entriesWith(settings, 'path')) {
    if (!path.value.startsWith('/')) continue
    const written = settings.get(`${name}.controller`)?.value ?? settings.get(`${name}.defaults._controller`)?.value ?? ''
    const handler = written.replace(/^\\/, '').replace(/::(?=\w+$)/, '.')
    const listed = settings.get(`${name}.methods`)
    const methods = (listed?.items ?? (listed?.value || '*').split('|')).map((method) => method.trim().toUpperCase())
    for (const method of methods) {
      const id = `${file.path}!http-route:${name}${methods.length > 1 ? `~${method}` : ''}`
      out.push(configRoute(file, { id, line: path.line, framework: 'symfony', method, route: path.value, handler, text: `${name}: ${path.value}` }))
    }
  }
  return out
}

/**
 * What a Symfony route configuration file (`config/routes.yaml`, `config/routes/*.yaml`) says,
 * read once: the prefixes it puts before a directory's attribute routes (see {@link prefixEdges})
 * and the routes it defines itself. Other files say nothing.
 *
 * @example
 * symfonyRouteConfig({ path: 'config/routes.yaml', language: 'yaml', isTest: false }, 'controllers:\n  resource: routing.controllers\n  prefix: /{_locale}\n').edges
 * // [{ kind: 'mounts', target: '../src/Controller', prefix: '/{_locale}', router: 'controllers', framework: 'symfony', ... }]
 */
export function symfonyRouteConfig(file: ConfigFile, content: string): { readonly edges: RawEdge[]; readonly routes: EntrypointRecord[] } {
  const config = ROUTE_CONFIG.exec(file.path)
  if (!config) return { edges: [], routes: [] }
  const prefixes = /\bprefix\s*:/.test(content)
  const paths = /\bpath\s*:/.test(content)
  const settings = prefixes || paths ? readYamlDocuments(content)[0] : undefined
  if (settings === undefined) return { edges: [], routes: [] }
  return { edges: prefixes ? prefixEdges(file, settings, config[1] !== undefined) : [], routes: paths ? ownRoutes(file, settings) : [] }
}
