import type { EntrypointRecord, FileLayers, RawEdge } from '@rag/core'

/** What a configuration file's records need of the file. */
export type ConfigFile = Pick<FileLayers, 'path' | 'language' | 'isTest'>

/**
 * A global route prefix a configuration file sets, as a `mounts` edge at one line of it: target `*`
 * for every route of `framework` under the file's source root, or a directory relative to the file.
 */
export function configPrefixEdge(file: ConfigFile, fact: { readonly id: string; readonly line: number; readonly target: string; readonly prefix: string; readonly router: string; readonly framework: string }): RawEdge {
  return {
    layer: 'C2_DEPENDENCY_GRAPH',
    id: fact.id,
    path: file.path,
    language: file.language,
    startLine: fact.line,
    endLine: fact.line,
    isTest: file.isTest,
    sourceSymbolId: '',
    sourceQname: '',
    kind: 'mounts',
    target: fact.target,
    title: `mounts ${fact.target}`,
    prefix: fact.prefix,
    router: fact.router,
    framework: fact.framework,
  }
}

/** An HTTP route a configuration file or API description declares at one line of it (no symbol declares it). */
export function configRoute(
  file: ConfigFile,
  route: { readonly id: string; readonly line: number; readonly framework: string; readonly method: string; readonly route: string; readonly handler: string; readonly text: string },
): EntrypointRecord {
  return {
    layer: 'C3_ENTRYPOINTS',
    id: route.id,
    path: file.path,
    title: `${route.method} ${route.route}`,
    language: file.language,
    startLine: route.line,
    endLine: route.line,
    isTest: file.isTest,
    kind: 'http-route',
    framework: route.framework,
    method: route.method,
    route: route.route,
    handler: route.handler,
    handlerSymbolId: '',
    declaringSymbolId: '',
    text: route.text,
  }
}
