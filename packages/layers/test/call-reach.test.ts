import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** Every call edge of a file as `receiver.target -> resolution target (candidates)`. */
function callsOf(graph: LayerGraph, path: string): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls')
    .map((edge) => `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution} ${edge.targetSymbolId} (${edge.candidates})`)
}

describe('what a call that nothing binds may reach by its name', () => {
  it("leaves the runtime's methods on receivers of unknown type, and members to receivers, unlinked to a definition of that name", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/cache.ts': 'export class Cache {\n  set(key: string, value: number) {}\n  evict() {}\n}\n',
        'src/paths.ts': "export function join(...parts: string[]): string {\n  return parts.join('/')\n}\n",
        'src/use.ts': [
          "import type Database from 'better-sqlite3'",
          "import { Cache } from './cache.js'",
          'export function run(cache: Cache, db: Database.Database, other: unknown, parts: string[]) {',
          '  const seen = new Map<string, number>()',
          "  seen.set('a', 1)",
          "  cache.set('a', 1)",
          '  other.evict()',
          "  other.set('a', 1)",
          "  parts.join('/')",
          "  db.prepare('SELECT 1')",
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'src/use.ts')).toEqual([
      'Map -> external  (0)',
      // `seen.set()` of a `new Map()`: the runtime's.
      'seen.set -> external  (0)',
      // Typed: the one `set` it is.
      'cache.set -> resolved src/cache.ts#Cache.set (1)',
      // Not a runtime method: the one member of that name, by name.
      'other.evict -> by-name src/cache.ts#Cache.evict (1)',
      // `other.set()` of a receiver of unknown type: a `Map`'s as likely as `Cache.set`, so by name without one target.
      'other.set -> by-name  (2)',
      // `x.join()` reaches no top-level function `join`.
      'parts.join -> external  (0)',
      // A type of an external module: its members are external too.
      'db.prepare -> external  (0)',
    ])
  })

  it("reaches definitions in the calling file's language family only: PHP never calls TypeScript, Kotlin calls Java", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        // (koel: `$request->has('id')` in PHP was the TypeScript `Cache.has`, and `rag deps Cache.has --reverse` listed PHP controllers.)
        'resources/assets/js/cache.ts': 'export class Cache {\n  has(key: string): boolean {\n    return false\n  }\n  drop(key: string) {}\n}\n',
        'app/Http/Controller.php': "<?php\nclass Controller {\n    public function show($request) {\n        return $request->has('id');\n    }\n}\n",
        'app/web.js': 'export function render(store) {\n  store.drop(1)\n}\n',
        'src/main/java/app/Repo.java': 'package app;\npublic class Repo {\n  public void persist(String row) {}\n}\n',
        'src/main/kotlin/app/Service.kt': 'package app\nclass Service(private val target: Any) {\n  fun save() {\n    target.persist("x")\n  }\n}\n',
      }),
    )
    expect(callsOf(graph, 'app/Http/Controller.php')).toEqual(['$request.has -> unresolved  (0)'])
    // JavaScript and TypeScript are one program: the call still reaches the TypeScript method.
    expect(callsOf(graph, 'app/web.js')).toEqual(['store.drop -> by-name resources/assets/js/cache.ts#Cache.drop (1)'])
    // Kotlin and Java share one classpath.
    expect(callsOf(graph, 'src/main/kotlin/app/Service.kt')).toEqual(['target.persist -> by-name src/main/java/app/Repo.java#Repo.persist (1)'])
  })

  it("reads a Ruby constant receiver as the class or module Ruby finds from where it is written (Rails: `Article.recent`, `Publishing::Notifier.new`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/models/article.rb': 'class Article < ApplicationRecord\n  def self.recent\n    order(:id)\n  end\nend\n',
        'app/services/publishing/notifier.rb': 'module Publishing\n  class Notifier\n    def call; end\n    def self.deliver; end\n  end\nend\n',
        'app/services/publishing/digest.rb': 'module Publishing\n  class Digest\n    def run\n      Notifier.deliver\n      Logger.new(STDOUT)\n    end\n  end\nend\n',
        'app/models/admin/logger.rb': 'module Admin\n  class Logger\n    def info; end\n  end\nend\n',
        'app/controllers/articles_controller.rb': [
          'class ArticlesController < ApplicationController',
          '  def index',
          '    @articles = Article.recent',
          '    Publishing::Notifier.new',
          '    Publishing::Notifier.deliver',
          '    Notifier.deliver',
          '  end',
          'end',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'app/controllers/articles_controller.rb')).toEqual([
      'Article.recent -> resolved app/models/article.rb#Article.recent (1)',
      'Publishing::Notifier.new -> resolved app/services/publishing/notifier.rb#Publishing.Notifier (1)',
      'Publishing::Notifier.deliver -> resolved app/services/publishing/notifier.rb#Publishing.Notifier.deliver (1)',
      // Not a constant Ruby finds from `ArticlesController` (a NameError there): by name only.
      'Notifier.deliver -> by-name app/services/publishing/notifier.rb#Publishing.Notifier.deliver (1)',
    ])
    // Inside `module Publishing`, `Notifier` is `Publishing::Notifier`; `Logger` is no class of the index there (`Admin::Logger` is not in scope).
    expect(callsOf(graph, 'app/services/publishing/digest.rb')).toEqual([
      'Notifier.deliver -> resolved app/services/publishing/notifier.rb#Publishing.Notifier.deliver (1)',
      'Logger.new -> unresolved  (0)',
    ])
    // The model's dependents: the controller.
    expect(graph.dependencies({ from: 'app/models/article.rb', reverse: true }).map((step) => step.edge.path)).toEqual(['app/controllers/articles_controller.rb'])
  })

  it("reads a Kotlin call on a class as its companion object's member (kotlin-spring-realworld: `ArticleIO.fromModel`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/kotlin/demo/model/Article.kt': 'package demo.model\n\nclass Article(val title: String) {\n    companion object {\n        fun fromTitle(t: String): Article = Article(t)\n    }\n}\n\nclass Comment(val body: String) {\n    companion object Factory {\n        fun of(body: String): Comment = Comment(body)\n    }\n}\n',
        'src/main/kotlin/demo/web/Handler.kt': 'package demo.web\n\nimport demo.model.Article\nimport demo.model.Comment as CommentIO\n\nclass Handler {\n    fun make(): Article = Article.fromTitle("x")\n    fun note(): CommentIO = CommentIO.of("y")\n}\n',
      }),
    )
    expect(callsOf(graph, 'src/main/kotlin/demo/web/Handler.kt')).toEqual([
      'Article.fromTitle -> resolved src/main/kotlin/demo/model/Article.kt#Article.Companion.fromTitle (1)',
      'CommentIO.of -> resolved src/main/kotlin/demo/model/Article.kt#Comment.Factory.of (1)',
    ])
  })

  it("reads a bare call of a name bound inside the code as that binding's, not another file's definition", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/helpers.ts': 'export function helper(x: number) {\n  return x\n}\nexport function next() {}\n',
        'src/detector.ts': 'export class Detector {\n  enclosing(offset: number) {}\n}\n',
        'src/local.ts': [
          'export function handle(req: Request, next: () => void) {',
          '  const helper = (x: number) => x + 1',
          '  helper(2)',
          '  next()',
          '  enclosing(3)',
          '}',
        ].join('\n'),
        'src/global.ts': 'export function start() {\n  helper(1)\n}\n',
      }),
    )
    expect(callsOf(graph, 'src/local.ts')).toEqual([
      'helper -> unresolved  (0)',
      'next -> unresolved  (0)',
      // A bare call in TypeScript cannot call a method.
      'enclosing -> unresolved  (0)',
    ])
    // Neither a declaration nor an import here (a global, an auto-import): by name, as before.
    expect(callsOf(graph, 'src/global.ts')).toEqual(['helper -> by-name src/helpers.ts#helper (1)'])
    expect(graph.dependencies({ from: 'helper', reverse: true }).map((step) => step.edge.path)).toEqual(['src/global.ts'])
  })

  it("reads a bare call of a name the calling definition declares again as that declaration's, not the file's own definition", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/parse.ts': [
          'export function parse(text: string) {',
          '  return text.length ? parse(text.slice(1)) : 0',
          '}',
          'export const _encode = (err: unknown) => {',
          '  const parse = makeParse(err)',
          '  return (text: string) => parse(text)',
          '}',
          'export function run(parse: (text: string) => number) {',
          "  return parse('x')",
          '}',
          "export const parseAll = (texts: string[]) => texts.map((text) => parse(text))",
          "export const parsed = wrap(parse, parse('y'))",
          'function makeParse(err: unknown) {',
          '  return (text: string) => text.length',
          '}',
          'function wrap(a: unknown, b: unknown) {',
          '  return a',
          '}',
        ].join('\n'),
      }),
    )
    expect(
      graph
        .edgesOf('src/parse.ts')
        .filter((edge) => edge.kind === 'calls' && edge.target === 'parse')
        .map((edge) => `${edge.sourceSymbolId} -> ${edge.resolution} ${edge.targetSymbolId}`),
    ).toEqual([
      // Its own name is no redeclaration: a recursive call.
      'src/parse.ts#parse -> resolved src/parse.ts#parse',
      'src/parse.ts#_encode -> unresolved ',
      'src/parse.ts#run -> unresolved ',
      'src/parse.ts#parseAll -> resolved src/parse.ts#parse',
      // An argument declares nothing.
      'src/parse.ts#parsed -> resolved src/parse.ts#parse',
    ])
  })

  it('leaves bare calls in Python and Go that nothing binds to the local bindings they are, and reads a Python class body', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'pkg/__init__.py': '',
        'pkg/util.py': 'def key(item):\n    return item\n\ndef append(x):\n    pass\n',
        'pkg/sort.py': [
          'def unique(items, key=None):',
          '    seen = []',
          '    append = seen.append',
          '    for item in items:',
          '        append(key(item))',
          '',
          'class TestCase:',
          '    def _deprecate(original):',
          '        return original',
          '    def assertEqual(self, a, b):',
          '        pass',
          '    assertEquals = _deprecate(assertEqual)',
        ].join('\n'),
        'go.mod': 'module example.com/app\n',
        'util/util.go': 'package util\n\nfunc Visit(n int) {}\n',
        'walk/walk.go': 'package walk\n\nfunc Walk(n int) {\n\tvisit := func(n int) {}\n\tvisit(n)\n\tVisit(n)\n}\n',
      }),
    )
    // A local alias and a parameter, not `pkg/util.py`'s functions; `_deprecate` of the class body above it.
    expect(callsOf(graph, 'pkg/sort.py')).toEqual(['append -> unresolved  (0)', 'key -> unresolved  (0)', '_deprecate -> resolved pkg/sort.py#TestCase._deprecate (1)'])
    expect(callsOf(graph, 'walk/walk.go')).toEqual(['visit -> unresolved  (0)', 'Visit -> unresolved  (0)'])
  })

  it('reads the type of a receiver from the declarations around the call: fields of the class, locals before it', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/index.ts': 'export class InvertedIndex {\n  search(q: string) {}\n}\nexport class Postings {\n  search(q: string) {}\n}\n',
        'src/stream.ts': [
          "import { InvertedIndex, Postings } from './index.js'",
          'export class Stream {',
          '  readonly #index = new InvertedIndex()',
          '  private postings: Postings',
          '  find(q: string) {',
          '    this.#index.search(q)',
          '    this.postings.search(q)',
          '    const local = new Postings()',
          '    local.search(q)',
          '    postings.search(q)',
          '  }',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'src/stream.ts')).toEqual([
      'InvertedIndex -> resolved src/index.ts#InvertedIndex (1)',
      'this.#index.search -> resolved src/index.ts#InvertedIndex.search (1)',
      'this.postings.search -> resolved src/index.ts#Postings.search (1)',
      'Postings -> resolved src/index.ts#Postings (1)',
      'local.search -> resolved src/index.ts#Postings.search (1)',
      // A bare `postings` is no field: by name (`search` is also a string's method).
      'postings.search -> by-name  (3)',
    ])
  })

  it("reads Python's generic bases and super() calls as calls of the base class's members", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'pkg/__init__.py': '',
        'pkg/types.py': [
          'import typing as t',
          'T = t.TypeVar("T")',
          'class ParamType(t.Generic[T]):',
          '    def __init__(self, name):',
          '        self.name = name',
          '    def fail(self, message):',
          '        raise ValueError(message)',
          'class IntType(ParamType[int]):',
          '    def __init__(self):',
          '        super().__init__("int")',
          '    def convert(self, value):',
          '        self.fail(value)',
        ].join('\n'),
        'pkg/wrappers.py': 'from werkzeug.wrappers import Request as RequestBase\nclass Request(RequestBase):\n    def load(self):\n        return super().load()\n',
      }),
    )
    // The base is werkzeug's: `super().load()` is werkzeug's (external), not the class's own `load`.
    expect(callsOf(graph, 'pkg/wrappers.py').filter((call) => call.includes('.load'))).toEqual(['super.load -> external  (0)'])
    expect(callsOf(graph, 'pkg/types.py').filter((call) => !call.startsWith('t.') && !call.startsWith('ValueError'))).toEqual([
      'super -> external  (0)',
      'super.__init__ -> resolved pkg/types.py#ParamType.__init__ (1)',
      'self.fail -> resolved pkg/types.py#ParamType.fail (1)',
    ])
  })

  it('reads the type of a Python receiver from the attribute a method sets and the names assigned before the call', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': '',
        'app/http.py': 'class Session:\n    def get(self, url):\n        pass\n\nclass Cache:\n    def get(self, key):\n        pass\n',
        'app/client.py': [
          'from app.http import Session, Cache',
          'class Client:',
          '    def __init__(self):',
          '        self.session = Session()',
          '    def fetch(self, url):',
          '        cache = Cache()',
          '        cache.get(url)',
          '        return self.session.get(url)',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'app/client.py').filter((call) => call.includes('.get'))).toEqual([
      'cache.get -> resolved app/http.py#Cache.get (1)',
      'self.session.get -> resolved app/http.py#Session.get (1)',
    ])
  })

  it("reads the type of a receiver holding what a call returns, from the callee's annotation, and follows a change of it", async () => {
    const open = (type: string): string => `import { ${type} } from './${type.toLowerCase()}.js'\nexport async function openIndex(root: string): Promise<${type}> {\n  return new ${type}()\n}\n`
    const files = {
      'src/openindex.ts': 'export class OpenIndex {\n  close() {}\n}\n',
      'src/otherindex.ts': 'export class OtherIndex {\n  close() {}\n}\n',
      'src/open.ts': open('OpenIndex'),
      'src/run.ts': "import { openIndex } from './open.js'\nexport async function run() {\n  const index = await openIndex('.')\n  index.close()\n}\n",
      'cli/__init__.py': '',
      'cli/core.py': [
        'class Command:',
        '    def invoke(self, ctx):',
        '        pass',
        'class Group:',
        '    def invoke(self, ctx):',
        '        pass',
        '    def get_command(self, ctx, name) -> "Command | None":',
        '        return None',
        '    def run(self, ctx, name):',
        '        cmd = self.get_command(ctx, name)',
        '        cmd.invoke(ctx)',
      ].join('\n'),
    }
    const graph = new LayerGraph(await layersOfText(files))
    const closes = (): string[] => callsOf(graph, 'src/run.ts').filter((call) => call.startsWith('index.'))
    expect(closes()).toEqual(['index.close -> resolved src/openindex.ts#OpenIndex.close (1)'])
    expect(callsOf(graph, 'cli/core.py').filter((call) => call.startsWith('cmd.'))).toEqual(['cmd.invoke -> resolved cli/core.py#Command.invoke (1)'])
    // The callee now returns another class: the caller's file, unchanged, follows.
    graph.apply({ upsert: await layersOfText({ 'src/open.ts': open('OtherIndex') }) })
    expect(closes()).toEqual(['index.close -> resolved src/otherindex.ts#OtherIndex.close (1)'])
  })

  it("leaves Kotlin's receiver calls free to reach top-level extension functions", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/kotlin/app/Text.kt': 'package app.text\n\nfun String.slugify(): String = lowercase()\n',
        'src/main/kotlin/app/Article.kt': 'package app.model\n\nclass Article(val title: String) {\n  fun slug() = title.slugify()\n}\n',
      }),
    )
    expect(callsOf(graph, 'src/main/kotlin/app/Article.kt').filter((call) => call.includes('slugify'))).toEqual(['title.slugify -> by-name src/main/kotlin/app/Text.kt#slugify (1)'])
  })
})
