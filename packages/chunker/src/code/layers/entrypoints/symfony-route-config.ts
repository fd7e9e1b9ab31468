import type { EntrypointRecord, FileLayers, RawEdge } from '@rag/core'
import { readYamlDocuments } from '../config/yaml-file.js'

/** Symfony's route configuration: `config/routes.yaml`, `config/routes/*.yaml` (`annotations.yaml`, `attributes.yaml`). */
const ROUTE_CONFIG = /(?:^|\/)config\/routes(\/[^/]+)?\.ya?ml$/

/** Resource types that load a directory's `#[Route]` attributes (or annotations, before Symfony 6). */
const ATTRIBUTE_TYPES: ReadonlySet<string> = new Set(['attribute', 'annotation'])

/**
 * The prefixes Symfony's route configuration puts before the `#[Route]` attributes of a directory
 * of controllers, as global `mounts` edges of framework `symfony` whose target is that directory
 * relative to the configuration file: `controllers: { resource: ../src/Controller/, type:
 * attribute, prefix: /{_locale} }`, or Symfony 7's `resource: routing.controllers` (the
 * application's `src/Controller/`). Other files give none.
 *
 * @example
 * symfonyRoutePrefixEdges({ path: 'config/routes.yaml', language: 'yaml', isTest: false }, 'controllers:\n  resource: routing.controllers\n  prefix: /{_locale}\n')
 * // [{ kind: 'mounts', target: '../src/Controller', prefix: '/{_locale}', router: 'controllers', framework: 'symfony', ... }]
 */
export function symfonyRoutePrefixEdges(file: Pick<FileLayers, 'path' | 'language' | 'isTest'>, content: string): RawEdge[] {
  const config = ROUTE_CONFIG.exec(file.path)
  if (!config || !/\bprefix\s*:/.test(content)) return []
  const settings = readYamlDocuments(content)[0]
  if (settings === undefined) return []
  // From the file's directory up to the project root above `config/`.
  const root = config[1] === undefined ? '..' : '../..'
  const edges: RawEdge[] = []
  for (const [key, prefix] of settings) {
    const name = key.endsWith('.prefix') ? key.slice(0, -'.prefix'.length) : undefined
    if (name === undefined || name.includes('.')) continue
    const resource = settings.get(`${name}.resource`)?.value
    const type = settings.get(`${name}.type`)?.value
    const path = prefix.value.trim().replace(/\/+$/, '')
    if (resource === undefined || path === '') continue
    // `routing.controllers` is the kernel's `src/Controller/`, from the project root above `config/`.
    const target = resource === 'routing.controllers' ? `${root}/src/Controller` : resource.endsWith('/') && (type === undefined || ATTRIBUTE_TYPES.has(type)) ? resource.replace(/\/+$/, '') : undefined
    if (target === undefined) continue
    edges.push({
      layer: 'C2_DEPENDENCY_GRAPH',
      id: `${file.path}>mounts:${name}`,
      path: file.path,
      language: file.language,
      startLine: prefix.line,
      endLine: prefix.line,
      isTest: file.isTest,
      sourceSymbolId: '',
      sourceQname: '',
      kind: 'mounts',
      target,
      title: `mounts ${target}`,
      prefix: path.startsWith('/') ? path : `/${path}`,
      router: name,
      framework: 'symfony',
    })
  }
  return edges
}

/**
 * The routes Symfony's route configuration defines itself: `blog_show: { path: /blog/{slug},
 * controller: App\\Controller\\BlogController::show, methods: GET }` (also `defaults:
 * { _controller: ... }`), one record per method named as a scalar (`*` when a list or none). The
 * handler is written `App\\Controller\\BlogController.show`, as PHP string actions are.
 */
export function symfonyYamlRoutes(file: Pick<FileLayers, 'path' | 'language' | 'isTest'>, content: string): EntrypointRecord[] {
  if (!ROUTE_CONFIG.test(file.path) || !/\bpath\s*:/.test(content)) return []
  const settings = readYamlDocuments(content)[0]
  if (settings === undefined) return []
  const out: EntrypointRecord[] = []
  for (const [key, path] of settings) {
    const name = key.endsWith('.path') ? key.slice(0, -'.path'.length) : undefined
    if (name === undefined || name.includes('.') || !path.value.startsWith('/')) continue
    const written = settings.get(`${name}.controller`)?.value ?? settings.get(`${name}.defaults._controller`)?.value ?? ''
    const handler = written.replace(/^\\/, '').replace(/::(?=\w+$)/, '.')
    const methods = (settings.get(`${name}.methods`)?.value ?? '*').split('|').map((method) => method.trim().toUpperCase())
    for (const method of methods) {
      out.push({
        layer: 'C3_ENTRYPOINTS',
        id: `${file.path}!http-route:${name}${methods.length > 1 ? `~${method}` : ''}`,
        path: file.path,
        title: `${method} ${path.value}`,
        language: file.language,
        startLine: path.line,
        endLine: path.line,
        isTest: file.isTest,
        kind: 'http-route',
        framework: 'symfony',
        method,
        route: path.value,
        handler,
        handlerSymbolId: '',
        declaringSymbolId: '',
        text: `${name}: ${path.value}`,
      })
    }
  }
  return out
}
