import type { FileLayers, RawEdge } from '@rag/core'
import { configPrefixEdge } from './config-records.js'
import type { ConfigDocument, ConfigValue } from '../config/config-document.js'
import { readPropertiesDocuments } from '../config/properties-file.js'
import { readYamlDocuments } from '../config/yaml-file.js'

/**
 * Settings that put a path before HTTP routes, by the framework whose routes they prefix (`*`: the
 * server's root path, before every framework's own prefix); in each group the first one set wins.
 * Spring Boot: the servlet context path (`server.context-path` in 1.x), then the DispatcherServlet
 * path or WebFlux's base path. Quarkus: the HTTP root path, then the REST path, which JAX-RS's
 * `@ApplicationPath` replaces (`@rag/layers` lets the nearer global prefix win).
 */
const PREFIX_SETTINGS: readonly { readonly framework: string; readonly keys: readonly string[] }[] = [
  { framework: '*', keys: ['server.servlet.context-path', 'server.context-path', 'quarkus.http.root-path'] },
  { framework: 'spring', keys: ['spring.mvc.servlet.path', 'server.servlet-path', 'spring.webflux.base-path'] },
  { framework: 'jax-rs', keys: ['quarkus.rest.path', 'quarkus.resteasy-reactive.path', 'quarkus.resteasy.path'] },
]

/** Keys that make a Spring Boot document apply to one profile only. */
const PROFILE_KEYS = ['spring.config.activate.on-profile', 'spring.profiles']

/** The default configuration file of a Maven or Gradle module: `<module>/src/main/resources/application.{properties,yml,yaml}`. */
const APP_CONFIG = /(?:^|\/)src\/main\/resources\/application\.(properties|ya?ml)$/

/** Placeholders `${key}` and `${key:default}`. */
const PLACEHOLDER = /\$\{([^}:]+)(?::([^}]*))?\}/g

/** A key as Spring's relaxed binding compares it: `contextPath`, `context_path` and `context-path` are one key. */
const canonical = (key: string): string => key.toLowerCase().replace(/[-_]/g, '')

/** Whether a path is the default application configuration file of a JVM module (profile files such as `application-dev.yml` are not). */
export function isAppConfigPath(path: string): boolean {
  return APP_CONFIG.test(path)
}

/**
 * The settings every profile sees, by canonical key: documents that do not activate on a profile,
 * later ones winning, without Quarkus's profile keys (`%dev.quarkus.http.root-path`).
 */
function defaultProfile(documents: readonly ConfigDocument[]): Map<string, ConfigValue & { readonly key: string }> {
  const settings = new Map<string, ConfigValue & { readonly key: string }>()
  for (const document of documents) {
    const keys = new Set([...document.keys()].map(canonical))
    if (PROFILE_KEYS.some((key) => keys.has(canonical(key)))) continue
    for (const [key, value] of document) if (!key.startsWith('%')) settings.set(canonical(key), { ...value, key })
  }
  return settings
}

/** A setting's value with its placeholders replaced by the file's own settings or their default, else written `{key}`. */
function expand(value: string, settings: ReadonlyMap<string, ConfigValue>, depth = 0): string {
  return value.replace(PLACEHOLDER, (_, key: string, fallback: string | undefined) => {
    const own = depth < 4 ? settings.get(canonical(key.trim())) : undefined
    return own !== undefined ? expand(own.value, settings, depth + 1) : (fallback ?? `{${key.trim()}}`)
  })
}

/**
 * A path setting as a route prefix (`${CONTEXT_PATH:/api}` is `/api`, see {@link expand}): one
 * leading `/`, no trailing one; `''` for the root.
 */
function prefixOf(value: string, settings: ReadonlyMap<string, ConfigValue>): string {
  const path = expand(value, settings).trim().replace(/\/+$/, '')
  return path === '' || path.startsWith('/') ? path : `/${path}`
}

/**
 * The global route prefixes a JVM application's configuration file sets, as `mounts` edges of
 * target `*` with the framework they prefix (`*` for the server's root path), one per setting:
 * Spring Boot's `server.servlet.context-path` and `spring.mvc.servlet.path`, Quarkus's
 * `quarkus.http.root-path` and `quarkus.rest.path` (or the RESTEasy ones), in
 * `src/main/resources/application.properties` or `application.yml`/`.yaml`. `@rag/layers` scopes
 * them to the module's `src/main/`. Profile files and profile documents are not read: the
 * prefix is the one every profile sees. Other files give none.
 *
 * @example
 * appConfigPrefixEdges({ path: 'src/main/resources/application.properties', language: 'ini', isTest: false }, 'server.servlet.context-path=/api\n')
 * // [{ kind: 'mounts', target: '*', prefix: '/api', router: 'server.servlet.context-path', framework: '*', startLine: 1, ... }]
 */
export function appConfigPrefixEdges(file: Pick<FileLayers, 'path' | 'language' | 'isTest'>, content: string): RawEdge[] {
  const format = APP_CONFIG.exec(file.path)?.[1]
  if (format === undefined) return []
  const settings = defaultProfile(format === 'properties' ? readPropertiesDocuments(content) : readYamlDocuments(content))
  const edges: RawEdge[] = []
  for (const { framework, keys } of PREFIX_SETTINGS) {
    const setting = keys.map((key) => settings.get(canonical(key))).find((found) => found !== undefined)
    const prefix = setting ? prefixOf(setting.value, settings) : ''
    if (setting === undefined || prefix === '') continue
    const id = edges.length === 0 ? `${file.path}>mounts:*` : `${file.path}>mounts:*~${edges.length + 1}`
    edges.push(configPrefixEdge(file, { id, line: setting.line, target: '*', prefix, router: setting.key, framework }))
  }
  return edges
}
