import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type Database from 'better-sqlite3'
import { caseVariantPrefixes, compactLayersJson, fileLayersFromStoredJson, isStoredEdge, prefixUpperBound, qnameOfSymbolId, takeCompressedLayers, type FileLayers, type LayerCommit, type LayerCounts, type LayerFileSelection } from '@rag/core'

/**
 * The layer tables (schema version 7; 5 and 6 held each edge's target path as text, see
 * {@link TARGET_PATHS_UPGRADE_SQL}):
 * - `layer_files`: one row per file (`id`, `path`), its layer records as extracted, in the compact
 *   form of `@rag/core`'s `encodeFileLayers` (what the records do not repeat from their file or
 *   derive from their other fields) as deflate-compressed JSON; what a session rebuilds its graph
 *   from. Rows written before the compact form hold the `FileLayers` JSON itself and read back alike;
 * - `layer_symbols`: one row per definition (`file` is the `layer_files.id`), indexed by name
 *   (exact and prefix lookups: `name >= ? AND name < ?`) and by file;
 * - `layer_edges`: the resolved dependency edges that lead somewhere in the index (every import,
 *   and calls and heritage resolved to an indexed file), indexed by source file and by target file
 *   and symbol (importers and callers); calls of library functions stay in `layer_files` only. The
 *   file or directory (a Go package) an edge leads to is `target_file`, an id of `layer_targets`;
 * - `layer_targets`: each path an edge leads to, once. Written out on every edge row, table and
 *   index, the paths were a quarter of what the layers add to the store (rxjs: 150 of 655 KB). The
 *   importers of a file: `SELECT ... FROM layer_edges e JOIN layer_targets t ON t.id = e.target_file WHERE t.path = ?`;
 * - `layer_entrypoints`: one row per route or command, indexed by file and by route.
 */
export const LAYERS_SQL = `
CREATE TABLE layer_files (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, layers BLOB NOT NULL);
CREATE TABLE layer_symbols (
  file INTEGER NOT NULL, name TEXT NOT NULL, qname TEXT NOT NULL, kind TEXT NOT NULL,
  language TEXT NOT NULL, start_line INTEGER NOT NULL
);
CREATE INDEX layer_symbols_by_name ON layer_symbols (name);
CREATE INDEX layer_symbols_by_file ON layer_symbols (file);
CREATE TABLE layer_targets (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
CREATE TABLE layer_edges (
  file INTEGER NOT NULL, start_line INTEGER NOT NULL, kind TEXT NOT NULL, source_qname TEXT NOT NULL,
  target TEXT NOT NULL, resolution TEXT NOT NULL, target_file INTEGER, target_qname TEXT NOT NULL
);
CREATE INDEX layer_edges_by_file ON layer_edges (file);
CREATE INDEX layer_edges_by_target ON layer_edges (target_file, target_qname);
CREATE TABLE layer_entrypoints (
  file INTEGER NOT NULL, start_line INTEGER NOT NULL, kind TEXT NOT NULL, method TEXT NOT NULL,
  route TEXT NOT NULL, handler TEXT NOT NULL
);
CREATE INDEX layer_entrypoints_by_file ON layer_entrypoints (file);
CREATE INDEX layer_entrypoints_by_route ON layer_entrypoints (route);
`

/**
 * Upgrades the layer tables of a schema 5 or 6 store to 7 inside the caller's transaction: the
 * edges' `target_path` text becomes a `target_file` id of `layer_targets`, the rows otherwise kept.
 */
export const TARGET_PATHS_UPGRADE_SQL = `
CREATE TABLE layer_targets (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
INSERT INTO layer_targets (path) SELECT DISTINCT target_path FROM layer_edges WHERE target_path != '' ORDER BY target_path;
DROP INDEX layer_edges_by_target;
ALTER TABLE layer_edges ADD COLUMN target_file INTEGER;
UPDATE layer_edges SET target_file = (SELECT id FROM layer_targets WHERE path = layer_edges.target_path);
ALTER TABLE layer_edges DROP COLUMN target_path;
CREATE INDEX layer_edges_by_target ON layer_edges (target_file, target_qname);
`

const LAYER_TABLES = ['layer_files', 'layer_symbols', 'layer_edges', 'layer_targets', 'layer_entrypoints'] as const

/** The indexes of the row tables: each name with its `CREATE INDEX` statement, as {@link LAYERS_SQL} has it. */
const ROW_INDEXES: readonly (readonly [name: string, sql: string])[] = LAYERS_SQL.split('\n')
  .filter((line) => line.startsWith('CREATE INDEX '))
  .map((sql) => [sql.split(' ')[2] as string, sql.trim()])

/**
 * Symbol, stored edge and entrypoint rows from which a commit into empty layer tables builds the
 * row indexes after inserting the rows instead of updating them row by row: SQLite sorts once,
 * about 1 µs a row less (the 8 MB Python bench corpus: 32k rows, 115 ms instead of 80), while
 * dropping and creating the six indexes costs about 4 ms, which a small commit does not win back.
 */
const BULK_ROWS = 10_000

/**
 * The deflate level of `layer_files.layers`: zlib's fastest. On the 8 MB Python bench corpus it
 * compresses the compact JSON (4.6 MB) in about half the CPU of the default level 6, to 1.0 MB
 * instead of 0.86 MB (the store grows 0.6 % more). Reading inflates either alike.
 */
const DEFLATE = { level: 1 } as const

/** The statements of the layer tables, prepared once per connection. */
export interface LayerStatements {
  readonly fileId: Database.Statement<[string], number>
  readonly insertFile: Database.Statement<[string, Buffer], number>
  readonly updateFile: Database.Statement<[Buffer, number]>
  readonly deleteFile: Database.Statement<[number]>
  readonly listFiles: Database.Statement<[], Buffer>
  readonly filesWithName: Database.Statement<[string], Buffer>
  readonly filesWithNameIn: Database.Statement<[string, string], Buffer>
  readonly filesWithNameAnyCase: Database.Statement<[string, string, string, string, string, string, string, string, string], Buffer>
  readonly filesWithNameLike: Database.Statement<[string, string, string, string, string, string, string, string, string], Buffer>
  readonly filesWithEntrypoints: Database.Statement<[], Buffer>
  readonly resolvedFileEdges: Database.Statement<[], { path: string; targetPath: string }>
  readonly anyFile: Database.Statement<[], number>
  readonly counts: Database.Statement<[], LayerCounts>
  readonly putSymbol: Database.Statement<[number, string, string, string, string, number]>
  readonly deleteSymbolsOf: Database.Statement<[number]>
  readonly putEdge: Database.Statement<[number, number, string, string, string, string, number | null, string]>
  readonly deleteEdgesOf: Database.Statement<[number]>
  readonly targetId: Database.Statement<[string], number>
  readonly insertTarget: Database.Statement<[string], number>
  readonly dropUnusedTargets: Database.Statement<[]>
  readonly putEntrypoint: Database.Statement<[number, number, string, string, string, string]>
  readonly deleteEntrypointsOf: Database.Statement<[number]>
  readonly clear: readonly Database.Statement<[]>[]
  /** Runs `insert` with the row indexes dropped, then creates them again (inside the caller's transaction, so all or nothing). */
  readonly withoutRowIndexes: (insert: () => void) => void
}

/** Prepares {@link LayerStatements} on a store connection at schema version 5 or later. */
export function prepareLayerStatements(db: Database.Database): LayerStatements {
  return {
    fileId: db.prepare<[string], number>('SELECT id FROM layer_files WHERE path = ?').pluck(),
    insertFile: db.prepare<[string, Buffer], number>('INSERT INTO layer_files (path, layers) VALUES (?, ?) RETURNING id').pluck(),
    updateFile: db.prepare('UPDATE layer_files SET layers = ? WHERE id = ?'),
    deleteFile: db.prepare('DELETE FROM layer_files WHERE id = ?'),
    listFiles: db.prepare<[], Buffer>('SELECT layers FROM layer_files ORDER BY path').pluck(),
    anyFile: db.prepare<[], number>('SELECT 1 FROM layer_files LIMIT 1').pluck(),
    counts: db.prepare<[], LayerCounts>(
      `SELECT (SELECT count(*) FROM layer_files) AS files, (SELECT count(*) FROM layer_symbols) AS symbols,
        (SELECT count(*) FROM layer_edges WHERE resolution = 'resolved' AND target_file IS NOT NULL) AS resolvedEdges,
        (SELECT count(*) FROM layer_entrypoints) AS entrypoints`,
    ),
    filesWithName: db.prepare<[string], Buffer>('SELECT layers FROM layer_files WHERE id IN (SELECT file FROM layer_symbols WHERE name = ?) ORDER BY path').pluck(),
    filesWithNameIn: db
      .prepare<[string, string], Buffer>('SELECT layers FROM layer_files WHERE id IN (SELECT file FROM layer_symbols WHERE name >= ? AND name < ?) ORDER BY path')
      .pluck(),
    // Any case of the ASCII letters: a scan of the names (a lookup that found nothing as written).
    // As `filesWithNameLike`: the ranges of the name's first two letters in each case, then the whole name in any case.
    filesWithNameAnyCase: db
      .prepare<[string, string, string, string, string, string, string, string, string], Buffer>(
        'SELECT layers FROM layer_files WHERE id IN (SELECT file FROM layer_symbols WHERE ((name >= ? AND name < ?) OR (name >= ? AND name < ?) OR (name >= ? AND name < ?) OR (name >= ? AND name < ?)) AND name = ? COLLATE NOCASE) ORDER BY path',
      )
      .pluck(),
    // The ranges of the prefix's first two letters in each case use the name index; LIKE tests the rest (in any case of ASCII letters).
    filesWithNameLike: db
      .prepare<[string, string, string, string, string, string, string, string, string], Buffer>(
        "SELECT layers FROM layer_files WHERE id IN (SELECT file FROM layer_symbols WHERE ((name >= ? AND name < ?) OR (name >= ? AND name < ?) OR (name >= ? AND name < ?) OR (name >= ? AND name < ?)) AND name LIKE ? ESCAPE '\\') ORDER BY path",
      )
      .pluck(),
    filesWithEntrypoints: db.prepare<[], Buffer>('SELECT layers FROM layer_files WHERE id IN (SELECT file FROM layer_entrypoints) ORDER BY path').pluck(),
    resolvedFileEdges: db.prepare<[], { path: string; targetPath: string }>(
      "SELECT DISTINCT f.path AS path, t.path AS targetPath FROM layer_edges e JOIN layer_files f ON f.id = e.file JOIN layer_targets t ON t.id = e.target_file WHERE e.resolution = 'resolved' ORDER BY f.path, t.path",
    ),
    putSymbol: db.prepare('INSERT INTO layer_symbols (file, name, qname, kind, language, start_line) VALUES (?, ?, ?, ?, ?, ?)'),
    deleteSymbolsOf: db.prepare('DELETE FROM layer_symbols WHERE file = ?'),
    putEdge: db.prepare(
      'INSERT INTO layer_edges (file, start_line, kind, source_qname, target, resolution, target_file, target_qname) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    deleteEdgesOf: db.prepare('DELETE FROM layer_edges WHERE file = ?'),
    targetId: db.prepare<[string], number>('SELECT id FROM layer_targets WHERE path = ?').pluck(),
    insertTarget: db.prepare<[string], number>('INSERT INTO layer_targets (path) VALUES (?) RETURNING id').pluck(),
    dropUnusedTargets: db.prepare('DELETE FROM layer_targets WHERE NOT EXISTS (SELECT 1 FROM layer_edges WHERE target_file = layer_targets.id)'),
    putEntrypoint: db.prepare('INSERT INTO layer_entrypoints (file, start_line, kind, method, route, handler) VALUES (?, ?, ?, ?, ?, ?)'),
    deleteEntrypointsOf: db.prepare('DELETE FROM layer_entrypoints WHERE file = ?'),
    clear: LAYER_TABLES.map((table) => db.prepare(`DELETE FROM ${table}`)),
    withoutRowIndexes: (insert) => {
      for (const [name] of ROW_INDEXES) db.exec(`DROP INDEX ${name}`)
      insert()
      for (const [, sql] of ROW_INDEXES) db.exec(sql)
    },
  }
}

/** Drops a file's rows (records, symbols, entrypoints, edges); whether it had edges. */
function dropFile(statements: LayerStatements, id: number): boolean {
  statements.deleteSymbolsOf.run(id)
  statements.deleteEntrypointsOf.run(id)
  const edges = statements.deleteEdgesOf.run(id).changes > 0
  statements.deleteFile.run(id)
  return edges
}

/** The number of symbol, entrypoint and edge rows a commit inserts (at most: a file it names may not be stored). */
function rowsOf(commit: LayerCommit): number {
  let rows = 0
  for (const file of commit.upsertFiles) rows += file.symbols.length + file.entrypoints.length
  for (const edge of commit.edges) if (isStoredEdge(edge)) rows++
  return rows
}

/**
 * Writes a layer commit inside the caller's transaction: only the rows of the files it names. A
 * big commit into empty layer tables (a cold index) builds the row indexes after the rows.
 */
export function writeLayers(statements: LayerStatements, commit: LayerCommit): void {
  if (rowsOf(commit) >= BULK_ROWS && statements.anyFile.get() === undefined) statements.withoutRowIndexes(() => writeRows(statements, commit))
  else writeRows(statements, commit)
}

/** What `layer_files.layers` holds for a file: the compressed text a chunking worker made, else compressed here. */
function storedBlob(file: FileLayers): Buffer {
  const made = takeCompressedLayers(file)
  return made === undefined ? deflateRawSync(compactLayersJson(file), DEFLATE) : Buffer.from(made.buffer, made.byteOffset, made.byteLength)
}

function writeRows(statements: LayerStatements, commit: LayerCommit): void {
  let edgesDropped = false
  for (const path of commit.removeFiles) {
    const id = statements.fileId.get(path)
    if (id !== undefined && dropFile(statements, id)) edgesDropped = true
  }
  for (const file of commit.upsertFiles) {
    const blob = storedBlob(file)
    let id = statements.fileId.get(file.path)
    if (id === undefined) {
      id = statements.insertFile.get(file.path, blob) as number
    } else {
      statements.updateFile.run(blob, id)
      statements.deleteSymbolsOf.run(id)
      statements.deleteEntrypointsOf.run(id)
    }
    for (const s of file.symbols) statements.putSymbol.run(id, s.name, s.qname, s.kind, s.language, s.startLine)
    for (const e of file.entrypoints) statements.putEntrypoint.run(id, e.startLine, e.kind, e.method, e.route, e.handler)
  }
  const ids = new Map<string, number | undefined>()
  const idOf = (path: string): number | undefined => {
    if (!ids.has(path)) ids.set(path, statements.fileId.get(path))
    return ids.get(path)
  }
  for (const path of commit.resolvedFiles) {
    const id = idOf(path)
    if (id !== undefined && statements.deleteEdgesOf.run(id).changes > 0) edgesDropped = true
  }
  const targets = new Map<string, number>()
  const targetOf = (path: string): number | null => {
    if (path === '') return null
    let id = targets.get(path)
    if (id === undefined) {
      id = statements.targetId.get(path) ?? statements.insertTarget.get(path)!
      targets.set(path, id)
    }
    return id
  }
  for (const e of commit.edges) {
    const id = isStoredEdge(e) ? idOf(e.path) : undefined
    if (id !== undefined) statements.putEdge.run(id, e.startLine, e.kind, e.sourceQname, e.target, e.resolution, targetOf(e.targetPath), qnameOfSymbolId(e.targetSymbolId))
  }
  // Paths no edge leads to any more (their importers were re-resolved or removed).
  if (edgesDropped) statements.dropUnusedTargets.run()
}

function decode(blob: Buffer): FileLayers {
  return fileLayersFromStoredJson(inflateRawSync(blob).toString('utf8'))
}

/** Reads every file's layer records, by path. */
export function readLayers(statements: LayerStatements): FileLayers[] {
  return statements.listFiles.all().map(decode)
}

/** The four name ranges (`[from, to)` pairs) of a name's or prefix's first two letters in each case; repeated when fewer. */
function caseRanges(prefix: string): [string, string, string, string, string, string, string, string] {
  const starts = caseVariantPrefixes(prefix)
  return [0, 1, 2, 3].flatMap((i) => {
    const start = starts[i % starts.length] as string
    return [start, prefixUpperBound(start)]
  }) as [string, string, string, string, string, string, string, string]
}

/** Reads the layer records of the files a selection names (through the name and entrypoint tables), by path. */
export function readLayersWhere(statements: LayerStatements, selection: LayerFileSelection): FileLayers[] {
  if ('name' in selection) {
    if (selection.ignoreCase === true) return statements.filesWithNameAnyCase.all(...caseRanges(selection.name), selection.name).map(decode)
    return statements.filesWithName.all(selection.name).map(decode)
  }
  if ('namePrefix' in selection) {
    const prefix = selection.namePrefix
    // (SQLite's LIKE ignores the case of ASCII letters.)
    if (selection.ignoreCase === true) return statements.filesWithNameLike.all(...caseRanges(prefix), `${prefix.replace(/[\\%_]/g, '\\$&')}%`).map(decode)
    return statements.filesWithNameIn.all(prefix, prefixUpperBound(prefix)).map(decode)
  }
  return statements.filesWithEntrypoints.all().map(decode)
}

/** Every distinct (file, file it depends on) pair of the resolved edges, without decoding any file's records. */
export function readResolvedFileEdges(statements: LayerStatements): { path: string; targetPath: string }[] {
  return statements.resolvedFileEdges.all()
}

/** How many files, definitions, resolved edges and entrypoints the layer tables hold. */
export function countLayers(statements: LayerStatements): LayerCounts {
  return { ...statements.counts.get()! }
}

/** Empties the layer tables inside the caller's transaction. */
export function clearLayers(statements: LayerStatements): void {
  for (const statement of statements.clear) statement.run()
}
