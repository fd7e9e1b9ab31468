/** A metadata value: flat and serialisable, so every store (memory, SQLite, PostgreSQL) can keep it. */
export type MetadataValue = string | number | boolean

/** Flat key/value metadata attached to a document. */
export type Metadata = Readonly<Record<string, MetadataValue>>

/**
 * The unit every index stores and every search returns: a chunk of a file, or a document a user
 * added by hand.
 *
 * @example
 * const doc: Document = { id: 'src/a.ts#0', content: 'export const a = 1', metadata: { file: 'src/a.ts' } }
 */
export interface Document {
  /** Unique within one knowledge base or stream. */
  readonly id: string
  /** The text that is indexed and shown to the reader. */
  readonly content: string
  /** Provenance and anything else the caller wants to keep with the text. */
  readonly metadata: Metadata
}

/**
 * The provenance keys a chunk produced by `@rag/chunker` carries. Every key is optional so a
 * hand-added document is a `Chunk` too; readers that need a key check for it.
 */
export interface ChunkMetadata {
  /** Path relative to the indexed root, with `/` separators. Used for the per-file result cap. */
  readonly file?: string
  /** First line of the chunk, 1-based, inclusive. */
  readonly startLine?: number
  /** Last line of the chunk, 1-based, inclusive. */
  readonly endLine?: number
  /** Language of the source, e.g. `typescript`, `python`, `markdown`. */
  readonly language?: string
  /** Detected document format, e.g. `code`, `markdown`, `text`. */
  readonly format?: string
  /** What the chunk is: `function`, `class`, `method`, `section`, `text`, ... */
  readonly kind?: string
  /** The symbol's own name, where known. */
  readonly symbol?: string
  /** The qualified name, e.g. `Class.method`. */
  readonly qname?: string
  /** The heading trail of a markdown section, joined with ` > `. */
  readonly sectionPath?: string
  /** The declaration up to its body, e.g. `export function f(a: number): string`. */
  readonly signature?: string
  /** Qualified name of the enclosing symbol, e.g. the class of a method. */
  readonly parent?: string
  /** Position of the chunk within its file, from 0. */
  readonly chunkIndex?: number
  /** Names of the symbols a merged chunk holds, comma separated. */
  readonly symbols?: string
  /** Names that the module-level code of a chunk between symbols assigns (`current_app = ...`, `const config = ...`), comma separated. */
  readonly defines?: string
  /** For a symbol cut for size: which piece this is (from 1) and how many there are. */
  readonly part?: number
  /** For a symbol cut for size: how many pieces there are. */
  readonly parts?: number
  /** Lines this text window repeats from the window before it. */
  readonly overlap?: number
  /** Why a code file was cut into windows instead of symbols, e.g. `no-grammar`, `parse-failed`. */
  readonly fallback?: string
}

/** A document whose metadata uses the provenance keys of {@link ChunkMetadata}. */
export interface Chunk extends Document {
  readonly metadata: Metadata & ChunkMetadata
}
