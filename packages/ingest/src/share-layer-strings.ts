import type { EntrypointRecord, FileLayers, LayerRecordBase, RawEdge, SymbolRecord } from '@rag/core'

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
  // The fields every record repeats: the file's own strings.
  const common = <R extends Writable<LayerRecordBase>>(record: R, layer: R['layer']): R => {
    record.layer = layer
    record.path = path
    record.language = language
    return record
  }
  for (const symbol of layers.symbols) {
    const record = common(symbol as Writable<SymbolRecord>, 'C1_SYMBOL_CATALOG')
    if (record.module === module) record.module = module
    record.kind = share(record.kind)
    record.parentId = share(record.parentId)
  }
  for (const edge of layers.edges) {
    const record = common(edge as Writable<RawEdge>, 'C2_DEPENDENCY_GRAPH')
    record.kind = share(record.kind) as RawEdge['kind']
    record.sourceSymbolId = share(record.sourceSymbolId)
    record.sourceQname = share(record.sourceQname)
    record.target = share(record.target)
  }
  for (const entrypoint of layers.entrypoints) common(entrypoint as Writable<EntrypointRecord>, 'C3_ENTRYPOINTS')
}

type Writable<T> = { -readonly [K in keyof T]: T[K] }
