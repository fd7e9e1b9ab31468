import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type pg from 'pg'
import { caseVariantPrefixes, compactLayersJson, fileLayersFromStoredJson, isStoredEdge, prefixUpperBound, qnameOfSymbolId, takeCompressedLayers, type EdgeRecord, type FileLayers, type LayerCommit, type LayerCounts, type LayerFileSelection } from '@rag/core'

/** Files per INSERT of `rag_layer_files` (3 parameters each). */
const FILE_BATCH = 1000
/** Symbol, edge or entrypoint rows per INSERT (one array parameter per column). */
const ROW_BATCH = 10_000

/** The tables of a file's rows, besides `rag_layer_files`. */
const ROW_TABLES = ['rag_layer_symbols', 'rag_layer_edges', 'rag_layer_entrypoints'] as const

/**
 * PostgreSQL text cannot hold U+0000; a name or route with one (a parser's oddity) is kept in the
 * row tables with U+FFFD there and looked up the same way. The file's records keep it as written.
 */
function columnText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text
}

/**
 * Longest text of an indexed column, in UTF-16 code units (at most 1,200 bytes of UTF-8): a B-tree
 * entry holds at most about 2,700 bytes, and a generated identifier can be longer. A longer name is
 * kept and looked up by its first {@link INDEXED_TEXT} units, so a lookup may read a file more that
 * the session's own matching then leaves out; the file's records keep the whole name.
 */
const INDEXED_TEXT = 400

/** {@link columnText}, cut to {@link INDEXED_TEXT} units (never inside a surrogate pair). */
function indexedText(text: string): string {
  const clean = columnText(text)
  if (clean.length <= INDEXED_TEXT) return clean
  const code = clean.charCodeAt(INDEXED_TEXT - 1)
  return clean.slice(0, code >= 0xd800 && code <= 0xdbff ? INDEXED_TEXT - 1 : INDEXED_TEXT)
}

/** The last record per path: a commit naming a path twice stores the later one, as one at a time would. */
function lastPerPath(files: readonly FileLayers[]): FileLayers[] {
  const byPath = new Map<string, FileLayers>()
  for (const file of files) {
    byPath.delete(file.path)
    byPath.set(file.path, file)
  }
  return [...byPath.values()]
}

async function deleteRowsOf(client: pg.ClientBase, tables: readonly string[], ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  for (const table of tables) await client.query(`DELETE FROM ${table} WHERE file = ANY($1::int8[])`, [ids])
}

/** Inserts `rows` (one array per column) into `table` in batches. */
async function insertRows(client: pg.ClientBase, table: string, columns: readonly (readonly [name: string, type: string])[], projectId: number, rows: readonly unknown[][]): Promise<void> {
  const names = columns.map(([name]) => name).join(', ')
  const arrays = columns.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')
  for (let start = 0; start < rows.length; start += ROW_BATCH) {
    const batch = rows.slice(start, start + ROW_BATCH)
    await client.query(`INSERT INTO ${table} (project_id, ${names}) SELECT $1, * FROM unnest(${arrays})`, [projectId, ...columns.map((_, c) => batch.map((row) => row[c]))])
  }
}

const SYMBOL_COLUMNS = [['file', 'int8'], ['name', 'text'], ['qname', 'text'], ['kind', 'text'], ['language', 'text'], ['start_line', 'int4']] as const
const ENTRYPOINT_COLUMNS = [['file', 'int8'], ['start_line', 'int4'], ['kind', 'text'], ['method', 'text'], ['route', 'text'], ['handler', 'text']] as const
const EDGE_COLUMNS = [
  ['file', 'int8'],
  ['start_line', 'int4'],
  ['kind', 'text'],
  ['source_qname', 'text'],
  ['target', 'text'],
  ['resolution', 'text'],
  ['target_path', 'text'],
  ['target_qname', 'text'],
] as const

/** Writes the files' records (replacing a stored path's) and their symbol and entrypoint rows. */
async function upsertFiles(client: pg.ClientBase, projectId: number, files: readonly FileLayers[]): Promise<void> {
  for (let start = 0; start < files.length; start += FILE_BATCH) {
    const batch = files.slice(start, start + FILE_BATCH)
    const values: unknown[] = [projectId]
    const tuples = batch.map((file) => {
      // (The compressed text a chunking worker made, when it made one.)
      const made = takeCompressedLayers(file)
      values.push(file.path, made === undefined ? deflateRawSync(compactLayersJson(file)) : Buffer.from(made.buffer, made.byteOffset, made.byteLength))
      return `($1, $${values.length - 1}, $${values.length}::bytea)`
    })
    const { rows } = await client.query<{ id: string; path: string }>(
      `INSERT INTO rag_layer_files (project_id, path, layers) VALUES ${tuples.join(', ')} ON CONFLICT (project_id, path) DO UPDATE SET layers = EXCLUDED.layers RETURNING id, path`,
      values,
    )
    const ids = new Map(rows.map((row) => [row.path, row.id]))
    // A replaced file's symbols and entrypoints go; its edges stay until it is resolved again.
    await deleteRowsOf(client, ['rag_layer_symbols', 'rag_layer_entrypoints'], rows.map((row) => row.id))
    const symbols: unknown[][] = []
    const entrypoints: unknown[][] = []
    for (const file of batch) {
      const id = ids.get(file.path)!
      for (const s of file.symbols) symbols.push([id, indexedText(s.name), columnText(s.qname), s.kind, s.language, s.startLine])
      for (const e of file.entrypoints) entrypoints.push([id, e.startLine, e.kind, columnText(e.method), indexedText(e.route), columnText(e.handler)])
    }
    await insertRows(client, 'rag_layer_symbols', SYMBOL_COLUMNS, projectId, symbols)
    await insertRows(client, 'rag_layer_entrypoints', ENTRYPOINT_COLUMNS, projectId, entrypoints)
  }
}

/** The ids of the stored files among `paths`. */
async function fileIds(client: pg.ClientBase, projectId: number, paths: readonly string[]): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map()
  const { rows } = await client.query<{ id: string; path: string }>('SELECT id, path FROM rag_layer_files WHERE project_id = $1 AND path = ANY($2::text[])', [projectId, paths])
  return new Map(rows.map((row) => [row.path, row.id]))
}

/** Replaces the edge rows of `resolvedFiles` by the stored ones of `edges` (imports, and whatever leads to an indexed file). */
async function replaceEdges(client: pg.ClientBase, projectId: number, resolvedFiles: readonly string[], edges: readonly EdgeRecord[]): Promise<void> {
  const stored = edges.filter(isStoredEdge)
  const ids = await fileIds(client, projectId, [...new Set([...resolvedFiles, ...stored.map((e) => e.path)])])
  await deleteRowsOf(client, ['rag_layer_edges'], resolvedFiles.flatMap((path) => ids.get(path) ?? []))
  const rows: unknown[][] = []
  for (const e of stored) {
    const id = ids.get(e.path)
    if (id !== undefined) rows.push([id, e.startLine, e.kind, columnText(e.sourceQname), columnText(e.target), e.resolution, indexedText(e.targetPath), indexedText(qnameOfSymbolId(e.targetSymbolId))])
  }
  await insertRows(client, 'rag_layer_edges', EDGE_COLUMNS, projectId, rows)
}

/**
 * Writes a checked layer commit inside the caller's transaction: only the rows of the files it
 * names change. The same rows as `@rag/store-sqlite` writes: each file's records (deflated
 * `FileLayers` JSON), a row per symbol and entrypoint, and the edges `isStoredEdge` keeps.
 */
export async function writeLayers(client: pg.ClientBase, projectId: number, commit: LayerCommit): Promise<void> {
  if (commit.removeFiles.length > 0) {
    const { rows } = await client.query<{ id: string }>('DELETE FROM rag_layer_files WHERE project_id = $1 AND path = ANY($2::text[]) RETURNING id', [projectId, commit.removeFiles])
    await deleteRowsOf(client, ROW_TABLES, rows.map((row) => row.id))
  }
  await upsertFiles(client, projectId, lastPerPath(commit.upsertFiles))
  if (commit.resolvedFiles.length > 0 || commit.edges.length > 0) await replaceEdges(client, projectId, commit.resolvedFiles, commit.edges)
}

/** Deletes every layer row of a project inside the caller's transaction. */
export async function clearLayers(client: pg.ClientBase, projectId: number): Promise<void> {
  for (const table of [...ROW_TABLES, 'rag_layer_files']) await client.query(`DELETE FROM ${table} WHERE project_id = $1`, [projectId])
}

function decode(blob: Buffer): FileLayers {
  return fileLayersFromStoredJson(inflateRawSync(blob).toString('utf8'))
}

/** The project's files, by repository and commit (one statement, so one snapshot). */
const PROJECT_FILES = 'FROM rag_layer_files f JOIN rag_projects p ON p.id = f.project_id WHERE p.repo_id = $1 AND p.commit_sha = $2'

/** An SQL expression: `text` with its ASCII capitals in lower case only (as SQLite's NOCASE compares), whatever the database's locale. */
const ASCII_LOWER = (text: string): string => `translate(${text}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`

/** The statement and parameters that read the records of the files a selection names, by path (none: every file). */
function selectionQuery(selection: LayerFileSelection | undefined): { readonly where: string; readonly values: readonly string[] } {
  if (selection === undefined) return { where: '', values: [] }
  // In any case: the ranges of the name's or prefix's first two letters in each case use the name index; the rest is tested in any case.
  if (('name' in selection || 'namePrefix' in selection) && selection.ignoreCase === true) {
    const exact = 'name' in selection
    const text = indexedText(exact ? selection.name : selection.namePrefix)
    const starts = caseVariantPrefixes(text)
    const ranges = starts.map((_, i) => `(s.name >= $${4 + 2 * i} AND s.name < $${5 + 2 * i})`).join(' OR ')
    const test = exact ? `${ASCII_LOWER('s.name')} = ${ASCII_LOWER('$3')}` : `starts_with(${ASCII_LOWER('s.name')}, ${ASCII_LOWER('$3')})`
    return {
      where: ` AND f.id IN (SELECT s.file FROM rag_layer_symbols s WHERE s.project_id = p.id AND (${ranges}) AND ${test})`,
      values: [text, ...starts.flatMap((start) => [start, prefixUpperBound(start)])],
    }
  }
  if ('name' in selection) return { where: ' AND f.id IN (SELECT s.file FROM rag_layer_symbols s WHERE s.project_id = p.id AND s.name = $3)', values: [indexedText(selection.name)] }
  if ('namePrefix' in selection) {
    const prefix = indexedText(selection.namePrefix)
    return { where: ' AND f.id IN (SELECT s.file FROM rag_layer_symbols s WHERE s.project_id = p.id AND s.name >= $3 AND s.name < $4)', values: [prefix, prefixUpperBound(prefix)] }
  }
  return { where: ' AND f.id IN (SELECT e.file FROM rag_layer_entrypoints e WHERE e.project_id = p.id)', values: [] }
}

/** Reads the layer records of a project's files (all, or those a selection names through the symbol and entrypoint tables), by path. */
export async function readLayers(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }, selection?: LayerFileSelection): Promise<FileLayers[]> {
  const { where, values } = selectionQuery(selection)
  const { rows } = await client.query<{ layers: Buffer }>(`SELECT f.layers ${PROJECT_FILES}${where} ORDER BY f.path`, [key.repoId, key.commitSha, ...values])
  return rows.map((row) => decode(row.layers))
}

/** Whether a project holds any file's layer records. */
export async function hasLayers(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 ${PROJECT_FILES}) AS present`, [key.repoId, key.commitSha])
  return rows[0]!.present
}

/** How many files, definitions, resolved edges and entrypoints a project's code layers hold (all 0 without layers). */
export async function countLayers(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }): Promise<LayerCounts> {
  const { rows } = await client.query<Record<keyof LayerCounts, string>>(
    `SELECT (SELECT count(*) FROM rag_layer_files WHERE project_id = p.id) AS files,
            (SELECT count(*) FROM rag_layer_symbols WHERE project_id = p.id) AS symbols,
            (SELECT count(*) FROM rag_layer_edges WHERE project_id = p.id AND resolution = 'resolved' AND target_path <> '') AS "resolvedEdges",
            (SELECT count(*) FROM rag_layer_entrypoints WHERE project_id = p.id) AS entrypoints
     FROM rag_projects p WHERE p.repo_id = $1 AND p.commit_sha = $2`,
    [key.repoId, key.commitSha],
  )
  const row = rows[0]
  return { files: Number(row?.files ?? 0), symbols: Number(row?.symbols ?? 0), resolvedEdges: Number(row?.resolvedEdges ?? 0), entrypoints: Number(row?.entrypoints ?? 0) }
}

/** `a` before `b` by code point, as PostgreSQL's "C" collation and SQLite's BINARY order UTF-8 text. */
function byCodePoint(a: string, b: string): number {
  if (a === b) return 0
  const x = [...a]
  const y = [...b]
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!
  }
  return x.length - y.length
}

/**
 * The whole stored paths an edge row's target path may stand for: a target path longer than
 * {@link INDEXED_TEXT} is kept cut (see {@link indexedText}), so a cut one is matched against the
 * project's file paths of about that length (a resolved edge leads to a file with layer records).
 * Empty when no stored target is long enough to have been cut.
 */
async function cutTargets(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }, targets: readonly string[]): Promise<Map<string, string[]>> {
  if (!targets.some((target) => target.length >= INDEXED_TEXT - 1)) return new Map()
  // Every path that may be cut or equal a cut one: a path of N UTF-16 units has at least N UTF-8 bytes.
  const { rows } = await client.query<{ path: string }>(`SELECT f.path ${PROJECT_FILES} AND octet_length(f.path) >= ${INDEXED_TEXT - 1}`, [key.repoId, key.commitSha])
  const byCut = new Map<string, string[]>()
  for (const { path } of rows) {
    const cut = indexedText(path)
    byCut.set(cut, [...(byCut.get(cut) ?? []), path])
  }
  return byCut
}

/**
 * Every distinct pair of a file and an indexed file it depends on (the resolved edges), read from
 * the edge table without decoding any file's records, ordered by path and target by code point as
 * `@rag/store-sqlite` orders them. A target path cut to fit the index is given whole (when two
 * stored paths share the cut, both are given).
 */
export async function readResolvedFileEdges(client: pg.ClientBase, key: { readonly repoId: string; readonly commitSha: string }): Promise<{ path: string; targetPath: string }[]> {
  const { rows } = await client.query<{ path: string; target_path: string }>(
    `SELECT DISTINCT f.path, e.target_path FROM rag_layer_edges e JOIN rag_layer_files f ON f.id = e.file JOIN rag_projects p ON p.id = e.project_id
     WHERE p.repo_id = $1 AND p.commit_sha = $2 AND e.resolution = 'resolved' AND e.target_path <> '' ORDER BY f.path, e.target_path`,
    [key.repoId, key.commitSha],
  )
  const pairs = rows.map((row) => ({ path: row.path, targetPath: row.target_path }))
  const byCut = await cutTargets(client, key, pairs.map((pair) => pair.targetPath))
  if (byCut.size === 0) return pairs
  const whole = new Map<string, { path: string; targetPath: string }>()
  for (const { path, targetPath } of pairs) {
    for (const target of byCut.get(targetPath) ?? [targetPath]) whole.set(`${path}\u0000${target}`, { path, targetPath: target })
  }
  return [...whole.values()].sort((a, b) => byCodePoint(a.path, b.path) || byCodePoint(a.targetPath, b.targetPath))
}
