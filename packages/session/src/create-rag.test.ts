import { ConfigError } from '@rag/core'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag, openRag, storeOptions } from './create-rag.js'
import { PRESETS, resolveRetrieval } from './retrieval-presets.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

describe('resolveRetrieval', () => {
  it('starts from the recommended preset and applies overrides', () => {
    expect(resolveRetrieval()).toEqual(PRESETS.recommended)
    expect(resolveRetrieval('recommended', { weights: { bm25: 0.5 }, maxPerFile: 2 })).toMatchObject({
      analyzer: 'code-aware',
      indexedText: 'path+symbol',
      weights: { bm25: 0.5, tfidf: 0.3 },
      maxPerFile: 2,
    })
    expect(resolveRetrieval('seed')).toMatchObject({ analyzer: 'compatible', tfidfAnalyzer: 'basic', indexedText: 'content', weights: { bm25: 0.6, tfidf: 0.4 } })
  })

  it('lets an analyzer override set both streams unless the TF-IDF one is given too', () => {
    expect(resolveRetrieval('seed', { analyzer: 'code-aware' })).toMatchObject({ analyzer: 'code-aware', tfidfAnalyzer: 'code-aware' })
    expect(resolveRetrieval('seed', { analyzer: 'code-aware', tfidfAnalyzer: 'basic' })).toMatchObject({ tfidfAnalyzer: 'basic' })
  })

  it.each([
    [{ analyzer: 'fancy' }, /analyzer must be one of "compatible", "code-aware", "basic"; received "fancy"/],
    [{ indexedText: 'symbols' }, /indexedText must be one of "content", "path\+symbol"; received "symbols"/],
    [{ weights: { bm25: 0 } }, /weights\.bm25 must be a finite number greater than 0; received 0/],
    [{ maxPerFile: 1.5 }, /maxPerFile must be a positive integer; received 1\.5/],
  ])('refuses %j with a ConfigError naming the setting', (overrides, message) => {
    expect(() => resolveRetrieval('recommended', overrides as never)).toThrow(ConfigError)
    expect(() => resolveRetrieval('recommended', overrides as never)).toThrow(message)
  })
})

describe('createRag and openRag', () => {
  let repo: TempRepo
  const stores: SqliteKnowledgeBase[] = []
  beforeEach(async () => {
    repo = await createTempRepo(SAMPLE_FILES)
  })
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close()
    await repo.dispose()
  })

  it('rank identically in memory and over a SQLite store for the same settings', async () => {
    const retrieval = { weights: { bm25: 0.45, tfidf: 0.55 }, maxPerFile: 2 }
    const memory = createRag({ retrieval })
    const store = await openSqliteKnowledgeBase(':memory:', storeOptions(resolveRetrieval('recommended', retrieval)))
    stores.push(store)
    const persistent = openRag(store, { retrieval })
    await memory.indexDirectory(repo.root)
    await persistent.indexDirectory(repo.root)
    for (const query of ['verify token', 'authMiddleware', 'database connections pool', 'deploy release pipeline', 'session token signature']) {
      const a = (await memory.search(query, 5)).map((hit) => [hit.document.id, hit.score])
      const b = (await persistent.search(query, 5)).map((hit) => [hit.document.id, hit.score])
      expect(b).toEqual(a)
      expect(a.length).toBeGreaterThan(0)
    }
    const explained = (await memory.search('verify token', 1))[0]?.explain?.map((e) => e.stream)
    expect(explained).toEqual((await persistent.search('verify token', 1))[0]?.explain?.map((e) => e.stream))
  })

  it('refuses a store opened with another analyzer or indexed text than the settings name', async () => {
    const store = await openSqliteKnowledgeBase(':memory:', storeOptions(resolveRetrieval('seed')))
    stores.push(store)
    expect(() => openRag(store, {})).toThrow(/The store analyses with compatible@1, but the settings name analyzer code-aware/)
    expect(() => openRag(store, { retrieval: { analyzer: 'compatible' } })).toThrow(/The store indexes content, but the settings name indexedText path\+symbol/)
    expect(() => openRag(store, { preset: 'seed' })).not.toThrow()
  })
})
