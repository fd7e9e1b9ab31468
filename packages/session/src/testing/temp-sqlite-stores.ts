import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { afterEach, beforeEach } from 'vitest'
import { storeOptions } from '../create-rag.js'
import type { RetrievalSettings } from '../retrieval-presets.js'

/** SQLite stores of the settings under a fresh temp directory per test. */
export interface TempSqliteStores {
  /** The current test's directory. */
  dir(): string
  /** Opens (creates) `name.db` there; it is closed after the test. */
  store(name: string): Promise<SqliteKnowledgeBase>
}

/** Registers, in the calling `describe`, a temp directory per test and closes its stores after it. */
export function useTempSqliteStores(prefix: string, settings: RetrievalSettings): TempSqliteStores {
  let dir = ''
  const opened: SqliteKnowledgeBase[] = []
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close()
    await rm(dir, { recursive: true, force: true })
  })
  return {
    dir: () => dir,
    async store(name) {
      const kb = await openSqliteKnowledgeBase(join(dir, `${name}.db`), storeOptions(settings))
      opened.push(kb)
      return kb
    },
  }
}
