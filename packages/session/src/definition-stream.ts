import type { Document, SearchResult, Stream, SymbolRecord } from '@rag/core'
import { chunksOver, type ChunkTables, type TableChunk } from './chunk-tables.js'
import { declares, lookedUp, namedDefinition } from './named-definition.js'

/** RRF weight of the definitions stream: above the lexical streams' together (0.7 + 0.3), so a definition they miss still fuses first. */
export const DEFINITIONS_WEIGHT = 1.5

/** Where a {@link DefinitionStream} reads chunks from. */
export interface DefinitionSource {
  /** The chunk tables of the generation the index holds. */
  tables(): Promise<ChunkTables>
  /** The chunks of these ids, in order (`undefined` for one gone since). */
  documents(ids: readonly string[]): Promise<(Document | undefined)[]>
  /**
   * The definitions of a name or qualified name in the code layers (C1), `[]` on an index
   * without them: a method of a class small enough to be one chunk has no chunk of its own name.
   */
  symbols(name: string): Promise<readonly SymbolRecord[]>
}

/** Per file, the chunk that starts first: where a class whose methods were cut apart is declared. */
function firstPerFile(chunks: readonly TableChunk[]): TableChunk[] {
  const first = new Map<unknown, TableChunk>()
  for (const chunk of chunks) {
    const held = first.get(chunk.metadata['file'])
    if (held === undefined || chunk.startLine < held.startLine) first.set(chunk.metadata['file'], chunk)
  }
  return [...first.values()]
}

/**
 * A stream of the chunks that define the name a query is (`parseArgs`, `Document.findByPk`,
 * `Command::new`; {@link namedDefinition}), in file order; nothing for any other query. Fused with
 * the lexical streams, it brings a definition the name's many uses outrank into the candidates,
 * before the retriever keeps at most a few chunks per file: looked up by name, `Environment` is
 * the class, not three chunks that mention it. Every piece of a definition cut for size counts
 * (the first may be only its doc comment). A class cut into its methods, with no chunk of its own
 * name, is found by its first piece in each file that holds its methods; a method of a class small
 * enough to be one chunk, by the span the code layers (C1) give it, when the index has them.
 */
export class DefinitionStream implements Stream {
  readonly name: string
  readonly #source: DefinitionSource

  constructor(source: DefinitionSource, name = 'definitions') {
    this.name = name
    this.#source = source
  }

  async search(query: string, topK: number): Promise<SearchResult[]> {
    const defines = namedDefinition(query)
    const { written, name, bang } = lookedUp(query) ?? {}
    if (defines === undefined || written === undefined || name === undefined) return []
    const table = await this.#source.tables()
    const named = bang === true ? [...(table.byName.get(`${name}!`) ?? []), ...(table.byName.get(name) ?? [])] : (table.byName.get(name) ?? [])
    let candidates = named.filter((chunk) => defines(chunk.metadata))
    // A class cut into its methods has no chunk of its own name: its first piece holds the declaration.
    if (candidates.length === 0 && written === name) candidates = firstPerFile(table.byParent.get(name) ?? [])
    // A package's function named with its package (`gin.Default`, `os.path.join`): qualified names hold no package.
    if (candidates.length === 0 && written !== name && /^[a-z_]/.test(written)) candidates = [...(table.byName.get(name) ?? [])]
    // A method of a class small enough to be one chunk: the chunk that holds its span in the code layers.
    if (candidates.length === 0) candidates = (await this.#source.symbols(bang === true ? `${written}!` : written)).flatMap((symbol) => chunksOver(table, symbol.path, symbol.startLine, symbol.endLine))
    candidates = [...new Set(candidates)].slice(0, topK)
    const documents = (await this.#source.documents(candidates.map((chunk) => chunk.id))).filter((document) => document !== undefined)
    // The piece that holds the declaration before the others of its definition (the first may be only a doc comment).
    const holds = (document: Document): boolean => declares(document.metadata, document.content, name)
    const ordered = [...documents.filter(holds), ...documents.filter((document) => !holds(document))]
    return ordered.map((document, i) => ({ document, score: 1 / (1 + i) }))
  }
}
