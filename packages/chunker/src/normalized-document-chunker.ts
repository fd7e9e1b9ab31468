import type { Chunk, Chunker, SourceFile } from '@rag/core'
import { chunkerId } from './chunker-id.js'
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

function chunkFile(file: SourceFile, options: ResolvedChunkerOptions): Chunk[] {
  const { language } = route(file)
  const lines = indexLines(file.content)
  const segments = textWindows(lines, options)
  return toChunks(lines, segments, { path: file.path, language, format: file.format })
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
    chunk: (file) => Promise.resolve().then(() => chunkFile(file, resolved)),
  }
}
