import { InvalidArgumentError, RagError } from '@rag/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

let graph: LayerGraph

beforeAll(async () => {
  graph = new LayerGraph(
    await layersOfText({
      'src/args.ts': 'export function parseArgs(argv: string[]) { return splitArgs(argv) }\nfunction splitArgs(argv: string[]) { return argv }\n',
      'src/config.ts': "import { parseArgs } from './args'\nexport class ConfigLoader {\n  load() { return parseArgs([]) }\n  parseFile() {}\n}\n",
      'src/server.ts': [
        "import express from 'express'",
        "import { ConfigLoader } from './config'",
        'const app = express()',
        "app.get('/orders/:id', getOrder)",
        "app.post('/orders', (req, res) => res.send(new ConfigLoader().load()))",
        'export function getOrder() {}',
      ].join('\n'),
      'src/geo.ts': 'export namespace geo {\n  export class Point {\n    norm() { return Math.hypot(1, 2) }\n  }\n}\n',
      'src/cli.py': "import click\n\n@click.command()\ndef parse_config():\n    pass\n",
      'app/Http/Controllers/Api/ArticleController.php': '<?php\nnamespace App\\Http\\Controllers\\Api;\n\nclass ArticleController extends ApiController\n{\n    public function store($request)\n    {\n        return $request;\n    }\n}\n',
      'test/args.test.ts': "import { parseArgs } from '../src/args'\nimport { it } from 'vitest'\nit('parses', () => parseArgs([]))\n",
      'lib/shapes.py': 'def area():\n    pass\n\ndef perimeter():\n    pass\n',
      'lib/both.py': 'from lib.shapes import area, perimeter\n',
      'lib/one.py': 'from lib.shapes import area\n',
    }),
  )
})

describe('LayerGraph.symbols', () => {
  it("finds a definition named with its module or namespace, as PHP writes it (`App\\Http\\...\\ArticleController`)", () => {
    for (const name of ['App\\Http\\Controllers\\Api\\ArticleController', '\\App\\Http\\Controllers\\Api\\ArticleController', 'Api\\ArticleController', 'Api.ArticleController']) {
      expect(graph.symbols({ name }).map((s) => s.id), name).toEqual(['app/Http/Controllers/Api/ArticleController.php#ArticleController'])
    }
    expect(graph.symbols({ name: 'Api\\ArticleController::store' }).map((s) => s.qname)).toEqual(['ArticleController.store'])
    expect(graph.symbols({ name: 'Web\\ArticleController' })).toEqual([])
    // A dependency walk starts from the same name (it threw NOT_FOUND).
    expect(() => graph.dependencies({ from: 'Api\\ArticleController.store' })).not.toThrow()
  })

  it('finds a definition by name, exported and non-test first', () => {
    expect(graph.symbols({ name: 'parseArgs' }).map((s) => s.id)).toEqual(['src/args.ts#parseArgs'])
  })

  it('finds by glob over names or, with a dot, over qualified names', () => {
    expect(graph.symbols({ name: 'parse*' }).map((s) => s.qname)).toEqual(['parseArgs', 'parse_config', 'ConfigLoader.parseFile'])
    expect(graph.symbols({ name: 'ConfigLoader.*' }).map((s) => s.qname)).toEqual(['ConfigLoader.load', 'ConfigLoader.parseFile'])
    expect(graph.symbols({ name: '*Args', kind: 'function' }).map((s) => s.qname)).toEqual(['parseArgs', 'splitArgs'])
    expect(graph.symbols({ name: 'parse*', language: 'python' }).map((s) => s.qname)).toEqual(['parse_config'])
    expect(graph.symbols({ name: '*', limit: 2 })).toHaveLength(2)
  })

  it('finds a name in another case only when none is written so (hono: `hono*` for `Hono`)', () => {
    expect(graph.symbols({ name: 'configloader' }).map((s) => s.qname)).toEqual(['ConfigLoader'])
    expect(graph.symbols({ name: 'configloader.PARSEFILE' }).map((s) => s.qname)).toEqual(['ConfigLoader.parseFile'])
    expect(graph.symbols({ name: 'PARSE*' }).map((s) => s.qname)).toEqual(['parseArgs', 'parse_config', 'ConfigLoader.parseFile'])
    expect(graph.symbols({ name: 'configLoader.*' }).map((s) => s.qname)).toEqual(['ConfigLoader.load', 'ConfigLoader.parseFile'])
    // A name written so is not mixed with others of another case.
    expect(graph.symbols({ name: 'parseArgs' }).map((s) => s.qname)).toEqual(['parseArgs'])
  })

  it('matches a glob in any case, those written in its case first (petclinic: `owner*` and `Owner*` both find `Owner`, `owners`, `ownerName`)', async () => {
    const owners = new LayerGraph(
      await layersOfText({ 'src/Owner.java': 'package p;\npublic class Owner {\n    private String owners;\n    public void ownerName() {}\n}\n' }),
    )
    const qnames = (name: string): string[] => owners.symbols({ name }).map((s) => s.qname)
    expect(qnames('owner*')).toEqual(['Owner.ownerName', 'Owner.owners', 'Owner'])
    expect(qnames('Owner*')).toEqual(['Owner', 'Owner.ownerName', 'Owner.owners'])
  })

  it("matches a qualified glob's container as written when it names one so (hyperfine: `Executor.*` is the trait's members, not module `executor`'s)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/benchmark/executor.rs': 'pub trait Executor {\n    fn calibrate(&mut self);\n}\n\npub struct RawExecutor {}\n\nimpl Executor for RawExecutor {\n    fn calibrate(&mut self) {}\n}\n',
      }),
    )
    const qnames = (name: string): string[] => graph.symbols({ name }).map((s) => s.qname)
    expect(qnames('Executor.*')).toEqual(['Executor.calibrate'])
    // Written in no case the index has: in any case.
    expect(qnames('EXECUTOR.*')).toContain('Executor.calibrate')
  })

  it("finds a Kotlin companion's member as Kotlin calls it (kotlinconf: `Repo.create` of `Repo.Companion.create`)", async () => {
    const kotlin = new LayerGraph(await layersOfText({ 'src/main/kotlin/demo/Repo.kt': 'package demo\n\nclass Repo {\n    companion object {\n        fun create(): Repo = Repo()\n    }\n}\n' }))
    expect(kotlin.symbols({ name: 'Repo.create' }).map((s) => s.qname)).toEqual(['Repo.Companion.create'])
    expect(kotlin.symbols({ name: 'Repo.Companion.create' }).map((s) => s.qname)).toEqual(['Repo.Companion.create'])
  })

  it('matches a qualified glob from any dot of a nested name (eShopOnWeb: `CatalogItemDetails.*` of `CatalogItem.CatalogItemDetails.Price`)', async () => {
    const nested = new LayerGraph(
      await layersOfText({
        'src/CatalogItem.cs': 'namespace Shop;\npublic class CatalogItem\n{\n    public class CatalogItemDetails\n    {\n        public decimal Price { get; set; }\n    }\n}\n',
      }),
    )
    const qnames = (name: string): string[] => nested.symbols({ name }).map((s) => s.qname)
    expect(qnames('CatalogItemDetails.*')).toEqual(['CatalogItem.CatalogItemDetails.Price'])
    expect(qnames('CatalogItem.CatalogItemDetails.*')).toEqual(['CatalogItem.CatalogItemDetails.Price'])
    expect(qnames('CatalogItemDetails.Price')).toEqual(['CatalogItem.CatalogItemDetails.Price'])
    expect(qnames('Shop.CatalogItem.*')).toEqual(['CatalogItem.CatalogItemDetails', 'CatalogItem.CatalogItemDetails.Price'])
  })

  it('reads members written in other languages\' notation: Foo::bar, Foo#bar, Foo->bar, bar(), the end of a qualified name', () => {
    const qnames = (name: string): string[] => graph.symbols({ name }).map((s) => s.qname)
    for (const name of ['ConfigLoader::load', 'ConfigLoader#load', 'ConfigLoader->load', 'ConfigLoader.load()', '::ConfigLoader::load']) {
      expect(qnames(name), name).toEqual(['ConfigLoader.load'])
    }
    expect(qnames('ConfigLoader::*')).toEqual(['ConfigLoader.load', 'ConfigLoader.parseFile'])
    expect(qnames('parseArgs()')).toEqual(['parseArgs'])
    expect(qnames('Point::norm')).toEqual(['geo.Point.norm'])
    expect(graph.dependencies({ from: 'ConfigLoader::load' }).map((s) => s.edge.target)).toEqual(['parseArgs'])
    expect(graph.dependencies({ from: 'Point#norm' }).map((s) => s.edge.target)).toEqual(['hypot'])
  })

  it('rejects an empty name or a bad limit with InvalidArgumentError', () => {
    expect(() => graph.symbols({ name: ' ' })).toThrow(InvalidArgumentError)
    expect(() => graph.symbols({ name: '::' })).toThrow(/must name a symbol/)
    expect(() => graph.symbols({ name: 'x', limit: 0 })).toThrow(InvalidArgumentError)
  })
})

describe('LayerGraph.dependencies', () => {

  it("finds a Go module's root package's importers from any of its files, at the line of each spec", async () => {
    const go = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/m\n',
        'lib.go': 'package m\n\nfunc Hello() string { return "hi" }\n',
        'util/util.go': 'package util\n\nfunc Help() {}\n',
        'cmd/app/main.go': 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/m"\n\t"example.com/m/util"\n)\n\nfunc main() { fmt.Println(m.Hello()); util.Help() }\n',
      }),
    )
    const importers = (file: string): string[] =>
      go.dependencies({ from: file, reverse: true, kinds: ['imports'] }).map((step) => `${step.edge.path}:${step.edge.startLine} ${step.edge.target} -> ${step.edge.targetPath}`)
    expect(importers('lib.go')).toEqual(['cmd/app/main.go:6 example.com/m -> /'])
    expect(importers('util/util.go')).toEqual(['cmd/app/main.go:7 example.com/m/util -> util/'])
  })
  it('walks imports and calls forward from a file, one ring per depth', () => {
    const steps = graph.dependencies({ from: 'src/server.ts', depth: 2 })
    const at = (depth: number) => steps.filter((s) => s.depth === depth).map((s) => `${s.edge.kind} ${s.edge.target}`)
    expect(at(1)).toEqual(expect.arrayContaining(['imports express', 'imports ./config', 'calls get', 'calls load']))
    expect(at(2)).toEqual(expect.arrayContaining(['calls parseArgs']))
  })

  it('walks back to importers and callers of a symbol, by qualified name or id', () => {
    const callers = graph.dependencies({ from: 'parseArgs', reverse: true, kinds: ['calls'] })
    expect(callers.map((s) => `${s.edge.path} ${s.edge.sourceQname}`).sort()).toEqual(['src/config.ts ConfigLoader.load', 'test/args.test.ts '])
    const deeper = graph.dependencies({ from: 'src/args.ts#parseArgs', reverse: true, depth: 2, kinds: ['calls'] })
    expect(deeper.filter((s) => s.depth === 2).map((s) => s.edge.path)).toEqual(['src/server.ts'])
  })

  it('walks back to the imports of a symbol that name it among other names (`from lib import a, b`)', () => {
    const importers = graph.dependencies({ from: 'area', reverse: true, kinds: ['imports'] }).map((s) => s.edge.path)
    expect(importers.sort()).toEqual(['lib/both.py', 'lib/one.py'])
    expect(graph.dependencies({ from: 'perimeter', reverse: true, kinds: ['imports'] }).map((s) => s.edge.path)).toEqual(['lib/both.py'])
  })

  it("walks back through the barrels re-exporting a symbol to the imports naming it (a Rust module's `pub use`, an index.ts)", async () => {
    const barrels = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "app"\n',
        'src/main.rs': 'mod db;\nuse crate::db::Repo;\nuse crate::db::Pool;\nfn main() {}\n',
        'src/db/mod.rs': 'mod models;\nmod pool;\npub use self::models::Repo;\npub use pool::*;\n',
        'src/db/models.rs': 'pub struct Repo;\n',
        'src/db/pool.rs': 'pub struct Pool;\npub struct Other;\n',
        'web/lib/shapes.ts': 'export function area() {}\nexport function perimeter() {}\n',
        'web/lib/index.ts': "export { area, perimeter } from './shapes'\n",
        'web/app.ts': "import { area } from './lib'\n",
      }),
    )
    const importers = (from: string): string[] => barrels.dependencies({ from, reverse: true, kinds: ['imports'] }).map((s) => `${s.edge.path}:${s.edge.startLine}`)
    expect(importers('Repo').sort()).toEqual(['src/db/mod.rs:3', 'src/main.rs:2'])
    expect(importers('Pool')).toEqual(['src/main.rs:3'])
    expect(importers('Other')).toEqual([])
    expect(importers('area').sort()).toEqual(['web/app.ts:1', 'web/lib/index.ts:1'])
    expect(importers('perimeter')).toEqual(['web/lib/index.ts:1'])
  })

  it("does not take a Python module that imports another module's importer for an importer of what that module imports; a package's __init__.py is a barrel", async () => {
    const python = new LayerGraph(
      await layersOfText({
        'pkg/__init__.py': 'from pkg.a import f\n',
        'pkg/a.py': 'def f():\n    return 1\n',
        'pkg/b.py': 'from pkg.a import f\n\ndef g():\n    return f()\n',
        'c.py': 'import pkg.b\n\nprint(pkg.b.g())\n',
        'd.py': 'import pkg\n\nprint(pkg.f())\n',
      }),
    )
    const importers = python.dependencies({ from: 'pkg/a.py', reverse: true, kinds: ['imports'] }).map((s) => s.edge.path)
    expect(importers.sort()).toEqual(['d.py', 'pkg/__init__.py', 'pkg/b.py'])
  })

  it('finds the importers of a file', () => {
    const importers = graph.dependencies({ from: 'src/args.ts', reverse: true, kinds: ['imports'] })
    expect(importers.map((s) => s.edge.path).sort()).toEqual(['src/config.ts', 'test/args.test.ts'])
  })

  it("starts from a directory's files: directly in it, else below it; a trailing slash always means the directory", () => {
    const imports = (from: string): string[] => graph.dependencies({ from, kinds: ['imports'] }).map((s) => `${s.edge.path} ${s.edge.target}`)
    expect(imports('test')).toEqual(["test/args.test.ts ../src/args", 'test/args.test.ts vitest'])
    expect(imports('test/')).toEqual(imports('test'))
    const importers = graph.dependencies({ from: 'src/', reverse: true, kinds: ['imports'] }).map((s) => `${s.edge.path} ${s.edge.target}`)
    expect(importers.sort()).toEqual(['src/config.ts ./args', 'src/server.ts ./config', 'test/args.test.ts ../src/args'])
  })

  it("finds the importers and callers of a Go package's directory (rag deps middleware --reverse)", async () => {
    const go = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/shop\n\ngo 1.22\n',
        'middleware/logger.go': 'package middleware\n\nfunc Logger() {}\n',
        'middleware/recover.go': 'package middleware\n\nfunc Recoverer() {}\n',
        'middleware/internal/pool.go': 'package internal\n\nfunc Get() {}\n',
        'cmd/shop/main.go': 'package main\n\nimport "example.com/shop/middleware"\n\nfunc main() {\n\tmiddleware.Logger()\n\tmiddleware.Recoverer()\n}\n',
        'cmd/tool/main.go': 'package main\n\nimport "example.com/shop/middleware/internal"\n\nfunc main() {}\n',
      }),
    )
    const steps = go.dependencies({ from: 'middleware', reverse: true }).map((s) => `${s.edge.kind} ${s.edge.sourceQname} ${s.edge.target}`)
    expect(steps.sort()).toEqual(['calls main Logger', 'calls main Recoverer', 'imports  example.com/shop/middleware'])
    // No indexed file directly in `cmd`: the files below it.
    expect(go.dependencies({ from: 'cmd', kinds: ['imports'] }).map((s) => `${s.edge.path} ${s.edge.targetPath}`)).toEqual(['cmd/shop/main.go middleware/', 'cmd/tool/main.go middleware/internal/'])
    // `recursive`: the package and every one below it (hono's `rag deps src/router --reverse` for its routers' importers too).
    const importersOf = (recursive: boolean): string[] => go.dependencies({ from: 'middleware', reverse: true, recursive }).map((s) => `${s.edge.kind} ${s.edge.sourceQname} ${s.edge.target}`).sort()
    expect(importersOf(true)).toEqual([...importersOf(false), 'imports  example.com/shop/middleware/internal'].sort())
    const pool = new LayerGraph(
      await layersOfText({
        'pkg/top.ts': 'export const top = 1\n',
        'pkg/sub/deep.ts': 'export const deep = 2\n',
        'app.ts': "import { top } from './pkg/top'\nimport { deep } from './pkg/sub/deep'\nexport const all = [top, deep]\n",
      }),
    )
    const importers = (recursive: boolean): string[] => pool.dependencies({ from: 'pkg', reverse: true, kinds: ['imports'], recursive }).map((s) => `${s.edge.path}:${s.edge.startLine} ${s.edge.targetPath}`)
    expect(importers(false)).toEqual(['app.ts:1 pkg/top.ts'])
    expect(importers(true).sort()).toEqual(['app.ts:1 pkg/top.ts', 'app.ts:2 pkg/sub/deep.ts'])
    expect(() => go.dependencies({ from: 'handlers/' })).toThrow(/"handlers\/" is not an indexed file or directory, nor a known symbol/)
  })

  it("lists a C# file's importers by the namespaces it declares, not by its folder's other namespaces (eShopOnWeb)", async () => {
    const cs = new LayerGraph(
      await layersOfText({
        'Lib/A.cs': 'namespace N1;\npublic class A { }\n',
        'Lib/B.cs': 'namespace N2\n{\n    public class B { }\n}\n',
        'App/C.cs': 'using N2;\nnamespace App;\npublic class C { public B Value { get; set; } }\n',
      }),
    )
    const importers = (file: string): string[] => cs.dependencies({ from: file, reverse: true, kinds: ['imports'] }).map((s) => `${s.edge.path}:${s.edge.startLine} ${s.edge.target} -> ${s.edge.targetPath}`)
    expect(importers('Lib/B.cs')).toEqual(['App/C.cs:1 N2 -> Lib/'])
    expect(importers('Lib/A.cs')).toEqual([])
  })

  it('lists, among the importers of a file, the imports that reach it through a barrel re-exporting it (hono: `src/hono.ts` of `reg-exp-router/router.ts`)', async () => {
    const barrels = new LayerGraph(
      await layersOfText({
        'lib/router.ts': 'export class Router {\n  match() {\n    return 1\n  }\n}\n',
        'lib/util.ts': 'export const helper = 1\n',
        'lib/index.ts': "export { Router } from './router'\nexport { helper } from './util'\n",
        'pkg/index.ts': "export * from '../lib'\n",
        'app.ts': "import { Router } from './lib'\nexport const r = new Router()\n",
        'deep.ts': "import { Router as R } from './pkg'\nexport const d = new R()\n",
        'other.ts': "import { helper } from './lib'\nexport const h = helper\n",
      }),
    )
    const importers = barrels.dependencies({ from: 'lib/router.ts', reverse: true, kinds: ['imports'] }).map((s) => `${s.depth} ${s.edge.path}:${s.edge.startLine} -> ${s.edge.targetPath}`)
    // `other.ts` imports only `helper` from the barrel: no importer of the router.
    expect(importers.sort()).toEqual(['1 app.ts:1 -> lib/index.ts', '1 deep.ts:1 -> pkg/index.ts', '1 lib/index.ts:1 -> lib/router.ts', '1 pkg/index.ts:1 -> lib/index.ts'])
  })

  it('says NOT_FOUND for an unknown file or symbol, and rejects a bad depth', () => {
    expect(() => graph.dependencies({ from: 'nope' })).toThrow(RagError)
    expect(() => graph.dependencies({ from: 'nope' })).toThrow(/not an indexed file or directory, nor a known symbol/)
    expect(() => graph.dependencies({ from: 'src/args.ts', depth: 0 })).toThrow(InvalidArgumentError)
  })
})

describe('LayerGraph.entrypoints', () => {
  it("finds the net/http subtree patterns serving a path after the routes matching it (`/static/` serves `/static/app.css`, `/` any path)", async () => {
    const mux = new LayerGraph(
      await layersOfText({
        'main.go': [
          'package main',
          '',
          'import "net/http"',
          '',
          'func main() {',
          '\thttp.Handle("/static/", http.StripPrefix("/static/", http.FileServer(http.Dir("static"))))',
          '\thttp.HandleFunc("/static/app.css", css)',
          '\thttp.HandleFunc("/", home)',
          '\thttp.HandleFunc("/about", about)',
          '}',
          '',
        ].join('\n'),
      }),
    )
    const served = (route: string): string[] => mux.entrypoints({ route, kind: 'http-route' }).map((e) => e.route)
    expect(served('/static/app.css')).toEqual(['/static/app.css', '/static/', '/'])
    expect(served('/static/js/app.js')).toEqual(['/static/', '/'])
    expect(served('/about')).toEqual(['/about', '/'])
    expect(served('/static/*')).toEqual(['/static/', '/static/app.css'])
  })

  it('lists routes and commands, filtered by method, route glob and kind', () => {
    expect(graph.entrypoints().map((e) => e.title)).toEqual(['command parse-config', 'GET /orders/:id', 'POST /orders'])
    expect(graph.entrypoints({ method: 'get' }).map((e) => e.route)).toEqual(['/orders/:id'])
    expect(graph.entrypoints({ route: '/orders/*' }).map((e) => e.route)).toEqual(['/orders/:id'])
    expect(graph.entrypoints({ kind: 'cli-command' }).map((e) => e.handler)).toEqual(['parse_config'])
  })

  it('puts the route that is the path asked for first, then the templates serving it, fewer parameters first', async () => {
    const routes = new LayerGraph(
      await layersOfText({
        'app/a_views.py': "from flask import Flask\napp = Flask(__name__)\n\n@app.get('/<section>/<slug>')\ndef any_page(section, slug):\n    pass\n\n@app.get('/articles/<slug>')\ndef article(slug):\n    pass\n",
        'app/b_views.py': "from flask import Flask\napp = Flask(__name__)\n\n@app.get('/articles/feed')\ndef feed():\n    pass\n",
      }),
    )
    expect(routes.entrypoints({ route: '/articles/feed' }).map((e) => e.route)).toEqual(['/articles/feed', '/articles/<slug>', '/<section>/<slug>'])
    expect(routes.entrypoints({ route: '/articles/how-to' }).map((e) => e.route)).toEqual(['/articles/<slug>', '/<section>/<slug>'])
    // A glob keeps path and line order.
    expect(routes.entrypoints({ route: '/*/*' }).map((e) => e.route)).toEqual(['/<section>/<slug>', '/articles/<slug>', '/articles/feed'])
  })
})
