import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed as callsOf } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe("Python receivers read through attributes other classes' methods set", () => {
  it('follows chains of attributes across files: set in __init__, kept parameters, inherited, class-body and property methods, imported values', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'web/__init__.py': '',
        'web/lexer.py': [
          'class Token:',
          '    def test(self, expr):',
          '        pass',
          '',
          'class TokenStream:',
          '    def __init__(self, source):',
          '        self.current = Token()',
          '        self.cache = {}',
        ].join('\n'),
        'web/env.py': ['from .lexer import TokenStream', '', 'class Environment:', '    def tokenize(self, source) -> TokenStream:', '        return TokenStream(source)'].join('\n'),
        'web/parser.py': [
          'import typing as t',
          'if t.TYPE_CHECKING:',
          '    from .env import Environment',
          '',
          'class Parser:',
          '    def __init__(self, environment: "Environment", source):',
          '        self.environment = environment',
          '        self.stream = environment.tokenize(source)',
          '',
          '    def parse(self):',
          "        self.stream.current.test('name')",
          "        self.environment.tokenize('x').current.test('x')",
          "        self.stream.cache.test('x')",
        ].join('\n'),
        'web/structures.py': [
          'class Headers:',
          '    def get(self, key):',
          '        pass',
          '',
          'class MultiDict:',
          '    def get(self, key):',
          '        pass',
        ].join('\n'),
        'web/base.py': [
          'from .structures import Headers, MultiDict',
          '',
          'class BaseResponse:',
          '    def __init__(self, headers):',
          '        self.headers = Headers(headers)',
          '',
          'class BaseRequest:',
          '    @property',
          '    def args(self) -> MultiDict:',
          '        return MultiDict()',
        ].join('\n'),
        'web/wrappers.py': [
          'from .base import BaseRequest, BaseResponse',
          '',
          'class Response(BaseResponse):',
          '    def content_type(self):',
          "        return self.headers.get('Content-Type')",
          '',
          'def view(request: BaseRequest):',
          "    return request.args.get('page')",
        ].join('\n'),
        'web/provider.py': 'class JSONProvider:\n    def dumps(self, obj):\n        pass\n',
        'web/app.py': ['from .provider import JSONProvider', '', 'class App:', '    def __init__(self):', '        self.json: JSONProvider = make_provider()'].join('\n'),
        'web/globals.py': 'from .app import App\n\ncurrent_app: App = make_proxy()\n',
        'web/json.py': 'from .globals import current_app\n\ndef dumps(obj):\n    return current_app.json.dumps(obj)\n',
        'web/other.py': 'class Other:\n    def test(self):\n        pass\n    def get(self):\n        pass\n    def dumps(self):\n        pass\n',
      }),
    )
    // The class records list the attributes their methods give a class.
    expect(graph.file('web/lexer.py')?.symbols.find((symbol) => symbol.qname === 'TokenStream')?.attributes).toEqual({ current: 'Token' })
    expect(callsOf(graph, 'web/parser.py', ['test'])).toEqual([
      // `self.stream` holds what `tokenize` returns, a `TokenStream`, whose `__init__` sets `current`.
      'self.stream.current.test -> resolved web/lexer.py#Token.test',
      // An attribute of what a call returns is no chain the extraction writes.
      '?.test -> by-name ',
      // `self.cache = {}` says no class: the name decides.
      'self.stream.cache.test -> by-name ',
    ])
    expect(callsOf(graph, 'web/wrappers.py', ['get'])).toEqual([
      // An attribute the base class (in another file) sets.
      'self.headers.get -> resolved web/structures.py#Headers.get',
      // A property method's return annotation.
      'request.args.get -> resolved web/structures.py#MultiDict.get',
    ])
    // An imported value's declared class, then an annotated attribute.
    expect(callsOf(graph, 'web/json.py', ['dumps'])).toEqual(['current_app.json.dumps -> resolved web/provider.py#JSONProvider.dumps'])
  })
})
