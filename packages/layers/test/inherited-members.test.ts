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

  it("reads self.x() of a class whose hierarchy is all indexed as its subclasses' x, through another base too, or as an attribute", async () => {
    const files = {
      'srv/__init__.py': '',
      'srv/base.py': 'class BaseServer:\n    def handle_error(self, request):\n        pass\n',
      'srv/mixins.py': [
        'class ThreadingMixIn:',
        '    def __init__(self, poll):',
        '        self._poll = poll',
        '    def process(self, request):',
        '        self.handle_error(request)',
        '        self._poll()',
        '',
      ].join('\n'),
      // Another class's `_poll`, which `self._poll()` above is not.
      'srv/queues.py': 'class Queue:\n    def _poll(self):\n        pass\n',
    }
    const graph = new LayerGraph(await layersOfText(files))
    // No subclass yet: an attribute, not `Queue._poll` by name.
    expect(call(graph, 'srv/mixins.py', 'self', '_poll')).toMatchObject({ resolution: 'unresolved' })
    expect(call(graph, 'srv/mixins.py', 'self', 'handle_error')).toMatchObject({ resolution: 'unresolved' })
    // A subclass mixes in a base that has `handle_error`: the mixin's file is resolved again.
    const threading = 'from srv.base import BaseServer\nfrom srv.mixins import ThreadingMixIn\n\nclass ThreadingServer(ThreadingMixIn, BaseServer):\n    pass\n'
    const [server] = await layersOfText({ 'srv/threading.py': threading })
    expect(graph.apply({ upsert: [server!] }).resolvedFiles).toContain('srv/mixins.py')
    expect(call(graph, 'srv/mixins.py', 'self', 'handle_error')).toMatchObject({ resolution: 'by-name', targetSymbolId: 'srv/base.py#BaseServer.handle_error' })
    expect(call(graph, 'srv/mixins.py', 'self', '_poll')).toMatchObject({ resolution: 'unresolved' })
    // Built at once, the same answers.
    const whole = new LayerGraph(await layersOfText({ ...files, 'srv/threading.py': threading }))
    expect(call(whole, 'srv/mixins.py', 'self', 'handle_error')).toMatchObject({ resolution: 'by-name', targetSymbolId: 'srv/base.py#BaseServer.handle_error' })
  })

  it('resolves this.x() and super.x() in TypeScript through an imported base class', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/base.ts': 'export class Store {\n  load() { return 1 }\n  close() { return 2 }\n}\n',
        'src/cache.ts': "import { Store } from './base'\nexport class Cache extends Store {\n  close() { super.close(); return this.load() + this.toString() }\n}\n",
      }),
    )
    expect(call(graph, 'src/cache.ts', 'this', 'load')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/base.ts#Store.load' })
    expect(call(graph, 'src/cache.ts', 'super', 'close')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/base.ts#Store.close' })
    // What every object has is the runtime's, also in a hierarchy the index holds whole.
    expect(call(graph, 'src/cache.ts', 'this', 'toString')).toMatchObject({ resolution: 'external' })
  })

  it('re-resolves subclasses, however deep, when a class changes its base or a base drops the method', async () => {
    const graph = new LayerGraph(await layersOfText(PYTHON))
    // `Timestamped` no longer derives from `Base`: what `User` inherits through it changes.
    const [rebased] = await layersOfText({ 'app/mixins.py': 'class Timestamped:\n    def touch(self):\n        return 1\n' })
    const delta = graph.apply({ upsert: [rebased!] })
    expect(delta.resolvedFiles).toEqual(expect.arrayContaining(['app/mixins.py', 'app/models.py']))
    // `User`'s whole hierarchy is indexed and neither it, its bases nor a subclass defines `save`: no other class's `save` by name.
    expect(call(graph, 'app/models.py', 'self', 'save')).toMatchObject({ resolution: 'unresolved' })
    expect(call(graph, 'app/models.py', 'self', 'touch')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/mixins.py#Timestamped.touch' })
    // Back to the original hierarchy, then the base loses `save`.
    graph.apply({ upsert: await layersOfText({ 'app/mixins.py': PYTHON['app/mixins.py'] }) })
    expect(call(graph, 'app/models.py', 'self', 'save')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/base.py#Base.save' })
    graph.apply({ upsert: await layersOfText({ 'app/base.py': 'class Base:\n    def close(self):\n        return 2\n' }) })
    expect(call(graph, 'app/models.py', 'self', 'save')).toMatchObject({ resolution: 'unresolved' })
  })

  it("resolves a call on a class of the same file to what it inherits: a base's class method, a derived trait's provided function", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/models.py': [
          'class Base:',
          '    @classmethod',
          '    def create(cls):',
          '        return cls()',
          '',
          'class User(Base):',
          '    pass',
          '',
          'def make():',
          '    return User.create()',
          '',
        ].join('\n'),
        'Cargo.toml': '[package]\nname = "shop"\n',
        'src/lib.rs': 'pub mod derive;\n',
        'src/derive.rs': [
          'pub trait Parser: Sized {',
          '    fn try_parse_from(args: &[&str]) -> Result<Self, String> {',
          '        Err(String::new())',
          '    }',
          '}',
          '',
          'impl<T: Parser> Parser for Box<T> {',
          '    fn try_parse_from(args: &[&str]) -> Result<Self, String> {',
          '        T::try_parse_from(args).map(Box::new)',
          '    }',
          '}',
          '',
        ].join('\n'),
        'src/main.rs': [
          'use shop::derive::Parser;',
          '',
          '#[derive(Parser, Debug)]',
          'struct Opt {',
          '    verbose: bool,',
          '}',
          '',
          'fn main() {',
          '    let opt = Opt::try_parse_from(&["shop"]);',
          '}',
          '',
        ].join('\n'),
      }),
    )
    expect(call(graph, 'app/models.py', 'User', 'create')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'app/models.py#Base.create' })
    // `#[derive(Parser)]` implements the trait: its provided function, not the impl for `Box<T>` of the same name.
    expect(call(graph, 'src/main.rs', 'Opt', 'try_parse_from')).toMatchObject({ resolution: 'resolved', targetSymbolId: 'src/derive.rs#Parser.try_parse_from' })
    // A derive of the standard library's needs no import.
    expect(graph.edgesOf('src/main.rs').find((e) => e.kind === 'implements' && e.target === 'Debug')).toMatchObject({ resolution: 'external' })
  })
})
