import { LAYERS_SQL } from './layer-tables.js'

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
 *   `content`). A store was marked 2 only then, so releases that know only version 1, and would
 *   index new documents by their content alone, refuse it instead of mixing two kinds of terms.
 * - 3: adds `term_counts`, which TF-IDF search needs, so releases that would add documents
 *   without their term counts refuse it.
 * - 4: adds `write_lock`, the one-writer-at-a-time lock every index run, clear and document
 *   change takes. Every new store is 4, so releases that would write without taking the lock
 *   refuse it. Opening an older store upgrades it in place (see `upgradeSchema`).
 * - 5: adds the code layer tables (`layer_files`, `layer_symbols`, `layer_edges`,
 *   `layer_entrypoints`; see `LAYERS_SQL`), committed with the chunks of the same generation, so
 *   releases that would commit chunks without their layers refuse it.
 * - 6: adds `vector_embedder` and `document_vectors` (see {@link VECTORS_SQL}), so releases that
 *   would add or replace documents without keeping their vectors in step refuse it.
 * - 7: `layer_edges` names its targets by id (`target_file` of `layer_targets`) instead of by
 *   path (`target_path`), a quarter of what the layers add to a store; releases that would write
 *   `target_path` refuse it.
 */
export const SCHEMA_VERSION = 7

/** The `term_counts` table; also what upgrading a version 1 or 2 store creates. */
export const TERM_COUNTS_SQL = 'CREATE TABLE term_counts (seq INTEGER PRIMARY KEY, count INTEGER NOT NULL)'

/**
 * The `write_lock` table (version 4): at most one row, the writer holding the lock: a random
 * `token` of that acquisition, its `owner` (JSON: pid, host, command, start time) and when it last
 * proved alive (`heartbeat_ms`). Also what upgrading an older store creates.
 */
export const WRITE_LOCK_SQL =
  'CREATE TABLE write_lock (id INTEGER PRIMARY KEY CHECK (id = 1), token TEXT NOT NULL, owner TEXT NOT NULL, heartbeat_ms INTEGER NOT NULL)'

/**
 * The vector tables (version 6), also what upgrading an older store creates:
 *
 * - `vector_embedder`: at most one row, the embedder the stored vectors come from: its `name`
 *   (model and everything else that changes vectors), `dimensions`, the caller's `spec` (JSON: how
 *   to build it again), an optional `model` blob (a static model trained on the corpus) and a
 *   `state` (JSON: e.g. the vocabulary coverage counted since training).
 * - `document_vectors`: one unit vector per document (float32, little-endian), keyed by
 *   `documents.seq`, with the hash of the text it was embedded from so an unchanged text is never
 *   embedded twice. A trigger deletes it with its document, in the same transaction.
 */
export const VECTORS_SQL = `
CREATE TABLE vector_embedder (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  spec TEXT NOT NULL,
  model BLOB,
  state TEXT NOT NULL
);
CREATE TABLE document_vectors (
  seq INTEGER PRIMARY KEY,
  content_hash TEXT NOT NULL,
  vector BLOB NOT NULL
);
CREATE INDEX document_vectors_by_hash ON document_vectors (content_hash);
CREATE TRIGGER document_vectors_follow_documents AFTER DELETE ON documents BEGIN
  DELETE FROM document_vectors WHERE seq = old.seq;
END;
`

/**
 * The schema of version 7 (versions 1 and 2 lack `term_counts`, 1 to 3 lack `write_lock`, 1 to 4 the
 * layer tables, 1 to 5 the vector tables, 5 and 6 `layer_targets`; see {@link SCHEMA_VERSION}).
 *
 * - `documents`: one row per document; `seq` keeps insertion order (AUTOINCREMENT never reuses a
 *   value, so `ORDER BY seq` is insertion order even after deletes); `metadata` is JSON text.
 * - `document_terms`: a contentless FTS5 index of the analyzed terms, keyed by `documents.seq`.
 *   The analyzer runs in JavaScript (so the index matches the toolkit's analyzers); the `ascii`
 *   tokenizer with `_` as a token character then keeps each analyzed term whole.
 *   `contentless_delete=1` lets a row be deleted by rowid alone.
 * - `term_counts`: how many tokens the full-text index holds for each document (its length
 *   `|d|` in the TF-IDF score), keyed by `documents.seq`; FTS5 keeps the same number in its own
 *   shadow table, whose format is internal to SQLite.
 * - `file_fingerprints`: the indexer's per-file state: fingerprint, stat numbers (JSON object:
 *   size, mtimeMs, and whatever else the indexer's fast path compares) and chunk ids (JSON array).
 * - `store_meta`: small key/value rows: analyzer name, indexed text name, generation counter,
 *   commit time, state JSON.
 * - `write_lock`: the writer holding the store's write lock, if any (see {@link WRITE_LOCK_SQL}).
 * - `layer_*`: the code layers (version 5, see `LAYERS_SQL` in `layer-tables.ts`).
 * - `vector_embedder`, `document_vectors`: see {@link VECTORS_SQL}.
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
${TERM_COUNTS_SQL};
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
${WRITE_LOCK_SQL};
${LAYERS_SQL}
${VECTORS_SQL}
PRAGMA application_id = ${APPLICATION_ID};
PRAGMA user_version = ${SCHEMA_VERSION};
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
