import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe('receivers typed by a TypeScript type alias', () => {
  it('reach the members of the types the alias is an intersection of, through aliases of aliases', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/kb.ts': 'export interface KnowledgeBase {\n  clear(): Promise<void>\n}\n',
        'src/generations.ts': 'export interface GenerationStore {\n  loadState(): Promise<number>\n}\n',
        // Same method names elsewhere: no call resolves by name alone.
        'src/other.ts': 'export class Journal {\n  clear(): void {}\n  loadState(): void {}\n  close(): void {}\n}\n',
        'src/stores.ts': [
          "import type { KnowledgeBase } from './kb.js'",
          "import type { GenerationStore } from './generations.js'",
          'export type PersistentStore = KnowledgeBase & GenerationStore',
          'export type IndexStore = PersistentStore & Partial<Closeable> & { close(): Promise<void> }',
          'export interface Closeable {',
          '  close(): void',
          '}',
        ].join('\n'),
        'src/use.ts': [
          "import type { IndexStore, PersistentStore } from './stores.js'",
          'export async function reset(store: PersistentStore, index: IndexStore) {',
          '  await store.clear()',
          '  await index.loadState()',
          '  index.close()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/use.ts', ['clear', 'loadState', 'close'])).toEqual([
      'store.clear -> resolved src/kb.ts#KnowledgeBase.clear',
      'index.loadState -> resolved src/generations.ts#GenerationStore.loadState',
      'index.close -> resolved src/stores.ts#Closeable.close',
    ])
    expect(graph.edgesOf('src/stores.ts').filter((edge) => edge.kind === 'extends').map((edge) => `${edge.sourceQname} extends ${edge.target} -> ${edge.targetSymbolId}`)).toEqual([
      'PersistentStore extends KnowledgeBase -> src/kb.ts#KnowledgeBase',
      'PersistentStore extends GenerationStore -> src/generations.ts#GenerationStore',
      'IndexStore extends PersistentStore -> src/stores.ts#PersistentStore',
      'IndexStore extends Closeable -> src/stores.ts#Closeable',
    ])
  })
})
