import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag } from './create-rag.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

// Sixty files whose functions say `Environment` over and over, and the class itself, whose text
// says it once: by the lexical streams the class is beyond their first 50 (what fusion reads for
// k = 10), and at most three chunks of a file are kept.
const BODY = Array.from({ length: 4 }, (_, line) => `  const step${line} = new Environment(e.Environment) // Environment`).join('\n')
const use = (i: number): string => `export function use${i}(e: Environment): Environment {\n${BODY}\n  return e\n}\n`
const FIELDS = Array.from({ length: 150 }, (_, i) => `  public readonly setting${i}: string = 'value ${i} of the deployment'`).join('\n')
const FILES: Record<string, string> = {
  ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`src/uses/use${i}.ts`, use(i)])),
  'src/env.ts': `export class Environment {\n${FIELDS}\n}\n`,
}

describe('DefinitionStream in search', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('puts a definition first, its first piece first, whatever k; a sentence gets nothing from it', async () => {
    const rag = createRag({ retrieval: { maxPerFile: 3 } })
    await rag.indexDirectory(repo.root)
    for (const k of [1, 3, 10]) {
      const hits = await rag.search('Environment', k)
      expect(hits[0]!.document.metadata['symbol']).toBe('Environment')
      expect(hits[0]!.explain?.find((e) => e.stream === 'definitions')?.rank).toBe(0)
    }
    const sentence = await rag.search('how is the Environment built', 10)
    expect(sentence.every((hit) => !hit.explain?.some((e) => e.stream === 'definitions'))).toBe(true)
  })

  it('finds a class cut into its methods, which no chunk is named for, by its first piece', async () => {
    const method = (name: string): string => `  ${name}(): number {\n${Array.from({ length: 25 }, (_, i) => `    const v${i} = this.items.length + ${i} // items of the store`).join('\n')}\n    return 0\n  }\n`
    await repo.write('src/stores/CollectionsStore.ts', `import { Store } from './Store'\n\nexport default class CollectionsStore extends Store {\n  items: number[] = []\n\n${['active', 'orderedData', 'archive', 'restore'].map(method).join('\n')}}\n`)
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const chunks = (await rag.knowledgeBase.list()).filter((chunk) => chunk.metadata['file'] === 'src/stores/CollectionsStore.ts')
    expect(chunks.some((chunk) => chunk.metadata['symbol'] === 'CollectionsStore' || String(chunk.metadata['symbols'] ?? '').includes('CollectionsStore'))).toBe(false)
    const [first] = await rag.search('CollectionsStore', 1)
    expect(first!.document.content).toContain('export default class CollectionsStore')
    expect(first!.explain?.find((e) => e.stream === 'definitions')?.rank).toBe(0)
  })

  it("finds a package's function named with its package (gin.Default), which no qualified name holds", async () => {
    await repo.write('gin.go', `package gin\n\n// Default returns an Engine with the Logger and Recovery middleware.\nfunc Default() *Engine {\n${Array.from({ length: 20 }, (_, i) => `\tengine${i} := New() // engine ${i}`).join('\n')}\n\treturn New()\n}\n`)
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const [first] = await rag.search('gin.Default', 1)
    expect(first!.document.metadata['symbol']).toBe('Default')
    expect(first!.explain?.find((e) => e.stream === 'definitions')?.rank).toBe(0)
    // A class's member stays qualified: `Config.Default` names no package.
    expect((await rag.search('Config.Default', 5)).some((hit) => hit.explain?.some((e) => e.stream === 'definitions'))).toBe(false)
  })

  it('follows the index: a renamed class is found under its new name after the next run', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    expect((await rag.search('Environment', 1))[0]!.document.metadata['symbol']).toBe('Environment')
    await repo.write('src/env.ts', FILES['src/env.ts']!.replace('class Environment', 'class Settings'))
    await rag.indexDirectory(repo.root)
    expect((await rag.search('Settings', 1))[0]!.document.metadata['symbol']).toBe('Settings')
    expect((await rag.search('Environment', 10)).some((hit) => hit.explain?.some((e) => e.stream === 'definitions'))).toBe(false)
  })

  it('finds a method of a class small enough to be one chunk through the code layers (a Rails model)', async () => {
    const uses = Array.from({ length: 12 }, (_, i) => [`app/controllers/favorites${i}_controller.rb`, `class Favorites${i}Controller < ApplicationController\n  def create\n    current_user.favorite(article) # favorite the article for the user, favorite\n    favorite = Favorite.new # favorite\n  end\nend\n`])
    await repo.write('app/models/user.rb', 'class User < ApplicationRecord\n  has_many :favorites\n\n  def favorite(article)\n    favorites.find_or_create_by(article: article)\n  end\n\n  def unfavorite(article)\n    favorites.where(article: article).destroy_all\n  end\nend\n')
    for (const [path, content] of uses) await repo.write(path!, content!)
    const layered = createRag({ layers: true })
    await layered.indexDirectory(repo.root)
    for (const query of ['User.favorite', 'User#favorite']) {
      const [first] = await layered.search(query, 3)
      expect(first!.document.metadata['file'], query).toBe('app/models/user.rb')
      expect(first!.explain?.find((e) => e.stream === 'definitions')?.rank, query).toBe(0)
    }
    // Without the layers no chunk is named for the method: the stream has nothing to give.
    const plain = createRag()
    await plain.indexDirectory(repo.root)
    expect((await plain.search('User.favorite', 5)).some((hit) => hit.explain?.some((e) => e.stream === 'definitions'))).toBe(false)
  })
})
