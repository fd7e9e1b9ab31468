import type { FileLayers } from '@rag/core'

/**
 * Makes the records of one file's layers share one copy of each string they repeat (the file's
 * path and language, the layer names, kinds, module, parent and source symbols). A worker thread's
 * result arrives as a structured clone, which copies a string once per record that holds it; the
 * main thread keeps every record until the commit, so each copy would live (and be moved by the
 * garbage collector) for the whole run. The records keep the same values.
 */
export function shareLayerStrings(layers: FileLayers): void {
  const seen = new Map<string, string>()
  const share = (value: string): string => {
    const known = seen.get(value)
    if (known !== undefined) return known
    seen.set(value, value)
    return value
  }
  const { path, language, module } = layers
  for (const record of layers.symbols as Writable<FileLayers['symbols'][number]>[]) {
    record.layer = 'C1_SYMBOL_CATALOG'
    record.path = path
    record.language = language
    record.module = record.module === module ? module : record.module
    record.kind = share(record.kind)
    record.parentId = share(record.parentId)
  }
  for (const record of layers.edges as Writable<FileLayers['edges'][number]>[]) {
    record.layer = 'C2_DEPENDENCY_GRAPH'
    record.path = path
    record.language = language
    record.kind = share(record.kind) as typeof record.kind
    record.sourceSymbolId = share(record.sourceSymbolId)
    record.sourceQname = share(record.sourceQname)
    record.target = share(record.target)
  }
  for (const record of layers.entrypoints as Writable<FileLayers['entrypoints'][number]>[]) {
    record.layer = 'C3_ENTRYPOINTS'
    record.path = path
    record.language = language
  }
}

type Writable<T> = { -readonly [K in keyof T]: T[K] }
