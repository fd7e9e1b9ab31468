import type { Document } from '@rag/core'
import { fileStem, normalizeName } from './normalize-name.js'
import type { DefinitionLookup, DefinitionSite, PathLookup } from './signals.js'

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}

/** The names a chunk defines: its `symbol`, the last segment of its `qname`, and its `symbols` list (merged chunks). */
function definedNames(chunk: Document): string[] {
  const { symbol, qname, symbols } = chunk.metadata
  const names = [String(symbol ?? ''), String(qname ?? '').split(/\.|::/).pop() ?? '', ...String(symbols ?? '').split(/,\s*/)]
  return names.filter((name) => name.length > 0 && name !== '*')
}

/**
 * Definition and path lookups derived from chunk metadata: a stand-in for the layered index's
 * symbol catalog (C1) until it exists. A chunk defines its `symbol` (and the last segment of its
 * `qname`, and every name of a merged chunk's `symbols`); its `file` gives the paths. Markdown
 * sections and text windows define nothing.
 *
 * @example
 * const { definitions, paths } = createChunkSignals(await knowledgeBase.list())
 * definitions.definitions('parseArgs') // [{ file: 'src/args.ts', kind: 'function' }]
 */
export function createChunkSignals(chunks: Iterable<Document>): { readonly definitions: DefinitionLookup; readonly paths: PathLookup } {
  const byName = new Map<string, DefinitionSite[]>()
  const seen = new Set<string>()
  const files = new Set<string>()
  for (const chunk of chunks) {
    const file = chunk.metadata.file
    if (typeof file !== 'string' || file.length === 0) continue
    files.add(file)
    if (chunk.metadata.format === 'markdown' || chunk.metadata.kind === 'section' || chunk.metadata.kind === 'text') continue
    const kind = typeof chunk.metadata.kind === 'string' ? chunk.metadata.kind : undefined
    for (const name of definedNames(chunk)) {
      const key = normalizeName(name)
      const once = `${key}\u0000${file}`
      if (seen.has(once)) continue
      seen.add(once)
      push(byName, key, kind === undefined ? { file } : { file, kind })
    }
  }
  return { definitions: { definitions: (name) => byName.get(normalizeName(name)) ?? [] }, paths: createPathLookup(files) }
}

/** A {@link PathLookup} over a set of repo-relative paths. */
export function createPathLookup(files: Iterable<string>): PathLookup {
  const byStem = new Map<string, string[]>()
  const byFolder = new Map<string, string[]>()
  for (const file of new Set(files)) {
    push(byStem, normalizeName(fileStem(file)), file)
    const folders = new Set(file.split('/').slice(0, -1).map(normalizeName))
    for (const folder of folders) push(byFolder, folder, file)
  }
  return {
    filesNamed: (stem) => byStem.get(normalizeName(stem)) ?? [],
    filesInFolder: (folder) => byFolder.get(normalizeName(folder)) ?? [],
  }
}
