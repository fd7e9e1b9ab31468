import type { Document } from '@rag/core'
import { fileName, fileStem, normalizeName } from './normalize-name.js'
import { nameWords } from './name-words.js'
import type { DefinitionLookup, DefinitionSite, PathLookup } from './signals.js'

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}

/** The last segment of a qualified name (`B` of `a.B`, `c` of `a::b.c`). */
function lastSegment(qname: string): string {
  // Without ':', the regex split is a lastIndexOf; with it, keep the split's exact reading of `:::`.
  return qname.includes(':') ? (qname.split(/\.|::/).pop() ?? '') : qname.slice(qname.lastIndexOf('.') + 1)
}

/**
 * Definition and path lookups derived from chunk metadata: a stand-in for the layered index's
 * symbol catalog (C1) until it exists. A chunk defines its `symbol` (and the last segment of its
 * `qname`, and every name of a merged chunk's `symbols`); its `file` gives the paths. Markdown
 * sections and text windows define nothing. Each name counts once per file, at its first chunk.
 *
 * Built once per index generation over every chunk (35k at the bench's largest corpus), so the
 * loop avoids per-name work it can share: names are normalised once each, and a file's names are
 * deduplicated in a set of its own (chunks of a file are mostly adjacent).
 *
 * @example
 * const { definitions, paths } = createChunkSignals(await knowledgeBase.list())
 * definitions.definitions('parseArgs') // [{ file: 'src/args.ts', kind: 'function' }]
 */
export function createChunkSignals(chunks: Iterable<Document>): { readonly definitions: DefinitionLookup; readonly paths: PathLookup } {
  const byName = new Map<string, DefinitionSite[]>()
  const namesOfFile = new Map<string, Set<string>>()
  const normalized = new Map<string, string>()
  let currentFile: string | undefined
  let currentNames = new Set<string>()
  const define = (name: string, file: string, kind: string | undefined): void => {
    if (name.length === 0 || name === '*') return
    let key = normalized.get(name)
    if (key === undefined) {
      key = normalizeName(name)
      normalized.set(name, key)
    }
    if (currentNames.has(key)) return
    currentNames.add(key)
    push(byName, key, kind === undefined ? { file } : { file, kind })
  }
  const minified = new Set<string>()
  for (const chunk of chunks) {
    const { file, format, kind, symbol, qname, symbols, fallback } = chunk.metadata
    if (typeof file !== 'string' || file.length === 0) continue
    if (fallback === 'minified') minified.add(file)
    if (file !== currentFile) {
      let names = namesOfFile.get(file)
      if (names === undefined) namesOfFile.set(file, (names = new Set()))
      currentFile = file
      currentNames = names
    }
    if (format === 'markdown' || kind === 'section' || kind === 'text') continue
    const site = typeof kind === 'string' ? kind : undefined
    define(String(symbol ?? ''), file, site)
    define(lastSegment(String(qname ?? '')), file, site)
    if (symbols !== undefined && symbols !== null && symbols !== '') for (const name of String(symbols).split(/,\s*/)) define(name, file, site)
  }
  return { definitions: { definitions: (name) => byName.get(normalizeName(name)) ?? [] }, paths: createPathLookup(namesOfFile.keys(), minified) }
}

/** A {@link PathLookup} over a set of repo-relative paths; `minified`: those the chunker found minified. */
export function createPathLookup(files: Iterable<string>, minified: ReadonlySet<string> = new Set()): PathLookup {
  const byStem = new Map<string, string[]>()
  const byFolder = new Map<string, string[]>()
  const byWord = new Map<string, { file: string; words: number }[]>()
  for (const file of new Set(files)) {
    push(byStem, normalizeName(fileStem(file)), file)
    // (All the parts of a dotted name: `user.entity.ts` is `user` and `entity`, `users.service.ts` `users` and `service`.)
    const words = nameWords(fileName(file))
    for (const word of words) push(byWord, word, { file, words: words.length })
    const folders = new Set(file.split('/').slice(0, -1).map(normalizeName))
    for (const folder of folders) push(byFolder, folder, file)
  }
  return {
    filesNamed: (stem) => byStem.get(normalizeName(stem)) ?? [],
    filesInFolder: (folder) => byFolder.get(normalizeName(folder)) ?? [],
    filesWithNameWord: (stem) => byWord.get(stem) ?? [],
    isMinified: (file) => minified.has(file),
  }
}
