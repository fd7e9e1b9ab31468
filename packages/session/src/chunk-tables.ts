import type { Document, Metadata } from '@rag/core'

/** A chunk as the lookup streams find it: its id, its metadata, and its lines. */
export interface TableChunk {
  readonly id: string
  readonly metadata: Metadata
  readonly startLine: number
  readonly endLine: number
}

/**
 * Every chunk of one index generation by what the lookup streams ask: the names it defines, the
 * class it is a piece of, its file. Built from the chunks' metadata alone (no content), once per
 * generation, and shared by the definitions and routes streams.
 */
export interface ChunkTables {
  /** By a name a chunk defines: its `symbol`, a merged chunk's `symbols`, what module-level code assigns (`defines`). */
  readonly byName: ReadonlyMap<string, readonly TableChunk[]>
  /** By the last part of a chunk's `parent`: a class's methods, when no chunk is named for the class itself. */
  readonly byParent: ReadonlyMap<string, readonly TableChunk[]>
  /** By file, in line order. */
  readonly byFile: ReadonlyMap<string, readonly TableChunk[]>
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

function add(map: Map<string, TableChunk[]>, key: string, chunk: TableChunk): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [chunk])
  else list.push(chunk)
}

/** The tables of these chunks (every chunk's id and metadata, as `listMetadata` gives them). */
export function chunkTables(chunks: readonly Pick<Document, 'id' | 'metadata'>[]): ChunkTables {
  const byName = new Map<string, TableChunk[]>()
  const byParent = new Map<string, TableChunk[]>()
  const byFile = new Map<string, TableChunk[]>()
  for (const { id, metadata } of chunks) {
    const chunk = { id, metadata, startLine: Number(metadata['startLine']), endLine: Number(metadata['endLine']) }
    for (const name of namesOf(metadata)) add(byName, name, chunk)
    const parent = metadata['parent']
    if (typeof parent === 'string' && parent !== '') add(byParent, parent.slice(parent.lastIndexOf('.') + 1), chunk)
    const file = metadata['file']
    if (typeof file === 'string') add(byFile, file, chunk)
  }
  for (const list of byFile.values()) list.sort((a, b) => a.startLine - b.startLine)
  return { byName, byParent, byFile }
}

/** The chunks of `file` that overlap its lines `startLine..endLine`: every piece of a definition cut for size, or the chunk it shares with its neighbours. */
export function chunksOver(tables: ChunkTables, file: string, startLine: number, endLine: number): TableChunk[] {
  return (tables.byFile.get(file) ?? []).filter((chunk) => chunk.startLine <= endLine && startLine <= chunk.endLine)
}
