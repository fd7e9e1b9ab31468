/**
 * `PRAGMA application_id` of every @rag/store-sqlite file: the ASCII bytes `rags` (0x72616773).
 * A file with another id belongs to another application and is never modified.
 */
export const APPLICATION_ID = 0x72616773

/**
 * `PRAGMA user_version`: the newest schema version this release reads and writes. A file with a
 * higher number was written by a newer release and is refused rather than misread.
 *
 * - 1: the full-text index holds the analyzed content (`store_meta` may lack `indexed_text`).
 * - 2: the same tables, and the index may hold another text ({@link META}.indexedText is not
 *   `content`). A store is marked 2 only then, so releases that know only version 1, and would
 *   index new documents by their content alone, refuse it instead of mixing two kinds of terms.
 */
export const SCHEMA_VERSION = 2

/** The schema version of a store whose full-text index holds the analyzed content. */
export const CONTENT_SCHEMA_VERSION = 1

/**
 * The schema (the same tables in versions 1 and 2; see {@link SCHEMA_VERSION}).
 *
 * - `documents`: one row per document; `seq` keeps insertion order (AUTOINCREMENT never reuses a
 *   value, so `ORDER BY seq` is insertion order even after deletes); `metadata` is JSON text.
 * - `document_terms`: a contentless FTS5 index of the analyzed terms, keyed by `documents.seq`.
 *   The analyzer runs in JavaScript (so the index matches the toolkit's analyzers); the `ascii`
 *   tokenizer with `_` as a token character then keeps each analyzed term whole.
 *   `contentless_delete=1` lets a row be deleted by rowid alone.
 * - `file_fingerprints`: the indexer's per-file state: fingerprint, stat numbers (JSON object:
 *   size, mtimeMs, and whatever else the indexer's fast path compares) and chunk ids (JSON array).
 * - `store_meta`: small key/value rows: analyzer name, indexed text name, generation counter,
 *   commit time, state JSON.
 */
export const SCHEMA_SQL = `
CREATE TABLE documents (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  content TEXT NOT NULL,
  metadata TEXT NOT NULL
);
CREATE VIRTUAL TABLE document_terms USING fts5(
  terms,
  content = '',
  contentless_delete = 1,
  tokenize = "ascii tokenchars '_'"
);
CREATE TABLE file_fingerprints (
  path TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  stat TEXT NOT NULL,
  chunk_ids TEXT
) WITHOUT ROWID;
CREATE TABLE store_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
PRAGMA application_id = ${APPLICATION_ID};
PRAGMA user_version = ${CONTENT_SCHEMA_VERSION};
`

/** Keys of `store_meta`. */
export const META = {
  /** `Analyzer.name` the terms were produced with. */
  analyzer: 'analyzer',
  /** `IndexedText.name` of the text the terms were analysed from; absent in older stores: `content`. */
  indexedText: 'indexed_text',
  /** Count of committed write transactions, as decimal text. */
  generation: 'generation',
  /** ISO time of the last committed write. */
  committedAt: 'committed_at',
  /** The caller's index state, JSON. */
  state: 'state',
} as const

/** Formats an application id for messages: `0x72616773 ("rags")`. */
export function describeApplicationId(id: number): string {
  const hex = `0x${(id >>> 0).toString(16).padStart(8, '0')}`
  const bytes = [24, 16, 8, 0].map((shift) => (id >>> shift) & 0xff)
  const printable = bytes.every((b) => b >= 0x20 && b < 0x7f)
  return printable ? `${hex} ("${String.fromCharCode(...bytes)}")` : hex
}
