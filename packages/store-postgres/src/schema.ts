/**
 * The first key of every advisory lock the store takes (the ASCII bytes `rags`); the second is
 * a project id, or 0 for the migration lock.
 */
export const LOCK_NAMESPACE = 0x72616773

/**
 * Migration 2: the tables `@rag/store-sqlite` has at its schema 5 and 6, per project. Every row
 * carries `project_id`; names, paths and routes compare by code point (`COLLATE "C"`), as in
 * SQLite, whatever the database's collation, so a prefix lookup is a range scan of the index.
 *
 * - `rag_layer_files`: one row per file (`id`, `path`): its layer records as extracted, as the
 *   JSON of their compact form (`@rag/core`'s `encodeFileLayers`, what the records do not repeat
 *   from their file or derive from their other fields), deflate-compressed, stored out of line
 *   uncompressed (it is compressed already); what a session rebuilds its graph from. Rows written
 *   before the compact form hold the `FileLayers` JSON itself and read back alike.
 * - `rag_layer_symbols`: one row per definition (`file` is the `rag_layer_files.id`), indexed by
 *   project and name (exact and prefix lookups) and by file.
 * - `rag_layer_edges`: the resolved dependency edges that lead somewhere in the index (every
 *   import, and calls and heritage resolved to an indexed file), indexed by source file and by
 *   project, target file and symbol (importers and callers).
 * - `rag_layer_entrypoints`: one row per route or command, indexed by file and by project and route.
 * - `rag_vector_embedders`: at most one row per project, the embedder its vectors come from: `name`
 *   (model and everything else that changes vectors), `dimensions`, `spec` (JSON: how to build it
 *   again), an optional trained `model` and a `state` (JSON).
 * - `rag_vectors` (replacing version 1's, which no release wrote to): one vector per chunk, keyed by
 *   the chunk's `seq` (deleted with it, in the same transaction), as little-endian float32 `bytea`
 *   (no extension needed; 4 bytes a dimension), with the hash of the text it was embedded from,
 *   indexed (by its MD5: a caller's hash may be any text, longer than a B-tree entry holds) so an
 *   unchanged text is never embedded twice.
 */
export const LAYERS_AND_VECTORS_SQL = `
CREATE TABLE rag_layer_files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES rag_projects (id) ON DELETE CASCADE,
  path text COLLATE "C" NOT NULL,
  layers bytea NOT NULL,
  UNIQUE (project_id, path)
);
ALTER TABLE rag_layer_files ALTER COLUMN layers SET STORAGE EXTERNAL;
CREATE TABLE rag_layer_symbols (
  project_id integer NOT NULL,
  file bigint NOT NULL,
  name text COLLATE "C" NOT NULL,
  qname text NOT NULL,
  kind text NOT NULL,
  language text NOT NULL,
  start_line integer NOT NULL
);
CREATE INDEX rag_layer_symbols_by_name ON rag_layer_symbols (project_id, name);
CREATE INDEX rag_layer_symbols_by_file ON rag_layer_symbols (file);
CREATE TABLE rag_layer_edges (
  project_id integer NOT NULL,
  file bigint NOT NULL,
  start_line integer NOT NULL,
  kind text NOT NULL,
  source_qname text NOT NULL,
  target text NOT NULL,
  resolution text NOT NULL,
  target_path text COLLATE "C" NOT NULL,
  target_qname text COLLATE "C" NOT NULL
);
CREATE INDEX rag_layer_edges_by_file ON rag_layer_edges (file);
CREATE INDEX rag_layer_edges_by_target ON rag_layer_edges (project_id, target_path, target_qname);
CREATE TABLE rag_layer_entrypoints (
  project_id integer NOT NULL,
  file bigint NOT NULL,
  start_line integer NOT NULL,
  kind text NOT NULL,
  method text NOT NULL,
  route text COLLATE "C" NOT NULL,
  handler text NOT NULL
);
CREATE INDEX rag_layer_entrypoints_by_file ON rag_layer_entrypoints (file);
CREATE INDEX rag_layer_entrypoints_by_route ON rag_layer_entrypoints (project_id, route);
CREATE TABLE rag_vector_embedders (
  project_id integer PRIMARY KEY REFERENCES rag_projects (id) ON DELETE CASCADE,
  name text NOT NULL,
  dimensions integer NOT NULL,
  spec text NOT NULL,
  model bytea,
  state text NOT NULL
);
DROP TABLE rag_vectors;
CREATE TABLE rag_vectors (
  project_id integer NOT NULL,
  seq integer NOT NULL,
  content_hash text NOT NULL,
  embedding bytea NOT NULL,
  PRIMARY KEY (project_id, seq)
);
ALTER TABLE rag_vectors ALTER COLUMN embedding SET STORAGE EXTERNAL;
CREATE INDEX rag_vectors_by_hash ON rag_vectors (project_id, md5(content_hash));
`

/** One versioned step of the schema. */
export interface Migration {
  readonly version: number
  readonly name: string
  /** Statements run in one transaction. */
  readonly sql: string
}

/**
 * Every migration, oldest first. Each runs once, in its own transaction, recorded in
 * `rag_schema_migrations`; a database whose newest recorded version is above the last one here
 * was written by a newer release and is refused. Later migrations add tables (the layered index,
 * say) so that their rows commit in the same transaction as the chunks of a generation.
 *
 * Version 1:
 * - `rag_projects`: one row per index, keyed by `repo_id` and `commit_sha` (`''`: the moving head).
 *   The row holds what a search needs besides the postings (generation counter, chunk count, total
 *   length), the analyzer and indexed text the terms were made with, and the session's state JSON.
 *   Every commit updates it, so it is also the row writers serialise on.
 * - `rag_chunks`: the documents (seed 003's `rag_chunks`): `seq` (insertion order within the
 *   project, handed out from `rag_projects.next_seq`), `id`, `content` (as given; a content with NUL characters, which
 *   PostgreSQL text cannot hold, is kept as a JSON string and `content_json` set), `metadata` (JSON
 *   text, exactly as given), columns lifted from the
 *   metadata for SQL filters (`path`, `lang`, `span_start`, `span_end`), the analyzed length and
 *   the distinct terms (to delete the postings through their index).
 * - `rag_postings`: the inverted index the BM25 and TF-IDF scores are computed from, in blocks:
 *   one row per (project, term, span of 8,192 seqs) holding `df` and the packed postings (seq, term
 *   frequency, chunk length as big-endian int4 each), stored uncompressed out of line.
 * - `rag_files`: the indexer's per-file records (fingerprint, stat numbers as JSON, chunk ids as a JSON array).
 * - `rag_write_locks`: who holds a project's write lock (the lock itself is a session advisory
 *   lock, released by PostgreSQL when the holder's connection ends).
 * - `rag_vectors`: embeddings of chunks by model, as `real[]` (replaced by version 2; no release wrote to it).
 *
 * Version 2 (see {@link LAYERS_AND_VECTORS_SQL}): the code layers and the vectors, committed in the
 * same transaction as the chunks of a generation, so releases that would commit chunks without
 * them refuse the schema.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'projects, chunks, postings, files, write locks, vectors',
    sql: `
CREATE TABLE rag_projects (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  repo_id text NOT NULL,
  commit_sha text NOT NULL DEFAULT '',
  analyzer text,
  indexed_text text,
  generation bigint NOT NULL DEFAULT 0,
  committed_at timestamptz,
  state text,
  chunk_count bigint NOT NULL DEFAULT 0,
  total_length bigint NOT NULL DEFAULT 0,
  next_seq bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (repo_id, commit_sha)
);
CREATE TABLE rag_chunks (
  project_id integer NOT NULL REFERENCES rag_projects (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  id text NOT NULL,
  content text NOT NULL,
  content_json boolean NOT NULL DEFAULT false,
  metadata text NOT NULL,
  path text,
  lang text,
  span_start integer,
  span_end integer,
  term_count integer NOT NULL,
  terms text[] NOT NULL,
  PRIMARY KEY (project_id, id)
);
CREATE UNIQUE INDEX rag_chunks_seq ON rag_chunks (project_id, seq);
CREATE TABLE rag_postings (
  project_id integer NOT NULL,
  term text NOT NULL,
  block integer NOT NULL,
  df integer NOT NULL,
  packed bytea NOT NULL,
  PRIMARY KEY (project_id, term, block)
);
ALTER TABLE rag_postings ALTER COLUMN packed SET STORAGE EXTERNAL;
CREATE TABLE rag_files (
  project_id integer NOT NULL REFERENCES rag_projects (id) ON DELETE CASCADE,
  path text NOT NULL,
  fingerprint text NOT NULL,
  stat text NOT NULL,
  chunk_ids text,
  PRIMARY KEY (project_id, path)
);
CREATE TABLE rag_write_locks (
  project_id integer PRIMARY KEY REFERENCES rag_projects (id) ON DELETE CASCADE,
  backend_pid integer NOT NULL,
  token text NOT NULL,
  pid integer NOT NULL,
  host text NOT NULL,
  command text NOT NULL,
  started_at timestamptz NOT NULL
);
CREATE TABLE rag_vectors (
  project_id integer NOT NULL,
  model text NOT NULL,
  seq integer NOT NULL,
  embedding real[] NOT NULL,
  PRIMARY KEY (project_id, model, seq)
);
CREATE INDEX rag_vectors_seq ON rag_vectors (project_id, seq);
`,
  },
  { version: 2, name: 'code layers and vectors', sql: LAYERS_AND_VECTORS_SQL },
]

/** The newest schema version this release reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version
