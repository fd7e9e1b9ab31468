import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase, type SqliteKnowledgeBaseOptions } from '../sqlite-knowledge-base.js'

/**
 * Test helper: a temporary directory that hands out fresh store paths and opened stores, and
 * closes and deletes all of them in `dispose()` (call it from `afterAll`/`afterEach`).
 */
export interface TempStores {
  /** The temporary directory. */
  readonly dir: string
  /** A fresh path inside `dir`. */
  path(name?: string): string
  /** Opens a store (at a fresh path unless one is given) and tracks it for `dispose`. */
  open(path?: string, options?: SqliteKnowledgeBaseOptions): Promise<SqliteKnowledgeBase>
  /** Closes every tracked store and deletes `dir`. */
  dispose(): Promise<void>
}

/** Creates a {@link TempStores} under the OS temp directory. */
export function createTempStores(prefix = 'rag-store-sqlite-'): TempStores {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const opened: SqliteKnowledgeBase[] = []
  let counter = 0
  const path = (name = `store-${++counter}.db`) => join(dir, name)
  return {
    dir,
    path,
    async open(at = path(), options = {}) {
      const kb = await openSqliteKnowledgeBase(at, options)
      opened.push(kb)
      return kb
    },
    async dispose() {
      for (const kb of opened.splice(0)) await kb.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
