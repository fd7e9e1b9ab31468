import type { Document } from '@rag/core'

/**
 * One document per file, rebuilt from its chunks, for a file-level stream (a `BM25Stream` over
 * whole files, fused into the ranking as a `RankedFileList`). The id and `file` are the path;
 * the content is the chunks' lines put back at their line numbers (a line that overlapping windows
 * share is kept once; a chunk without line numbers is appended);
 * `symbols` lists every name the file's chunks define, so `pathAndSymbolText` (`@rag/lexical`)
 * indexes the path and the names before the content. Chunks without a `file` are left out.
 *
 * @example
 * const files = new BM25Stream({ analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText })
 * await files.add(fileDocuments(await knowledgeBase.list()))
 */
export function fileDocuments(chunks: Iterable<Document>): Document[] {
  const byFile = new Map<string, Document[]>()
  for (const chunk of chunks) {
    const file = chunk.metadata.file
    if (typeof file !== 'string' || file.length === 0) continue
    const list = byFile.get(file)
    if (list === undefined) byFile.set(file, [chunk])
    else list.push(chunk)
  }
  const out: Document[] = []
  for (const [file, list] of byFile) {
    list.sort((a, b) => Number(a.metadata.startLine ?? 0) - Number(b.metadata.startLine ?? 0))
    const lines: string[] = []
    const names = new Set<string>()
    for (const chunk of list) {
      const text = chunk.content.endsWith('\n') ? chunk.content.slice(0, -1) : chunk.content
      const start = Number(chunk.metadata.startLine)
      if (Number.isInteger(start) && start >= 1) {
        // Line numbers place the chunk; a line two windows share is written once.
        text.split('\n').forEach((line, i) => {
          const at = start - 1 + i
          while (lines.length < at) lines.push('')
          if (at === lines.length) lines.push(line)
        })
      } else {
        lines.push(...text.split('\n'))
      }
      for (const name of [chunk.metadata.qname || chunk.metadata.symbol, ...String(chunk.metadata.symbols ?? '').split(/,\s*/)]) {
        const value = String(name ?? '').trim()
        if (value.length > 0) names.add(value)
      }
    }
    const language = list[0]!.metadata.language
    out.push({
      id: file,
      content: lines.join('\n'),
      metadata: { file, symbols: [...names].join(', '), ...(typeof language === 'string' ? { language } : {}) },
    })
  }
  return out
}
