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
