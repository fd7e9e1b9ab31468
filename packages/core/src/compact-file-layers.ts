import type { FileLayers, ProjectManifest } from './file-layers.js'
import type { EntrypointRecord, RawEdge, SymbolRecord } from './layers.js'

/**
 * The compact form of one file's layer records: what a store keeps (the SQLite store's
 * `layer_files.layers`, deflated) and what a chunking worker sends its main thread (as JSON, see
 * `compact-layers-json.ts`).
 *
 * Records as extracted repeat what their file already says (`layer`, `path`, `language`,
 * `module`, `isTest`) and fields derived from their other fields (a symbol's `id` is
 * `path#qname`, its `title` `kind qname`; an edge's `sourceSymbolId` is `path#sourceQname`, its
 * `id` `path>kind:written@sourceQname`, its `title` `kind written`): about three quarters of the
 * JSON. The compact form keeps each record as a positional array of what cannot be derived, plus
 * an object of the fields that differ from their derivation (`~2` ids of repeated names, a title
 * written otherwise, fields a future extractor adds), so decoding gives back records equal to
 * the encoded ones, field for field. It is about a fifth of the JSON, so writing (stringify and
 * deflate) and reading cost about a fifth.
 *
 * Layout: `[2, path, language, module, isTest, symbols, edges, entrypoints, manifest | 0, extra | 0]`
 * - symbol: `[name, qname, kind, startLine, endLine, signature, differing?]`;
 * - edge: `[kind, target, startLine, sourceQname, differing?]` (`count`, `receiver`, `names`,
 *   `endLine` when it is not `startLine`, are in `differing`);
 * - entrypoint: the record without `layer`, `path` and `language` when they are the file's.
 */
export type CompactFileLayers = readonly [
  version: 2,
  path: string,
  language: string,
  module: string,
  isTest: boolean,
  symbols: readonly CompactSymbol[],
  edges: readonly CompactEdge[],
  entrypoints: readonly Record<string, unknown>[],
  manifest: ProjectManifest | 0,
  extra: Record<string, unknown> | 0,
]

type Differing = Record<string, unknown>
type CompactSymbol = readonly [string, string, string, number, number, string] | readonly [string, string, string, number, number, string, Differing]
type CompactEdge = readonly [string, string, number, string] | readonly [string, string, number, string, Differing]

interface FileContext {
  readonly path: string
  readonly language: string
  readonly module: string
  readonly isTest: boolean
}

/**
 * A file being decoded: its context, and the symbol ids (`path#qname`) built so far, by qualified
 * name. A symbol's id, its children's `parentId` and the `sourceSymbolId` of every edge from it are
 * one string: built once, hashed once by the maps that key symbols by id.
 */
interface DecodingFile extends FileContext {
  readonly ids: Map<string, string>
}

/** The id of the symbol `qname` of the file being decoded (see {@link DecodingFile}). */
function symbolIdOf(file: DecodingFile, qname: string): string {
  let id = file.ids.get(qname)
  if (id === undefined) {
    id = `${file.path}#${qname}`
    file.ids.set(qname, id)
  }
  return id
}

const FILE_KEYS = new Set(['path', 'language', 'module', 'isTest', 'symbols', 'edges', 'entrypoints', 'manifest'])
const SYMBOL_KEYS = new Set(['layer', 'id', 'path', 'title', 'language', 'startLine', 'endLine', 'isTest', 'name', 'qname', 'kind', 'signature', 'parentId', 'module'])
const EDGE_KEYS = new Set(['layer', 'id', 'path', 'language', 'startLine', 'endLine', 'isTest', 'sourceSymbolId', 'sourceQname', 'kind', 'target', 'title'])

// Marks a derived field the record does not have (kept out of the decoded record). JSON-safe.
const MISSING = { missing: true } as const
const isMissing = (value: unknown): boolean => typeof value === 'object' && value !== null && (value as { missing?: unknown }).missing === true && Object.keys(value).length === 1

/** `value === a + b + c` without building the right-hand side (this runs once per record). */
function joins(value: unknown, a: string, b: string, c = ''): boolean {
  return typeof value === 'string' && value.length === a.length + b.length + c.length && value.startsWith(a) && value.startsWith(b, a.length) && value.endsWith(c)
}

/** What an edge's id and title are written with: `receiver.target` for a call with a receiver, else the target. */
function writtenOf(target: string, receiver: unknown): string {
  return typeof receiver === 'string' && receiver !== '' ? `${receiver}.${target}` : target
}

/**
 * Adds to `rest` the fields of `record` that are not among `known` (a future extractor's), and
 * marks the known derived fields the record lacks.
 */
function unknownFields(record: object, known: ReadonlySet<string>, rest: Differing | undefined): Differing | undefined {
  let present = 0
  for (const key in record) {
    if (known.has(key)) present++
    else (rest ??= {})[key] = (record as Record<string, unknown>)[key]
  }
  if (present < known.size) for (const key of known) if (!(key in record)) (rest ??= {})[key] = MISSING
  return rest
}

function encodeSymbol(symbol: SymbolRecord, file: FileContext): CompactSymbol {
  const { path } = file
  let rest: Differing | undefined
  if (symbol.layer !== 'C1_SYMBOL_CATALOG') (rest ??= {}).layer = symbol.layer
  if (!joins(symbol.id, path, '#', symbol.qname)) (rest ??= {}).id = symbol.id
  if (symbol.path !== path) (rest ??= {}).path = symbol.path
  if (!joins(symbol.title, symbol.kind, ' ', symbol.qname)) (rest ??= {}).title = symbol.title
  if (symbol.language !== file.language) (rest ??= {}).language = symbol.language
  if (symbol.isTest !== file.isTest) (rest ??= {}).isTest = symbol.isTest
  // A parent in the same file is stored as its qualified name.
  const parent = symbol.parentId
  if (typeof parent === 'string' && parent.length > path.length && parent.startsWith(path) && parent[path.length] === '#') (rest ??= {})['^'] = parent.slice(path.length + 1)
  else if (parent !== '') (rest ??= {}).parentId = parent
  if (symbol.module !== file.module) (rest ??= {}).module = symbol.module
  rest = unknownFields(symbol, SYMBOL_KEYS, rest)
  const head = [symbol.name, symbol.qname, symbol.kind, symbol.startLine, symbol.endLine, symbol.signature] as const
  return rest ? [...head, rest] : head
}

function decodeSymbol(compact: CompactSymbol, file: DecodingFile): SymbolRecord {
  const [name, qname, kind, startLine, endLine, signature, rest] = compact
  const parent = rest?.['^']
  const record: Record<string, unknown> = {
    layer: 'C1_SYMBOL_CATALOG',
    id: symbolIdOf(file, qname),
    path: file.path,
    title: `${kind} ${qname}`,
    language: file.language,
    startLine,
    endLine,
    isTest: file.isTest,
    name,
    qname,
    kind,
    signature,
    parentId: typeof parent === 'string' ? symbolIdOf(file, parent) : '',
    module: file.module,
  }
  if (rest) applyDiffering(record, rest)
  return record as unknown as SymbolRecord
}

function encodeEdge(edge: RawEdge, file: FileContext): CompactEdge {
  const { path } = file
  const { kind, target, sourceQname } = edge
  const written = writtenOf(target, edge.receiver)
  let rest: Differing | undefined
  if (edge.layer !== 'C2_DEPENDENCY_GRAPH') (rest ??= {}).layer = edge.layer
  const at = sourceQname ? `@${sourceQname}` : ''
  if (!joins(edge.id, `${path}>${kind}:`, written, at)) (rest ??= {}).id = edge.id
  if (edge.path !== path) (rest ??= {}).path = edge.path
  if (edge.language !== file.language) (rest ??= {}).language = edge.language
  if (edge.endLine !== edge.startLine) (rest ??= {}).endLine = edge.endLine
  if (edge.isTest !== file.isTest) (rest ??= {}).isTest = edge.isTest
  if (sourceQname ? !joins(edge.sourceSymbolId, path, '#', sourceQname) : edge.sourceSymbolId !== '') (rest ??= {}).sourceSymbolId = edge.sourceSymbolId
  if (!joins(edge.title, kind, ' ', written)) (rest ??= {}).title = edge.title
  rest = unknownFields(edge, EDGE_KEYS, rest)
  const head = [kind, target, edge.startLine, sourceQname] as const
  return rest ? [...head, rest] : head
}

function decodeEdge(compact: CompactEdge, file: DecodingFile): RawEdge {
  const [kind, target, startLine, sourceQname, rest] = compact
  const written = writtenOf(target, rest?.receiver)
  const record: Record<string, unknown> = {
    layer: 'C2_DEPENDENCY_GRAPH',
    id: `${file.path}>${kind}:${written}${sourceQname ? `@${sourceQname}` : ''}`,
    path: file.path,
    language: file.language,
    startLine,
    endLine: startLine,
    isTest: file.isTest,
    sourceSymbolId: sourceQname ? symbolIdOf(file, sourceQname) : '',
    sourceQname,
    kind,
    target,
    title: `${kind} ${written}`,
  }
  if (rest) applyDiffering(record, rest)
  return record as unknown as RawEdge
}

/** Puts the differing fields on a decoded record: overrides, additions, and derived fields it did not have. */
function applyDiffering(record: Record<string, unknown>, rest: Differing): void {
  for (const key in rest) {
    if (key === '^') continue
    const value = rest[key]
    if (isMissing(value)) delete record[key]
    else record[key] = value
  }
}

function encodeEntrypoint(entry: EntrypointRecord, file: FileContext): Record<string, unknown> {
  const { layer, path, language, ...rest } = entry
  return {
    ...rest,
    ...(layer !== 'C3_ENTRYPOINTS' ? { layer } : {}),
    ...(path !== file.path ? { path } : {}),
    ...(language !== file.language ? { language } : {}),
  }
}

function decodeEntrypoint(compact: Record<string, unknown>, file: FileContext): EntrypointRecord {
  const { layer = 'C3_ENTRYPOINTS', path = file.path, language = file.language, id, ...rest } = compact
  return { layer, id, path, ...(rest.title !== undefined ? { title: rest.title } : {}), language, ...rest } as unknown as EntrypointRecord
}

/** Encodes one file's layer records into the compact form (see {@link CompactFileLayers}). */
export function encodeFileLayers(file: FileLayers): CompactFileLayers {
  const context: FileContext = file
  let extra: Record<string, unknown> | 0 = 0
  for (const [key, value] of Object.entries(file)) {
    if (!FILE_KEYS.has(key)) (extra === 0 ? (extra = {}) : extra)[key] = value
  }
  return [
    2,
    file.path,
    file.language,
    file.module,
    file.isTest,
    file.symbols.map((symbol) => encodeSymbol(symbol, context)),
    file.edges.map((edge) => encodeEdge(edge, context)),
    file.entrypoints.map((entry) => encodeEntrypoint(entry, context)),
    file.manifest ?? 0,
    extra,
  ]
}

/** Decodes the compact form back into the records {@link encodeFileLayers} was given. */
export function decodeFileLayers(compact: CompactFileLayers): FileLayers {
  const [, path, language, module, isTest, symbols, edges, entrypoints, manifest, extra] = compact
  const context: DecodingFile = { path, language, module, isTest, ids: new Map() }
  return {
    path,
    language,
    module,
    isTest,
    symbols: symbols.map((symbol) => decodeSymbol(symbol, context)),
    edges: edges.map((edge) => decodeEdge(edge, context)),
    entrypoints: entrypoints.map((entry) => decodeEntrypoint(entry, context)),
    ...(manifest !== 0 ? { manifest } : {}),
    ...(extra !== 0 ? extra : {}),
  }
}

/** `true` for the compact form (an array starting with its version); the SQLite store's first writes of schema 5 held the `FileLayers` object itself. */
export function isCompactFileLayers(value: unknown): value is CompactFileLayers {
  return Array.isArray(value) && value[0] === 2
}
