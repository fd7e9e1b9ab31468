import type { Chunk, Chunker, SourceFile } from '@rag/core'
import { chunkerId } from './chunker-id.js'
import { codeSegments } from './code/code-segments.js'
import { languageForPath, languageForShebang, languageInfo, type LanguageInfo } from './languages.js'
import { indexLines } from './lines.js'
import { resolveChunkerOptions, type ChunkerOptions, type ResolvedChunkerOptions } from './options.js'
import { textWindows } from './text-windows.js'
import { toChunks } from './to-chunks.js'

/** How one file will be chunked. */
interface Route {
  readonly language: string
  readonly info: LanguageInfo | undefined
}

function route(file: SourceFile): Route {
  const given = file.language ? languageInfo(file.language) : undefined
  if (given) return { language: given.id, info: given }
  if (file.language) return { language: file.language, info: undefined }
  const byPath = languageForPath(file.path)
  if (byPath) return { language: byPath, info: languageInfo(byPath) }
  const firstLine = file.content.slice(0, Math.min(file.content.length, 200)).split('\n', 1)[0] ?? ''
  const byShebang = firstLine.startsWith('#!') ? languageForShebang(firstLine) : undefined
  if (byShebang) return { language: byShebang, info: languageInfo(byShebang) }
  return { language: file.format, info: undefined }
}

async function chunkFile(file: SourceFile, options: ResolvedChunkerOptions): Promise<Chunk[]> {
  const { language, info } = route(file)
  const lines = indexLines(file.content)
  const context = { path: file.path, language, format: file.format }
  if (info?.format === 'code' && file.format !== 'markdown') {
    const outcome = await codeSegments(lines, info, options)
    if ('segments' in outcome) return toChunks(lines, outcome.segments, context)
    const windows = textWindows(lines, options).map((s) => ({ ...s, extra: { ...s.extra, fallback: outcome.fallback } }))
    return toChunks(lines, windows, context)
  }
  return toChunks(lines, textWindows(lines, options), context)
}

/**
 * Creates the toolkit's chunker: code files become tree-sitter symbol chunks, markdown becomes
 * sections, everything else becomes overlapping text windows. Synchronous and cheap: tree-sitter
 * and each grammar load on first use (once per process or worker thread).
 *
 * @example
 * const chunker = createNormalizedDocumentChunker({ maxChars: 1500 })
 * const chunks = await chunker.chunk({ path: 'src/a.ts', content, format: 'code', language: 'typescript' })
 *
 * @throws InvalidArgumentError for an option out of range.
 */
export function createNormalizedDocumentChunker(options: ChunkerOptions = {}): Chunker {
  const resolved = resolveChunkerOptions(options)
  return {
    id: chunkerId(resolved),
    chunk: (file) => chunkFile(file, resolved),
  }
}
