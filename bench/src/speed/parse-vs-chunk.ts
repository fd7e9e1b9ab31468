import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { Chunk } from '@rag/core'
import { createNormalizedDocumentChunker } from '@rag/chunker'
import type { LoadedFile } from '../corpus/real-code.js'

/** The part of web-tree-sitter used here, declared locally because bench does not depend on it. */
interface TreeSitter {
  Parser: { init(): Promise<void>; new (): Parser }
  Language: { load(path: string): Promise<unknown> }
}
interface Parser {
  setLanguage(language: unknown): Parser
  parse(text: string): { delete(): void } | null
}

/** Per-file cost of a raw tree-sitter parse and of `@rag/chunker` on the same text. */
export interface FileCost {
  readonly label: string
  readonly chars: number
  readonly parseMs: number
  readonly chunkMs: number
}

/** The grammar @rag/chunker ships, loaded the way it loads it (its web-tree-sitter, its wasm). */
async function parserFor(grammar: string): Promise<Parser> {
  const chunkerRequire = createRequire(createRequire(import.meta.url).resolve('@rag/chunker/package.json'))
  // The ESM build, the one @rag/chunker imports (require.resolve gives the CommonJS copy).
  const entry = chunkerRequire.resolve('web-tree-sitter').replace(/\.cjs$/, '.js')
  const ts = (await import(pathToFileURL(entry).href)) as TreeSitter
  await ts.Parser.init()
  const wasm = chunkerRequire.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`)
  return new ts.Parser().setLanguage(await ts.Language.load(wasm))
}

/**
 * Chunks every file with `createNormalizedDocumentChunker({ maxChars })` and parses it with the
 * bare grammar, one file after the other on this thread, timing each; one untimed warm-up file
 * first (grammar load, JIT). Returns the chunks and the per-file costs.
 */
export async function parseAndChunk(files: readonly LoadedFile[], language: string, maxChars: number): Promise<{ chunks: Chunk[]; costs: FileCost[] }> {
  const parser = await parserFor(language)
  const chunker = createNormalizedDocumentChunker({ maxChars })
  const warm = files[0]
  if (warm) {
    parser.parse(warm.content)?.delete()
    await chunker.chunk({ path: warm.label, content: warm.content, format: 'code', language })
  }
  const chunks: Chunk[] = []
  const costs: FileCost[] = []
  for (const file of files) {
    let t = performance.now()
    parser.parse(file.content)?.delete()
    const parseMs = performance.now() - t
    t = performance.now()
    const out = await chunker.chunk({ path: file.label, content: file.content, format: 'code', language })
    const chunkMs = performance.now() - t
    chunks.push(...out)
    costs.push({ label: file.label, chars: file.content.length, parseMs, chunkMs })
  }
  return { chunks, costs }
}
