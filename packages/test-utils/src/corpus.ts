import type { Document } from '@rag/core'

/** Builds a document with `file` metadata, the shape chunkers produce. */
export function doc(id: string, content: string, metadata: Document['metadata'] = {}): Document {
  return { id, content, metadata: { file: `${id}.ts`, ...metadata } }
}

/**
 * A small code-flavoured corpus with known lexical overlap: `auth-*` documents mention
 * authentication, `db-*` documents the database, and one unicode document.
 */
export function smallCorpus(): Document[] {
  return [
    doc('auth-middleware', 'export function authMiddleware(req, res) { verify token then call next authentication middleware }'),
    doc('auth-token', 'class TokenValidator { validate token signature; authentication token expiry check }'),
    doc('db-pool', 'export function createPool(config) { open database connection pool with retries }'),
    doc('db-query', 'async function runQuery(pool, sql) { database query with parameter binding }'),
    doc('readme', 'Project readme: install with pnpm, run the tests, deploy the service'),
    doc('unicode', 'Привет мир — 日本語 テキスト ✓ emoji 🚀 then plain words: rocket launch sequence'),
  ]
}

/** Documents that all contain `shared` plus a generation marker term, for atomic-swap tests. */
export function generation(marker: string, count: number): Document[] {
  return Array.from({ length: count }, (_, i) =>
    doc(`${marker}-${i}`, `shared ${marker} document number ${i} with some filler words about widgets`),
  )
}

/**
 * Chunks whose symbol names and paths are not in their content, as a chunker leaves them: for
 * tests of what an index analyses (`IndexedText`). `SessionCache`, `closeIdle` and the path words
 * `auth`, `pool` appear only in metadata.
 */
export function symbolChunks(): Document[] {
  return [
    {
      id: 'src/auth/session-store.ts#0',
      content: 'refresh(token) { return this.cache.get(token) ?? load(token) }',
      metadata: { file: 'src/auth/session-store.ts', qname: 'SessionCache.refresh', startLine: 10, endLine: 12 },
    },
    {
      id: 'src/db/pool.ts#0',
      content: 'export function open(config) { return connect(config.url, { retries: 3 }) }',
      metadata: { file: 'src/db/pool.ts', symbol: 'open', symbols: 'open, closeIdle', startLine: 1, endLine: 3 },
    },
    {
      id: 'src/readme.md#0',
      content: 'How to refresh a token and open the cache for the session',
      metadata: { file: 'src/readme.md', sectionPath: 'Usage' },
    },
  ]
}
