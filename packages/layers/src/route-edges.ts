import { qnameOfSymbolId, type EdgeKind, type EdgeRecord, type EntrypointRecord, type FileLayers, type RawEdge } from '@rag/core'

/** A file's route edges, and the route edges into each handler symbol and handler file. */
export interface RouteEdges {
  /** By the file that declares the entrypoints. */
  readonly from: ReadonlyMap<string, readonly EdgeRecord[]>
  /** By the handler's symbol id and by its file (a file's own routes to its own handlers too: Flask's views). */
  readonly into: ReadonlyMap<string, readonly EdgeRecord[]>
}

/** An edge from where an entrypoint is declared (its file, line and enclosing symbol), to `target` as written. */
export function entrypointEdge(entry: EntrypointRecord, kind: EdgeKind, id: string, target: string, title: string): RawEdge {
  return {
    layer: 'C2_DEPENDENCY_GRAPH',
    id,
    path: entry.path,
    title,
    language: entry.language,
    startLine: entry.startLine,
    endLine: entry.endLine,
    isTest: entry.isTest,
    sourceSymbolId: entry.declaringSymbolId,
    sourceQname: qnameOfSymbolId(entry.declaringSymbolId),
    kind,
    target,
  }
}

function add(map: Map<string, EdgeRecord[]>, key: string, edge: EdgeRecord): void {
  const list = map.get(key)
  if (list) list.push(edge)
  else map.set(key, [edge])
}

/**
 * The `routes` edges of the files' entrypoints whose handler is a known symbol: from where each
 * is declared (its file, the symbol around it) to the handler (`routes/api.php` routes
 * `GET /api/users` to `UserController.index`), so that a dependency query shows which routes
 * reach a handler, and where a route file's routes lead.
 */
export function routeEdges(files: Iterable<FileLayers>): RouteEdges {
  const from = new Map<string, EdgeRecord[]>()
  const into = new Map<string, EdgeRecord[]>()
  for (const file of files) {
    for (const entry of file.entrypoints) {
      const handler = entry.handlerSymbolId
      if (handler === '') continue
      const handlerPath = handler.slice(0, handler.indexOf('#'))
      const edge: EdgeRecord = {
        ...entrypointEdge(entry, 'routes', `${entry.id}>routes`, entry.title, `routes ${entry.title}`),
        resolution: 'resolved',
        targetPath: handlerPath,
        targetSymbolId: handler,
        candidates: 1,
      }
      add(from, entry.path, edge)
      add(into, handler, edge)
      add(into, handlerPath, edge)
    }
  }
  return { from, into }
}
