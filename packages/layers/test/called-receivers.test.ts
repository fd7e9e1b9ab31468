import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe("Python calls on a call's value", () => {
  it('reach a member of what the callee returns: a class built in place, a method with a return annotation, one edge per type', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'web/__init__.py': '',
        'web/lexer.py': [
          'class Token:',
          '    def test(self, expr):',
          '        pass',
          '',
          'class TokenStream:',
          '    def look(self) -> Token:',
          '        return Token()',
        ].join('\n'),
        'web/headers.py': ['class Headers:', '    def items(self):', '        pass', '', 'def parse_headers(environ) -> Headers:', '    return Headers()'].join('\n'),
        // Same names elsewhere: a call resolved by name alone names no single definition.
        'web/other.py': ['class Other:', '    def test(self):', '        pass', '', '    def items(self):', '        pass', '', '    def parse(self):', '        pass'].join('\n'),
        'web/parser.py': [
          'from .headers import Headers, parse_headers',
          'from .lexer import TokenStream',
          '',
          'class Parser:',
          '    def __init__(self, stream: TokenStream):',
          '        self.stream = stream',
          '',
          '    def parse(self):',
          "        self.stream.look().test('name')",
          '',
          'def handle(environ, options):',
          '    Parser(TokenStream()).parse()',
          '    parse_headers(environ).items()',
          "    Headers().items()",
          "    options['headers'].items()",
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'web/parser.py', ['test', 'parse', 'items'])).toEqual([
      '?.test -> resolved web/lexer.py#Token.test',
      '?.parse -> resolved web/parser.py#Parser.parse',
      '?.items -> resolved web/headers.py#Headers.items',
      '?.items -> resolved web/headers.py#Headers.items',
      '?.items -> by-name ',
    ])
  })

  it("reach a member of the class a name unpacked from a call's value holds, by the returned tuple's element at its position", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'cli/__init__.py': '',
        'cli/core.py': [
          'import typing as t',
          '',
          'class Command:',
          '    def make_context(self, name):',
          '        pass',
          '',
          'class Group:',
          '    def resolve_command(self, ctx, args) -> tuple[str | None, Command | None, list[str]]:',
          '        pass',
          '',
          '    def invoke(self, ctx):',
          '        cmd_name, cmd, args = self.resolve_command(ctx, ctx.args)',
          '        cmd.make_context(cmd_name)',
          '        args.pop()',
        ].join('\n'),
        'cli/other.py': ['class Other:', '    def make_context(self, name):', '        pass', '', '    def pop(self):', '        pass'].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'cli/core.py', ['make_context', 'pop'])).toEqual(['cmd.make_context -> resolved cli/core.py#Command.make_context', 'args.pop -> by-name '])
  })

  it("reach a class's member through the module `from . import nodes` binds (`nodes.Node.__init__(rv)`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'tpl/__init__.py': '',
        'tpl/nodes.py': ['class Node:', '    def __init__(self, name):', '        pass', '', 'class Other:', '    def __init__(self):', '        pass'].join('\n'),
        'tpl/parser.py': ['from . import nodes', '', 'def free(name):', '    rv = object.__new__(nodes.Node)', '    nodes.Node.__init__(rv, name)', '    return rv'].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'tpl/parser.py', ['__init__'])).toEqual(['nodes.Node.__init__ -> resolved tpl/nodes.py#Node.__init__'])
  })

  it("reach a member of what `next(it)` gives: the `__next__` of the iterator's class", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'tpl/__init__.py': '',
        'tpl/lexer.py': ['class Token:', '    def test(self, expr):', '        pass', '', 'class TokenStream:', '    def __next__(self) -> Token:', '        return Token()'].join('\n'),
        'tpl/other.py': ['class Other:', '    def test(self):', '        pass', '', '    def __next__(self):', '        pass'].join('\n'),
        'tpl/parser.py': ['from .lexer import TokenStream', '', 'def parse(stream: TokenStream):', '    token = next(stream)', "    token.test('name')"].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'tpl/parser.py', ['test'])).toEqual(['token.test -> resolved tpl/lexer.py#Token.test'])
  })
})

describe("TypeScript calls on a call's value", () => {
  it('reach a member of what the callee returns, or of the class `new` builds, through a chain of calls too, one edge per type', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/observable.ts': [
          'export class Observable<T> {',
          '  subscribe(): void {}',
          '  pipe(): Observable<T> {',
          '    return this',
          '  }',
          '}',
          'export function innerFrom<T>(input: T): Observable<T> {',
          '  return new Observable<T>()',
          '}',
        ].join('\n'),
        // Same method names elsewhere: no call resolves by name alone.
        'src/other.ts': 'export class Other {\n  subscribe(): void {}\n  pipe(): void {}\n}\n',
        'src/use.ts': [
          "import { innerFrom, Observable } from './observable.js'",
          'export function run(source: unknown) {',
          '  innerFrom(source).subscribe()',
          '  new Observable<number>().pipe()',
          '  innerFrom(source).pipe().subscribe()',
          '  load().subscribe()',
          '}',
          'function load(): unknown {',
          '  return undefined',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/use.ts', ['subscribe', 'pipe'])).toEqual([
      '?.subscribe -> resolved src/observable.ts#Observable.subscribe',
      '?.pipe -> resolved src/observable.ts#Observable.pipe',
      '?.pipe -> resolved src/observable.ts#Observable.pipe',
      // A chain of calls, link by link: `pipe()` returns an `Observable`.
      '?.subscribe -> resolved src/observable.ts#Observable.subscribe',
      // A callee that returns no class: by name.
      '?.subscribe -> by-name ',
    ])
  })
})
