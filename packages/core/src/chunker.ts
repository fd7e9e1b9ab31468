import type { Chunk } from './document.js'

/** One decoded file handed to a chunker. */
export interface SourceFile {
  /** Path relative to the indexed root, with `/` separators; becomes the chunks' `file`. */
  readonly path: string
  /** Decoded text: BOM removed, line endings kept as in the file. */
  readonly content: string
  /** Detected format, e.g. `code`, `markdown`, `text`, `json`; `''` or `auto` asks the chunker to detect it. */
  readonly format: string
  /** Detected language where known, e.g. `typescript`, `python`. */
  readonly language?: string
}

/**
 * Splits a file into chunks with provenance. Deterministic: the same file and options give the
 * same chunks and ids. Never throws for content it cannot parse: it falls back to text windows.
 */
export interface Chunker {
  /**
   * Names the chunker, its version and its options (e.g. `normalized@1{max:2000}`); recorded in
   * fingerprints so a changed chunker re-chunks every file.
   */
  readonly id: string
  /** The chunks of one file, in file order. */
  chunk(file: SourceFile): Promise<Chunk[]>
}
