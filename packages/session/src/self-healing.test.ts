import Database from 'better-sqlite3'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { contents } from '@rag/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openRag, storeOptions } from './create-rag.js'
import { resolveRetrieval } from './retrieval-presets.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

const FILES = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [`src/m${i}.ts`, `/** Module ${i}. */\nexport function handler${i}(input: string): string {\n  return input + 'value${i}'\n}\n`]),
)

describe('a persistent session heals a store that disagrees with its own file records', () => {
  let repo: TempRepo
  let path: string
  const open: SqliteKnowledgeBase[] = []
  const openStore = async (): Promise<SqliteKnowledgeBase> => {
    const store = await openSqliteKnowledgeBase(path, storeOptions(resolveRetrieval()))
    open.push(store)
    return store
  }
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
    path = `${repo.root}/../${repo.root.split('/').pop()}-index.db`
  })
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close()
    await repo.dispose()
  })

  /** A clean index of the same tree in a fresh in-memory store: what a healed store must hold. */
  async function cleanIndex(): Promise<[string, string][]> {
    const fresh = await openSqliteKnowledgeBase(':memory:', storeOptions(resolveRetrieval()))
    open.push(fresh)
    await openRag(fresh).indexDirectory(repo.root)
    return contents(fresh)
  }

  it('re-chunks the files whose chunks went missing and removes chunks no file owns, on a plain run', async () => {
    const store = await openStore()
    const rag = openRag(store)
    await rag.indexDirectory(repo.root)
    // Damage it the way the red team did (a commit computed against a stale state): chunks of three
    // files gone while their file records still name them, and a stray chunk no record names.
    const raw = new Database(path)
    const victims = raw.prepare("SELECT id FROM documents WHERE json_extract(metadata, '$.file') IN ('src/m1.ts', 'src/m5.ts', 'src/m9.ts')").pluck().all() as string[]
    expect(victims.length).toBeGreaterThanOrEqual(3)
    raw.close()
    await store.replaceDocuments(victims, [{ id: 'stale.ts#old', content: 'export const old = 1', metadata: { file: 'stale.ts' } }])

    const report = await openRag(store).indexDirectory(repo.root)
    expect(report.repaired).toEqual({ files: ['src/m1.ts', 'src/m5.ts', 'src/m9.ts'], missingChunks: victims.length, orphanChunks: 1 })
    expect(report.stats.chunked).toBe(3)
    expect(await contents(store)).toEqual(await cleanIndex())
    // Healed: the next run finds nothing to repair.
    expect((await openRag(store).indexDirectory(repo.root)).repaired).toBeUndefined()
  })

  it('with verify, reads every file and repairs what the stat fast path cannot see', async () => {
    const { utimesSync } = await import('node:fs')
    const old = new Date(Date.now() - 3_600_000)
    for (const file of Object.keys(FILES)) utimesSync(`${repo.root}/${file}`, old, old)
    const store = await openStore()
    await openRag(store).indexDirectory(repo.root)
    await openRag(store).indexDirectory(repo.root) // records the old times: the fast path applies from now on
    // A record that lies about its file (say, written by a tool that copied another checkout's index).
    const raw = new Database(path)
    raw.prepare("UPDATE file_fingerprints SET fingerprint = 'sha256:not-this-content' WHERE path = 'src/m3.ts'").run()
    raw.close()
    const plain = await openRag(store).indexDirectory(repo.root)
    expect(plain.stats).toMatchObject({ chunked: 0, statReused: 12 })
    const verified = await openRag(store).indexDirectory(repo.root, undefined, { verify: true })
    expect(verified).toMatchObject({ verified: true, stats: { chunked: 1, statReused: 0, unchanged: 11 } })
    expect(await contents(store)).toEqual(await cleanIndex())
    const again = await openRag(store).indexDirectory(repo.root, undefined, { verify: true })
    expect(again.stats).toMatchObject({ chunked: 0, unchanged: 12 })
  })
})
