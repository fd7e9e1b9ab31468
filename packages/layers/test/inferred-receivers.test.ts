import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed as callsOf } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** A module declaring `current_app` with the class `type`. */
const GLOBALS = (type: string): string => `from .app import Flask\n\nclass Proxy:\n    def url_for(self, name):\n        pass\n\ncurrent_app: ${type} = make_proxy()\n`

describe('receivers typed by what the code around them says of them', () => {
  it('reads Python loops over annotated calls and attributes, kept parameters, casts, caught exceptions and inherited members', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'cli/__init__.py': '',
        'cli/types.py': 'class ParamType:\n    def convert(self, value):\n        pass\n',
        'cli/errors.py': 'class ClickException(Exception):\n    def show(self):\n        pass\n\nclass UsageError(ClickException):\n    pass\n',
        'cli/core.py': [
          'import typing as t',
          'from . import types',
          'from .errors import UsageError',
          '',
          'class Parameter:',
          '    def process(self, value):',
          '        pass',
          '',
          'class Group:',
          '    def list_commands(self):',
          '        pass',
          '',
          'class Command:',
          '    def __init__(self, group: Group, params: list[Parameter]):',
          '        self.group = group',
          '        self.params: list[Parameter] = params',
          '        self.type: types.ParamType = make_type()',
          '    def get_params(self) -> list[Parameter]:',
          '        return self.params',
          '    def run(self, ctx, value):',
          '        for param in self.get_params():',
          '            param.process(value)',
          '        infos = [p.process(value) for p in self.params]',
          '        self.group.list_commands()',
          '        self.type.convert(value)',
          '        multi = t.cast(Group, ctx.command)',
          '        multi.list_commands()',
          '        made = ctx.Group()',
          '        made.list_commands()',
          '        try:',
          '            pass',
          '        except UsageError as e:',
          '            e.show()',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'cli/core.py', ['process', 'list_commands', 'convert', 'show'])).toEqual([
      // `for param in self.get_params()`: what `-> list[Parameter]` holds.
      'param.process -> resolved cli/core.py#Parameter.process',
      // A comprehension over an attribute annotated `list[Parameter]`.
      'p.process -> resolved cli/core.py#Parameter.process',
      // `self.group = group` keeps a parameter annotated `Group`.
      'self.group.list_commands -> resolved cli/core.py#Group.list_commands',
      // A class of a module imported whole (`types.ParamType`).
      'self.type.convert -> resolved cli/types.py#ParamType.convert',
      'multi.list_commands -> resolved cli/core.py#Group.list_commands',
      // `ctx.Group()`: `ctx` is no import, so the class is found by its own name.
      'made.list_commands -> resolved cli/core.py#Group.list_commands',
      // `show` is the base class's.
      'e.show -> resolved cli/errors.py#ClickException.show',
    ])
  })

  it('reads Python values other modules declare, private classes, nested functions\' parameters, and a module before a same-named value in it', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'web/__init__.py': '',
        'web/app.py': 'class Flask:\n    def url_for(self, name):\n        pass\n',
        'web/globals.py': GLOBALS('Flask'),
        'web/cli.py': [
          'class _Parser:',
          '    def parse(self):',
          '        pass',
          'class AppGroup:',
          '    def make_parser(self) -> _Parser:',
          '        return _Parser()',
          '    def run(self):',
          '        parser = self.make_parser()',
          '        parser.parse()',
          'cli = AppGroup()',
        ].join('\n'),
        'web/views.py': [
          'from .app import Flask',
          'from .globals import current_app',
          'from . import cli',
          'from .cli import cli as group',
          'def index():',
          "    current_app.url_for('x')",
          '    cli.AppGroup()',
          '    group.run()',
          '    def show(app: Flask):',
          "        app.url_for('y')",
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'web/cli.py', ['parse'])).toEqual(['parser.parse -> resolved web/cli.py#_Parser.parse'])
    // The value is declared with another class: its users are resolved again.
    const [retyped] = await layersOfText({ 'web/globals.py': GLOBALS('Proxy') })
    expect(graph.apply({ upsert: [retyped!] }).resolvedFiles).toContain('web/views.py')
    expect(callsOf(graph, 'web/views.py', ['url_for'])[0]).toBe('current_app.url_for -> resolved web/globals.py#Proxy.url_for')
    graph.apply({ upsert: await layersOfText({ 'web/globals.py': GLOBALS('Flask') }) })
    expect(callsOf(graph, 'web/views.py', ['url_for', 'AppGroup', 'run'])).toEqual([
      // `current_app: Flask = ...` in the module it is imported from.
      "current_app.url_for -> resolved web/app.py#Flask.url_for",
      // `from . import cli` is the module `cli.py`, though it defines a value `cli`.
      'cli.AppGroup -> resolved web/cli.py#AppGroup',
      // `cli = AppGroup()`, imported under another name.
      'group.run -> resolved web/cli.py#AppGroup.run',
      // A parameter of a nested function, which is no symbol.
      "app.url_for -> resolved web/app.py#Flask.url_for",
    ])
  })

  it("reads a TypeScript loop over a call's value, a function-typed parameter's call and an object literal method's parameter, and keeps an array's methods off its element type", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/item.ts': 'export class Item {\n  save(): void {}\n  push(x: number): void {}\n}\nexport function load(): Item[] {\n  return []\n}\n',
        'src/use.ts': [
          "import { Item, load } from './item.js'",
          'export class Basket {',
          '  private items: Item[] = []',
          '  run(): void {',
          '    for (const item of load()) item.save()',
          '    this.items.push(1)',
          '  }',
          '}',
          'export function describeContract(create: () => Promise<Item>) {',
          '  return async () => {',
          '    const made = await create()',
          '    made.save()',
          '  }',
          '}',
          'export const detector = {',
          '  detect(found: Item): void {',
          '    found.save()',
          '  },',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'src/use.ts', ['save', 'push'])).toEqual([
      'item.save -> resolved src/item.ts#Item.save',
      // `items` is an array of `Item`, not one: its `push` is as likely the array's as `Item.push`.
      'this.items.push -> by-name ',
      // A call of a parameter typed `() => Promise<Item>`.
      'made.save -> resolved src/item.ts#Item.save',
      // A parameter of an object literal's method, which is no symbol.
      'found.save -> resolved src/item.ts#Item.save',
    ])
  })
  it("reads Python's forward references, class-body annotations (inherited too) and `self` annotated outside a class", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'tpl/__init__.py': '',
        'tpl/parser.py': 'class Parser:\n    def fail(self, msg):\n        pass\n',
        'tpl/loaders.py': 'class BaseLoader:\n    def load(self, name):\n        pass\n',
        'tpl/other.py': 'class Other:\n    def fail(self):\n        pass\n    def load(self):\n        pass\n    def as_const(self):\n        pass\n    def write(self):\n        pass\n',
        'tpl/nodes.py': [
          'import typing as t',
          '',
          'class Expr:',
          '    def as_const(self):',
          '        pass',
          '',
          'class Pair:',
          '    def as_const(self):',
          '        pass',
          '',
          'class BinExpr(Expr):',
          '    left: Expr',
          '    items: t.List["Pair"]',
          '',
          'class And(BinExpr):',
          '    def as_const(self):',
          '        self.left.as_const()',
          '        return [x.as_const() for x in self.items]',
        ].join('\n'),
        'tpl/ext.py': [
          'import typing as t',
          'if t.TYPE_CHECKING:',
          '    from .parser import Parser',
          '    from .loaders import BaseLoader',
          '',
          'class Environment:',
          // A signature longer than the 300 characters a symbol keeps: the parameter's own declaration types it.
          `    def __init__(self, ${Array.from({ length: 12 }, (_, i) => `option_${i}: t.Optional[str] = None`).join(', ')}, loader: t.Optional["BaseLoader"] = None):`,
          '        self.loader = loader',
          '    def get(self, name):',
          '        self.loader.load(name)',
          '    def parse(self, parser: "Parser") -> None:',
          "        parser.fail('x')",
          '',
          'class ChoiceLoader:',
          '    def __init__(self, loaders: t.Sequence["BaseLoader"]) -> None:',
          '        self.loaders = loaders',
          '    def get(self, name):',
          '        for loader in self.loaders:',
          '            loader.load(name)',
          '',
          'class CodeGenerator:',
          '    def write(self, x):',
          '        pass',
          '',
          'def make_visitor(op: str) -> t.Callable[["CodeGenerator", int], None]:',
          "    def visitor(self: 'CodeGenerator', node: int) -> None:",
          '        self.write(op)',
          '    return visitor',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'tpl/nodes.py', ['as_const'])).toEqual([
      // `left: Expr` of the base class's body.
      'self.left.as_const -> resolved tpl/nodes.py#Expr.as_const',
      // The elements of `items: t.List["Pair"]`.
      'x.as_const -> resolved tpl/nodes.py#Pair.as_const',
    ])
    expect(callsOf(graph, 'tpl/ext.py', ['load', 'fail', 'write'])).toEqual([
      // A parameter kept, annotated `t.Optional["BaseLoader"]`.
      'self.loader.load -> resolved tpl/loaders.py#BaseLoader.load',
      // `parser: "Parser"`, the class imported only for type checking.
      'parser.fail -> resolved tpl/parser.py#Parser.fail',
      // The elements of a parameter kept, annotated `t.Sequence["BaseLoader"]`.
      'loader.load -> resolved tpl/loaders.py#BaseLoader.load',
      // A function's `self` is a parameter like any other.
      'self.write -> resolved tpl/ext.py#CodeGenerator.write',
    ])
  })

  it("reads what a Python function without a return annotation returns: a new instance of one class, through a module's name too", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'mail/__init__.py': '',
        'mail/parser.py': 'class Parser:\n    def parse(self, fp):\n        pass\n\n\ndef make_parser(strict):\n    if strict:\n        return Parser(True)\n    return Parser(False)\n',
        'mail/other.py': 'class Other:\n    def parse(self):\n        pass\n',
        'mail/cli.py': [
          'from mail import parser',
          'from mail.parser import make_parser',
          '',
          '',
          'def read(fp):',
          '    p = make_parser(True)',
          '    p.parse(fp)',
          '    make_parser(False).parse(fp)',
          '',
          '',
          'def factory():',
          '    return parser.Parser(True)',
          '',
          '',
          'def run(fp):',
          '    factory().parse(fp)',
          '',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'mail/cli.py', ['parse'])).toEqual([
      'p.parse -> resolved mail/parser.py#Parser.parse',
      '?.parse -> resolved mail/parser.py#Parser.parse',
      '?.parse -> resolved mail/parser.py#Parser.parse',
    ])
  })

  it("reads Python's one-line literals as the runtime's list, dict, set and str, before a class of the index with the method's name", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': '',
        'app/queue.py': 'class Queue:\n    def append(self, item):\n        pass\n\n    def get(self, key):\n        pass\n\n    def add(self, item):\n        pass\n\n    def upper(self):\n        pass\n',
        'app/run.py': [
          'from app.queue import Queue',
          '',
          '',
          'def run(keys):',
          '    items = []',
          '    items.append(1)',
          '    lookup = {}  # by key',
          '    lookup.get(keys)',
          '    seen = {1, 2}',
          '    seen.add(3)',
          '    name = "shop"',
          '    name.upper()',
          '',
          '',
          'def later(keys):',
          '    items = []',
          '    items = Queue()',
          '    items.append(2)',
          '',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'app/run.py', ['append', 'get', 'add', 'upper'])).toEqual([
      'items.append -> external ',
      'lookup.get -> external ',
      'seen.add -> external ',
      'name.upper -> external ',
      // (The nearest declaration before the call types it.)
      'items.append -> resolved app/queue.py#Queue.append',
    ])
  })
  it("reads a call on a string or list literal as the runtime's, before a class of the index with the method's name (Python, JavaScript, Java)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': '',
        'app/paths.py': 'class Path:\n    def join(self, other):\n        pass\n\n    def index(self, part):\n        pass\n',
        'app/run.py': ['def run(parts, a):', "    sep = ', '.join(parts)", '    raw = b"".join(parts)', '    at = [a, parts].index(a)', '    return parts.join(a)', ''].join('\n'),
        'web/words.js': ['class Words {', '  split(at) {}', '}', "export const words = (text) => 'a,b'.split(',')", ''].join('\n'),
        'src/A.java': ['class A {', '  boolean equals(Object other) { return false; }', '  boolean yes(String answer) { return "yes".equals(answer); }', '}', ''].join('\n'),
      }),
    )
    expect(callsOf(graph, 'app/run.py', ['join', 'index'])).toEqual([
      '?.join -> external ',
      '?.join -> external ',
      '?.index -> external ',
      // (A receiver of unknown type stays a guess by name.)
      'parts.join -> by-name ',
    ])
    expect(callsOf(graph, 'web/words.js', ['split'])).toEqual(['?.split -> external '])
    expect(callsOf(graph, 'src/A.java', ['equals'])).toEqual(['?.equals -> external '])
  })
  it('reads a Java type named by its simple name as the class nested in the same file, when the file nests one of that name', async () => {
    const testable = (name: string): string => `    public static class Testable {\n        public void setThrowable(Throwable t) {}\n    }\n    void ${name}() {\n        final Testable testable = new Testable();\n        testable.setThrowable(null);\n    }\n`
    const graph = new LayerGraph(
      await layersOfText({
        'src/test/java/org/example/FunctionsTest.java': `package org.example;\n\npublic class FunctionsTest {\n${testable('testAccept')}}\n`,
        'src/test/java/org/example/FailableTest.java': `package org.example;\n\npublic class FailableTest {\n${testable('testFail')}}\n`,
        // Two classes of the name nested in one file: neither is the one.
        'src/test/java/org/example/TwiceTest.java': `package org.example;\n\npublic class TwiceTest {\n${testable('testTwice')}    static class Other {\n        static class Testable {}\n    }\n}\n`,
      }),
    )
    expect(callsOf(graph, 'src/test/java/org/example/FunctionsTest.java', ['setThrowable'])).toEqual(['testable.setThrowable -> resolved src/test/java/org/example/FunctionsTest.java#FunctionsTest.Testable.setThrowable'])
    expect(callsOf(graph, 'src/test/java/org/example/FailableTest.java', ['setThrowable'])).toEqual(['testable.setThrowable -> resolved src/test/java/org/example/FailableTest.java#FailableTest.Testable.setThrowable'])
    expect(callsOf(graph, 'src/test/java/org/example/TwiceTest.java', ['setThrowable'])[0]).toMatch(/^testable.setThrowable -> by-name/)
  })
})
