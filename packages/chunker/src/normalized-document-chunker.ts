import { InvalidArgumentError, type Chunk, type Chunker, type SourceFile } from '@rag/core'
import { chunkerId } from './chunker-id.js'
import { codeSegments } from './code/code-segments.js'
import type { LanguageRules } from './code/rules.js'
import type { SyntaxNode } from './code/syntax-node.js'
import { indexLines, type LineIndex } from './lines.js'
import { markdownSections } from './markdown/markdown-sections.js'
import { resolveChunkerOptions, type ChunkerOptions, type ResolvedChunkerOptions } from './options.js'
import { routeFile } from './route.js'
import { textWindows } from './text-windows.js'
import { toChunks } from './to-chunks.js'

/** Checks the shape of a chunker's input. @throws InvalidArgumentError naming the bad field. */
export function assertSourceFile(file: unknown): asserts file is SourceFile {
  const { path, content, format } = (file ?? {}) as Partial<Record<keyof SourceFile, unknown>>
  const bad = typeof path !== 'string' ? 'path' : typeof content !== 'string' ? 'content' : typeof format !== 'string' ? 'format' : ''
  if (bad) {
    const shown = typeof path === 'string' ? JSON.stringify(path) : 'a file'
    throw new InvalidArgumentError(`chunker input ${shown}: ${bad} must be a string; received ${typeof (file as Record<string, unknown> | null)?.[bad]}.`)
  }
}

/**
 * Chunks one file; `visit` is handed the root of the parse tree of a code file that is parsed
 * (see `codeSegments`).
 */
export async function chunkFile(
  file: SourceFile,
  options: ResolvedChunkerOptions,
  visit?: (root: SyntaxNode, lines: LineIndex, rules: LanguageRules) => void,
): Promise<Chunk[]> {
  const { strategy, language, format, info } = routeFile(file)
  const lines = indexLines(file.content)
  const context = { path: file.path, language, format }
  if (strategy === 'markdown') {
    const { segments, fields } = markdownSections(lines, options)
    return toChunks(lines, segments, { ...context, fileMetadata: fields })
  }
  if (strategy === 'code') {
    const outcome = info ? await codeSegments(lines, info, options, visit) : { fallback: 'no-grammar' as const }
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
 * `chunk` never rejects for content it cannot parse (it falls back to windows); it rejects with
 * `InvalidArgumentError` only for a file whose `path`, `content` or `format` is not a string.
 *
 * @throws InvalidArgumentError for an option out of range.
 */
export function createNormalizedDocumentChunker(options: ChunkerOptions = {}): Chunker {
  const resolved = resolveChunkerOptions(options)
  return {
    id: chunkerId(resolved),
    chunk: async (file) => {
      assertSourceFile(file)
      return chunkFile(file, resolved)
    },
  }
}
