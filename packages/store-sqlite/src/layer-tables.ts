import type Database from 'better-sqlite3'
import { InvalidArgumentError, describeValue, type EdgeRecord, type FileLayers } from '@rag/core'

/**
 * One generation's change to the code layers (seed 003's symbols, edges and entrypoints), as
 * `@rag/session` stages it: whole files' layer records to write (replacing the path's), paths to
 * forget, and the resolved edges that changed.
 */
export interface LayerCommit {
  /** Files whose layer records are new or changed. */
  readonly upsertFiles: readonly FileLayers[]
  /** Paths whose layer records go (deleted, renamed, no longer indexed). */
  readonly removeFiles: readonly string[]
  /** Resolved edges that are new or changed (of any file). */
  readonly upsertEdges: readonly EdgeRecord[]
  /** Ids of resolved edges that no longer exist. */
  readonly removeEdges: readonly string[]
}

/**
 * The layer tables (schema version 5):
 * - `layer_files`: each file's layer records as extracted (`FileLayers` JSON), what a session
 *   rebuilds its graph from;
 * - `layer_symbols`: one row per definition, indexed by name (exact and prefix lookups: `name >= ?
 *   AND name < ?`) and by path;
 * - `layer_edges`: one row per resolved dependency edge, indexed by source file, by source symbol,
 *   and by target file and target symbol (importers and callers);
 * - `layer_entrypoints`: one row per route or command, indexed by path and by route.
 */
export const LAYERS_SQL = `
CREATE TABLE layer_files (path TEXT PRIMARY KEY, layers TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE layer_symbols (
  id TEXT PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, qname TEXT NOT NULL,
  kind TEXT NOT NULL, language TEXT NOT NULL, start_line INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX layer_symbols_by_name ON layer_symbols (name);
CREATE INDEX layer_symbols_by_path ON layer_symbols (path);
CREATE TABLE layer_edges (
  id TEXT PRIMARY KEY, path TEXT NOT NULL, kind TEXT NOT NULL, source_symbol TEXT NOT NULL,
  target TEXT NOT NULL, resolution TEXT NOT NULL, target_path TEXT NOT NULL, target_symbol TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX layer_edges_by_path ON layer_edges (path);
CREATE INDEX layer_edges_by_source_symbol ON layer_edges (source_symbol);
CREATE INDEX layer_edges_by_target_path ON layer_edges (target_path);
CREATE INDEX layer_edges_by_target_symbol ON layer_edges (target_symbol);
CREATE TABLE layer_entrypoints (
  id TEXT PRIMARY KEY, path TEXT NOT NULL, kind TEXT NOT NULL, method TEXT NOT NULL,
  route TEXT NOT NULL, handler TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX layer_entrypoints_by_path ON layer_entrypoints (path);
CREATE INDEX layer_entrypoints_by_route ON layer_entrypoints (route);
`

const LAYER_TABLES = ['layer_files', 'layer_symbols', 'layer_edges', 'layer_entrypoints'] as const

/** The statements of the layer tables, prepared once per connection. */
export interface LayerStatements {
  readonly putFile: Database.Statement<[string, string]>
  readonly deleteFile: Database.Statement<[string]>
  readonly listFiles: Database.Statement<[], string>
  readonly anyFile: Database.Statement<[], number>
  readonly putSymbol: Database.Statement<[string, string, string, string, string, string, number]>
  readonly deleteSymbolsOf: Database.Statement<[string]>
  readonly putEdge: Database.Statement<[string, string, string, string, string, string, string, string]>
  readonly deleteEdge: Database.Statement<[string]>
  readonly deleteEdgesOf: Database.Statement<[string]>
  readonly putEntrypoint: Database.Statement<[string, string, string, string, string, string]>
  readonly deleteEntrypointsOf: Database.Statement<[string]>
  readonly clear: readonly Database.Statement<[]>[]
}

/** Prepares {@link LayerStatements} on a store connection at schema version 5 or later. */
export function prepareLayerStatements(db: Database.Database): LayerStatements {
  return {
    putFile: db.prepare('INSERT OR REPLACE INTO layer_files (path, layers) VALUES (?, ?)'),
    deleteFile: db.prepare('DELETE FROM layer_files WHERE path = ?'),
    listFiles: db.prepare<[], string>('SELECT layers FROM layer_files ORDER BY path').pluck(),
    anyFile: db.prepare<[], number>('SELECT 1 FROM layer_files LIMIT 1').pluck(),
    putSymbol: db.prepare('INSERT OR REPLACE INTO layer_symbols (id, path, name, qname, kind, language, start_line) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    deleteSymbolsOf: db.prepare('DELETE FROM layer_symbols WHERE path = ?'),
    putEdge: db.prepare(
      'INSERT OR REPLACE INTO layer_edges (id, path, kind, source_symbol, target, resolution, target_path, target_symbol) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    deleteEdge: db.prepare('DELETE FROM layer_edges WHERE id = ?'),
    deleteEdgesOf: db.prepare('DELETE FROM layer_edges WHERE path = ?'),
    putEntrypoint: db.prepare('INSERT OR REPLACE INTO layer_entrypoints (id, path, kind, method, route, handler) VALUES (?, ?, ?, ?, ?, ?)'),
    deleteEntrypointsOf: db.prepare('DELETE FROM layer_entrypoints WHERE path = ?'),
    clear: LAYER_TABLES.map((table) => db.prepare(`DELETE FROM ${table}`)),
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string'
}

/**
 * Checks the shape of a layer commit before anything is written.
 *
 * @throws InvalidArgumentError naming the first malformed part.
 */
export function assertLayerCommit(commit: LayerCommit): void {
  const { upsertFiles, removeFiles, upsertEdges, removeEdges } = commit as Partial<LayerCommit>
  for (const [name, list] of [['upsertFiles', upsertFiles], ['removeFiles', removeFiles], ['upsertEdges', upsertEdges], ['removeEdges', removeEdges]] as const) {
    if (!Array.isArray(list)) throw new InvalidArgumentError(`layers.${name} must be an array; received ${describeValue(list)}.`)
  }
  upsertFiles!.forEach((file, i) => {
    if (!isText(file?.path) || !Array.isArray(file.symbols) || !Array.isArray(file.edges) || !Array.isArray(file.entrypoints)) {
      throw new InvalidArgumentError(`layers.upsertFiles[${i}] must be a FileLayers (path, symbols, edges, entrypoints); it is not.`)
    }
  })
  removeFiles!.forEach((path, i) => {
    if (!isText(path)) throw new InvalidArgumentError(`layers.removeFiles[${i}] must be a path; received ${describeValue(path)}.`)
  })
  upsertEdges!.forEach((edge, i) => {
    if (!isText(edge?.id) || !isText(edge.path) || !isText(edge.resolution)) {
      throw new InvalidArgumentError(`layers.upsertEdges[${i}] must be a resolved EdgeRecord (id, path, resolution); it is not.`)
    }
  })
  removeEdges!.forEach((id, i) => {
    if (!isText(id)) throw new InvalidArgumentError(`layers.removeEdges[${i}] must be an edge id; received ${describeValue(id)}.`)
  })
}

/** Writes a layer commit inside the caller's transaction: only the rows of the files and edges it names. */
export function writeLayers(statements: LayerStatements, commit: LayerCommit): void {
  for (const path of commit.removeFiles) {
    statements.deleteFile.run(path)
    statements.deleteSymbolsOf.run(path)
    statements.deleteEntrypointsOf.run(path)
    statements.deleteEdgesOf.run(path)
  }
  for (const file of commit.upsertFiles) {
    statements.putFile.run(file.path, JSON.stringify(file))
    statements.deleteSymbolsOf.run(file.path)
    statements.deleteEntrypointsOf.run(file.path)
    for (const s of file.symbols) statements.putSymbol.run(s.id, s.path, s.name, s.qname, s.kind, s.language, s.startLine)
    for (const e of file.entrypoints) statements.putEntrypoint.run(e.id, e.path, e.kind, e.method, e.route, e.handler)
  }
  for (const id of commit.removeEdges) statements.deleteEdge.run(id)
  for (const e of commit.upsertEdges) {
    statements.putEdge.run(e.id, e.path, e.kind, e.sourceSymbolId, e.target, e.resolution, e.targetPath, e.targetSymbolId)
  }
}

/** Reads every file's layer records, by path. */
export function readLayers(statements: LayerStatements): FileLayers[] {
  return statements.listFiles.all().map((json) => JSON.parse(json) as FileLayers)
}

/** Empties the layer tables inside the caller's transaction. */
export function clearLayers(statements: LayerStatements): void {
  for (const statement of statements.clear) statement.run()
}
