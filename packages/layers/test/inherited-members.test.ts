import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const call = (graph: LayerGraph, path: string, receiver: string, target: string): EdgeRecord | undefined =>
  graph.edgesOf(path).find((e) => e.kind === 'calls' && e.target === target && (e.receiver ?? '') === receiver)

const PYTHON = {
  'app/base.py': 'class Base:\n    def save(self):\n        return 1\n\n    def close(self):\n        return 2\n',
  'app/mixins.py': 'from app.base import Base\n\n\nclass Timestamped(Base):\n    def touch(self):\n        return self.save()\n',
  'app/models.py': [
    'from app.mixins import Timestamped',
    '',
    '',
    'class User(Timestamped):',
    '    def close(self):',
    '        self.touch()',
    '        self.save()',
    '        self.close()',
    '        return self.missing()',
    '',
  ].join('\n'),
}

describe('members a class inherits', () => {
  it("resolves self.x() to a base class's method in another file, nearest definition first, through imports", async () => {
    const graph = new LayerGraph(await layersOfText(PYTHON))
    expect(call(graph, 'app/models.py', 'self', 'touch')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/mixins.py#Timestamped.touch' })
    expect(call(graph, 'app/models.py', 'self', 'save')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/base.py#Base.save' })
    // The class's own method wins over the inherited one.
    expect(call(graph, 'app/models.py', 'self', 'close')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/models.py#User.close' })
    expect(call(graph, 'app/models.py', 'self', 'missing')).toMatchObject({ resolution: 'unresolved' })
    expect(call(graph, 'app/mixins.py', 'self', 'save')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/base.py#Base.save' })
  })

  it('resolves this.x() and super.x() in TypeScript through an imported base class', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/base.ts': 'export class Store {\n  load() { return 1 }\n  close() { return 2 }\n}\n',
        'src/cache.ts': "import { Store } from './base'\nexport class Cache extends Store {\n  close() { super.close(); return this.load() }\n}\n",
      }),
    )
    expect(call(graph, 'src/cache.ts', 'this', 'load')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/base.ts#Store.load' })
    expect(call(graph, 'src/cache.ts', 'super', 'close')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/base.ts#Store.close' })
  })

  it('re-resolves subclasses, however deep, when a class changes its base or a base drops the method', async () => {
    const graph = new LayerGraph(await layersOfText(PYTHON))
    // `Timestamped` no longer derives from `Base`: what `User` inherits through it changes.
    const [rebased] = await layersOfText({ 'app/mixins.py': 'class Timestamped:\n    def touch(self):\n        return 1\n' })
    const delta = graph.apply({ upsert: [rebased!] })
    expect(delta.resolvedFiles).toEqual(expect.arrayContaining(['app/mixins.py', 'app/models.py']))
    expect(call(graph, 'app/models.py', 'self', 'save')).toMatchObject({ resolution: 'by-name', candidates: 1 })
    expect(call(graph, 'app/models.py', 'self', 'touch')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/mixins.py#Timestamped.touch' })
    // Back to the original hierarchy, then the base loses `save`.
    graph.apply({ upsert: await layersOfText({ 'app/mixins.py': PYTHON['app/mixins.py'] }) })
    expect(call(graph, 'app/models.py', 'self', 'save')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/base.py#Base.save' })
    graph.apply({ upsert: await layersOfText({ 'app/base.py': 'class Base:\n    def close(self):\n        return 2\n' }) })
    expect(call(graph, 'app/models.py', 'self', 'save')).toMatchObject({ resolution: 'unresolved' })
  })
})
