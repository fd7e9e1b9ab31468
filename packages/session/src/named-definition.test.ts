import { describe, expect, it } from 'vitest'
import { declares, lookedUp, namedDefinition } from './named-definition.js'

describe('namedDefinition', () => {
  it('matches the chunk that defines the name a query is, and only for a query that is a name', () => {
    const plain = namedDefinition(' parseArgs ')!
    expect(plain({ symbol: 'parseArgs', qname: 'cli.parseArgs' })).toBe(true)
    expect(plain({ symbol: 'parseArgs', part: 2, parts: 3 })).toBe(true)
    expect(plain({ symbol: 'parseArgsLater' })).toBe(false)
    expect(plain({ symbol: 'merged', symbols: 'a, parseArgs' })).toBe(true)
    expect(namedDefinition('parse_args()')!({ symbol: 'parse_args' })).toBe(true)

    const method = namedDefinition('Document.findByPk')!
    expect(method({ symbol: 'findByPk', qname: 'Document.findByPk' })).toBe(true)
    expect(method({ symbol: 'findByPk', qname: 'models.Document.findByPk' })).toBe(true)
    expect(method({ symbol: 'findByPk', qname: 'Template.findByPk' })).toBe(false)
    expect(method({ symbol: 'x', symbols: 'findByPk' })).toBe(false)
    expect(namedDefinition('Command::new')!({ symbol: 'new', qname: 'Command.new' })).toBe(true)
    expect(namedDefinition('Foo#bar')!({ symbol: 'bar', qname: 'Foo.bar' })).toBe(true)
    expect(namedDefinition('arg!')!({ symbol: 'arg', qname: 'arg' })).toBe(true)
    // Ruby's names end in `?` or `!`; PHP's are qualified by their namespace.
    expect(namedDefinition('save!')!({ symbol: 'save!', qname: 'User.save!' })).toBe(true)
    expect(namedDefinition('User#favorited?')!({ symbol: 'favorited?', qname: 'User.favorited?' })).toBe(true)
    expect(namedDefinition('User#favorited?')!({ symbol: 'favorited', qname: 'User.favorited' })).toBe(false)
    expect(namedDefinition('App\\Models\\User::feed')!({ symbol: 'feed', qname: 'User.feed' })).toBe(true)
    expect(namedDefinition('App\\User::feed')!({ symbol: 'feed', qname: 'Post.feed' })).toBe(false)

    // A Markdown section titled like the name is no definition; a merged method is one of its class.
    expect(namedDefinition('Cookies')!({ format: 'markdown', kind: 'section', symbol: 'Cookies' })).toBe(false)
    expect(namedDefinition('Cookies')!({ format: 'code', kind: 'class', symbol: 'Cookies' })).toBe(true)
    expect(namedDefinition('Response.json')!({ symbol: 'raise_for_status', symbols: 'raise_for_status, json', parent: 'Response' })).toBe(true)
    expect(namedDefinition('Response.json')!({ symbol: 'raise_for_status', symbols: 'raise_for_status, json', parent: 'Request' })).toBe(false)
    for (const query of ['how does parseArgs work', 'parseArgs options', 'src/cli.ts', '"parseArgs"', '']) expect(namedDefinition(query)).toBeUndefined()
  })

  it('tells the piece that holds the declaration from a doc comment, a later piece or a merged chunk', () => {
    expect(lookedUp('Document.findByPk')).toEqual({ written: 'Document.findByPk', name: 'findByPk' })
    expect(lookedUp('arg!')).toEqual({ written: 'arg', name: 'arg', bang: true })
    expect(lookedUp('User#favorited?')).toEqual({ written: 'User#favorited?', name: 'favorited?' })
    expect(lookedUp('\\App\\Models\\User::find')).toEqual({ written: 'App\\Models\\User::find', name: 'find' })
    expect(lookedUp('how it works')).toBeUndefined()
    const signature = 'def stream_with_context( generator_or_function: t.Iterator, ) -> t.Iterator'
    expect(declares({ symbol: 'f' }, 'def f(): pass', 'f')).toBe(true)
    expect(declares({ symbol: 'stream_with_context', signature, part: 1, parts: 3 }, '# only the doc comment\n', 'stream_with_context')).toBe(false)
    expect(declares({ symbol: 'stream_with_context', signature, part: 2, parts: 3 }, 'def stream_with_context(\n    generator_or_function,', 'stream_with_context')).toBe(true)
    expect(declares({ symbol: 'get_load_dotenv', symbols: 'get_load_dotenv, stream_with_context' }, 'def get_load_dotenv(): ...', 'stream_with_context')).toBe(false)
  })
})
