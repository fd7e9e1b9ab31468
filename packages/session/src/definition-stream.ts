import type { Document, KnowledgeBase, Metadata, SearchResult, Stream } from '@rag/core'
import { GenerationCache } from './generation-cache.js'
import { metadataOf } from './list-metadata.js'
import { declares, lookedUp, namedDefinition } from './named-definition.js'

/** RRF weight of the definitions stream: above the lexical streams' together (0.7 + 0.3), so a definition they miss still fuses first. */
export const DEFINITIONS_WEIGHT = 1.5

/** Where a {@link DefinitionStream} reads chunks from. */
export interface DefinitionSource {
  /** Every chunk's id and metadata (read once per generation). */
  metadata(): Promise<readonly Pick<Document, 'id' | 'metadata'>[]>
  /** The chunks of these ids, in order (`undefined` for one gone since). */
  documents(ids: readonly string[]): Promise<(Document | undefined)[]>
  /** Changes whenever the index does (this process's commits and other processes'). */
  generation(): Promise<string>
}

/** What a name's definitions are found by: the chunks whose `symbol` it is, or that list it among their `symbols` or `defines`. */
interface SymbolTable {
  readonly byName: ReadonlyMap<string, readonly SymbolChunk[]>
  /** By the last part of a chunk's `parent`: a class's methods, when no chunk is named for the class itself. */
  readonly byParent: ReadonlyMap<string, readonly SymbolChunk[]>
}

interface SymbolChunk {
  readonly id: string
  readonly metadata: Metadata
}

/** Per file, the chunk that starts first: where a class whose methods were cut apart is declared. */
function firstPerFile(chunks: readonly SymbolChunk[]): SymbolChunk[] {
  const first = new Map<unknown, SymbolChunk>()
  for (const chunk of chunks) {
    const held = first.get(chunk.metadata['file'])
    if (held === undefined || Number(chunk.metadata['startLine']) < Number(held.metadata['startLine'])) first.set(chunk.metadata['file'], chunk)
  }
  return [...first.values()]
}

/** The names a chunk defines: its `symbol`, a merged chunk's `symbols`, and what module-level code assigns (`defines`). */
function namesOf(metadata: Metadata): string[] {
  const names = typeof metadata['symbol'] === 'string' ? [metadata['symbol']] : []
  for (const key of ['symbols', 'defines']) {
    const list = metadata[key]
    if (typeof list === 'string') for (const each of list.split(',')) if (each.trim() !== '') names.push(each.trim())
  }
  return names
}

/** The symbol table of these chunks. */
function symbolTable(chunks: readonly SymbolChunk[]): SymbolTable {
  const byName = new Map<string, SymbolChunk[]>()
  const byParent = new Map<string, SymbolChunk[]>()
  const add = (map: Map<string, SymbolChunk[]>, key: string, chunk: SymbolChunk): void => {
    const list = map.get(key)
    if (list === undefined) map.set(key, [chunk])
    else list.push(chunk)
  }
  for (const chunk of chunks) {
    for (const name of namesOf(chunk.metadata)) add(byName, name, chunk)
    const parent = chunk.metadata['parent']
    if (typeof parent === 'string' && parent !== '') add(byParent, parent.slice(parent.lastIndexOf('.') + 1), chunk)
  }
  return { byName, byParent }
}

/**
 * A stream of the chunks that define the name a query is (`parseArgs`, `Document.findByPk`,
 * `Command::new`; {@link namedDefinition}), in file order; nothing for any other query. Fused with
 * the lexical streams, it brings a definition the name's many uses outrank into the candidates,
 * before the retriever keeps at most a few chunks per file: looked up by name, `Environment` is
 * the class, not three chunks that mention it. Every piece of a definition cut for size counts
 * (the first may be only its doc comment). A class cut into its methods, with no chunk of its own
 * name, is found by its first piece in each file that holds its methods.
 */
export class DefinitionStream implements Stream {
  readonly name: string
  readonly #source: DefinitionSource
  /** The symbol table of the generation the index holds, built on the first lookup after a commit. */
  readonly #table: GenerationCache<SymbolTable>

  constructor(source: DefinitionSource, name = 'definitions') {
    this.name = name
    this.#source = source
    this.#table = new GenerationCache(() => source.generation(), async () => symbolTable(await source.metadata()))
  }

  async search(query: string, topK: number): Promise<SearchResult[]> {
    const defines = namedDefinition(query)
    const { written, name } = lookedUp(query) ?? {}
    if (defines === undefined || written === undefined || name === undefined) return []
    const table = await this.#table.get()
    let candidates = (table.byName.get(name) ?? []).filter((chunk) => defines(chunk.metadata))
    // A class cut into its methods has no chunk of its own name: its first piece holds the declaration.
    if (candidates.length === 0 && written === name) candidates = firstPerFile(table.byParent.get(name) ?? [])
    // A package's function named with its package (`gin.Default`, `os.path.join`): qualified names hold no package.
    if (candidates.length === 0 && written !== name && /^[a-z_]/.test(written)) candidates = [...(table.byName.get(name) ?? [])]
    candidates = candidates.slice(0, topK)
    const documents = (await this.#source.documents(candidates.map((chunk) => chunk.id))).filter((document) => document !== undefined)
    // The piece that holds the declaration before the others of its definition (the first may be only a doc comment).
    const holds = (document: Document): boolean => declares(document.metadata, document.content, name)
    const ordered = [...documents.filter(holds), ...documents.filter((document) => !holds(document))]
    return ordered.map((document, i) => ({ document, score: 1 / (1 + i) }))
  }
}

/** The {@link DefinitionStream} of a knowledge base: metadata listed without content where it can be, documents read by id. */
export function definitionStreamOf(knowledgeBase: KnowledgeBase, generation: () => Promise<string>): DefinitionStream {
  return new DefinitionStream({ metadata: () => metadataOf(knowledgeBase), documents: (ids) => Promise.all(ids.map((id) => knowledgeBase.get(id))), generation })
}
