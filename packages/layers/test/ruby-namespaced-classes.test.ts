import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

describe('Ruby classes and modules named by a path', () => {
  it('names `class Bar::Baz` inside `module Foo` Baz, qualified Foo.Bar.Baz, findable by any of its names, and resolves a base written as a path', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'lib/foo/bar.rb': ['module Foo', '  class Bar::Baz', '    def hello', '      1', '    end', '  end', 'end', '', 'class Foo::Qux < Foo::Bar::Baz', 'end', ''].join('\n'),
        'test/test_helper.rb': ['class ActiveSupport::TestCase', '  def sign_in', '  end', 'end', ''].join('\n'),
      }),
    )
    const names = (query: string): string[] => graph.symbols({ name: query }).map((s) => `${s.kind} ${s.name} ${s.qname}`)
    expect(names('Baz')).toEqual(['class Baz Foo.Bar.Baz'])
    expect(names('Foo::Bar::Baz')).toEqual(['class Baz Foo.Bar.Baz'])
    expect(names('TestCase')).toEqual(['class TestCase ActiveSupport.TestCase'])
    expect(names('ActiveSupport::TestCase.sign_in')).toEqual(['method sign_in ActiveSupport.TestCase.sign_in'])
    const base = graph.edgesOf('lib/foo/bar.rb').find((edge) => edge.kind === 'extends')
    expect(base).toMatchObject({ resolution: 'resolved', targetSymbolId: 'lib/foo/bar.rb#Foo.Bar.Baz' })
  })
})
