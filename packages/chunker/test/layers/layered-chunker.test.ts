import { isLayeredChunker } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { CHUNKER_VERSION, createLayeredChunker, createNormalizedDocumentChunker, LAYERS_VERSION } from '../../src/index.js'
import { readFixture, fixtureNames, repositoryCorpus } from '../../src/testing/corpus.js'

describe('createLayeredChunker', () => {
  it('gives exactly the normalized chunker\'s chunks, with and without layers', async () => {
    const options = { maxChars: 900, minChars: 100 }
    const layered = createLayeredChunker(options)
    const plain = createNormalizedDocumentChunker(options)
    const files = [
      ...fixtureNames().map((name) => ({ path: name, content: readFixture(name) })),
      ...repositoryCorpus().filter((_, i) => i % 7 === 0),
    ]
    expect(files.length).toBeGreaterThan(50)
    for (const file of files) {
      const source = { path: file.path, content: file.content, format: 'auto' }
      const expected = await plain.chunk(source)
      expect((await layered.chunkWithLayers(source)).chunks, file.path).toEqual(expected)
      expect(await layered.chunk(source), file.path).toEqual(expected)
    }
  })

  it('names the layer extraction in its id, so fingerprints change with it', () => {
    const layered = createLayeredChunker()
    expect(layered.id).toBe(`${createNormalizedDocumentChunker().id}+layers@${LAYERS_VERSION}`)
    expect(layered.id).toContain(`normalized@${CHUNKER_VERSION}`)
    expect(isLayeredChunker(layered)).toBe(true)
    expect(isLayeredChunker(createNormalizedDocumentChunker())).toBe(false)
  })

  it('gives every file its layers: empty for prose, a manifest for project files', async () => {
    const chunker = createLayeredChunker()
    const readme = await chunker.chunkWithLayers({ path: 'docs/guide.md', content: '# Guide\n\nText.\n', format: 'markdown' })
    expect(readme.layers).toEqual({ path: 'docs/guide.md', language: 'markdown', module: '', isTest: false, symbols: [], edges: [], entrypoints: [] })
    const pkg = await chunker.chunkWithLayers({ path: 'package.json', content: '{"name":"@x/y","main":"./dist/index.js"}', format: 'json' })
    expect(pkg.layers.manifest).toEqual({ kind: 'package-json', name: '@x/y', entries: { '.': ['./dist/index.js'] } })
    const huge = await createLayeredChunker({ maxParseChars: 100 }).chunkWithLayers({ path: 'big.ts', content: 'export const a = 1\n'.repeat(20), format: 'code' })
    expect(huge.chunks[0]?.metadata['fallback']).toBe('too-large')
    expect(huge.layers.symbols).toEqual([])
  })

  it("gives a JVM module's application.properties its route prefixes as global mounts edges", async () => {
    const chunker = createLayeredChunker()
    const path = 'api/src/main/resources/application.properties'
    const { layers } = await chunker.chunkWithLayers({ path, content: '# web\nserver.servlet.context-path=/api\n', format: 'auto' })
    expect(layers.edges).toEqual([
      { layer: 'C2_DEPENDENCY_GRAPH', id: `${path}>mounts:*`, path, language: 'text', startLine: 2, endLine: 2, isTest: false, sourceSymbolId: '', sourceQname: '', kind: 'mounts', target: '*', title: 'mounts *', prefix: '/api', router: 'server.servlet.context-path', framework: '*' },
    ])
  })

  it('marks test files and test symbols', async () => {
    const chunker = createLayeredChunker()
    const byImport = await chunker.chunkWithLayers({ path: 'src/util.ts', content: "import { it } from 'vitest'\nexport function f() {}\n", format: 'code' })
    expect(byImport.layers.isTest).toBe(true)
    const byCall = await chunker.chunkWithLayers({ path: 'spec_helpers.js', content: "describe('x', () => { it('works', () => {}) })\n", format: 'code' })
    expect(byCall.layers.isTest).toBe(true)
    const rust = await chunker.chunkWithLayers({
      path: 'src/lib.rs',
      content: 'pub fn add(a: i32) -> i32 { a }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() { super::add(1); }\n}\n',
      format: 'code',
    })
    expect(rust.layers.isTest).toBe(false)
    expect(rust.layers.symbols.map((s) => `${s.qname}:${s.isTest}`)).toEqual(['add:false', 'tests:true', 'tests.adds:true'])
  })

  it("defines functions assigned to a prototype or to the file's object as their methods (express's View.prototype.lookup, app.init), through a path of objects too (undici's webidl.errors.exception)", async () => {
    const content = [
      "var path = require('path')",
      'module.exports = View',
      'function View (name) { this.name = name }',
      'View.prototype.lookup = function lookup (name) {',
      '  return resolve(name)',
      '}',
      'var app = exports = module.exports = {}',
      'app.init = function init () { this.defaultConfiguration() }',
      'app.locals = {}',
      'exports.etag = createETag()',
      'Object.assign = function () {}',
      'function resolve (n) { return n }',
      // undici's webidl: functions assigned to a path of objects.
      'const webidl = {}',
      'webidl.errors = {}',
      'webidl.errors.exception = function (message) { return resolve(message) }',
      'webidl.converters.Blob.prototype.check = (v) => v',
      'this.cache.clear = function () {}',
      'module.exports.helpers.run = function () {}',
    ].join('\n')
    const { layers } = await createLayeredChunker().chunkWithLayers({ path: 'lib/view.js', content, format: 'code' })
    expect(layers.symbols.map((s) => `${s.kind} ${s.qname} ${s.startLine} ${s.parentId}`)).toEqual([
      'variable path 1 ',
      'function View 3 ',
      'method View.lookup 4 lib/view.js#View',
      'variable app 7 ',
      'method app.init 8 lib/view.js#app',
      // A CommonJS export is not a method of `exports`: an exported variable (see below).
      'variable etag 10 ',
      'function resolve 12 ',
      'constant webidl 13 ',
      // (No symbol is the object `webidl.errors`: the method has no parent; `this.` and `module.exports.` paths define nothing.)
      'method webidl.errors.exception 15 ',
      'method webidl.converters.Blob.check 16 ',
    ])
    const calls = layers.edges.filter((e) => e.kind === 'calls').map((e) => `${e.sourceQname} calls ${e.target}`)
    expect(calls).toEqual(expect.arrayContaining(['View.lookup calls resolve', 'app.init calls defaultConfiguration']))
  })

  it("types calls on a module's own variables at the top level (`const app = express()`, Python's `app = Flask(__name__)`), not only inside functions", async () => {
    const chunker = createLayeredChunker()
    const typed = async (path: string, content: string): Promise<string[]> =>
      (await chunker.chunkWithLayers({ path, content, format: 'code' })).layers.edges.filter((e) => e.kind === 'calls' && e.receiver).map((e) => `${e.receiver}.${e.target}: ${e.receiverType}`)
    expect(await typed('app.ts', "import Koa from 'koa'\nimport express from 'express'\nconst app = new Koa()\napp.use(logger)\nconst web = express()\nweb.listen(3000)\n")).toEqual(['app.use: Koa', 'web.listen: express()'])
    expect(await typed('app.py', "from flask import Flask\n\napp = Flask(__name__)\napp.config.from_object('settings')\napp.run()\n")).toEqual(["app.config.from_object: Flask['config']", 'app.run: Flask'])
  })

  it("defines CommonJS exports of functions, classes and values (undici's index.js exports fetch so, express's utils etag), not re-exported values", async () => {
    const chunker = createLayeredChunker()
    const content = [
      "const fetchImpl = require('./lib/fetch').fetch",
      'module.exports.fetch = async function fetch (init, options = undefined) {',
      '  return await fetchImpl(init, options)',
      '}',
      "module.exports.Headers = require('./lib/headers').Headers",
      'exports.parse = (text) => JSON.parse(text)',
      'exports.Store = class {',
      '  get (key) { return key }',
      '}',
      'function local () {}',
      'if (process.env.DEBUG) { exports.debug = function debug () {} }',
      'function shared () {}',
      'exports.shared = shared',
      "var etag = require('etag')",
      'exports.etag = createETagGenerator({ weak: false })',
      "exports.methods = ['get', 'post']",
      'exports.alias = other.parse',
    ].join('\n')
    const { layers } = await chunker.chunkWithLayers({ path: 'index.js', content, format: 'code' })
    expect(layers.symbols.map((s) => [s.qname, s.kind, s.startLine, s.exported ?? null, s.signature])).toEqual([
      ['fetchImpl', 'constant', 1, false, "const fetchImpl = require('./lib/fetch').fetch"],
      ['fetch', 'function', 2, true, 'module.exports.fetch = async function fetch (init, options = undefined)'],
      ['parse', 'function', 6, true, 'exports.parse = (text)'],
      ['Store', 'class', 7, true, 'exports.Store = class {'],
      ['Store.get', 'method', 8, true, 'get (key)'],
      ['local', 'function', 10, false, 'function local ()'],
      ['shared', 'function', 12, true, 'function shared ()'],
      ['etag', 'variable', 14, false, "var etag = require('etag')"],
      // express's lib/utils.js: a value the module makes is exported; another name's is not defined here.
      ['etag', 'variable', 15, true, 'exports.etag = createETagGenerator({ weak: false })'],
      ['methods', 'variable', 16, true, "exports.methods = ['get', 'post']"],
    ])
    const listed = await chunker.chunkWithLayers({ path: 'util.js', content: 'function parse () {}\nfunction runAll () {}\nfunction hidden () {}\nmodule.exports = {\n  parse,\n  run: runAll\n}\n', format: 'code' })
    expect(listed.layers.symbols.map((s) => [s.qname, s.exported ?? null])).toEqual([
      ['parse', true],
      ['runAll', true],
      ['hidden', false],
    ])
  })

  it("defines the class or function a CommonJS module is (`module.exports = class DecoratorHandler extends Base {}`, undici's handlers), with its heritage", async () => {
    const chunker = createLayeredChunker()
    const extracted = async (path: string, content: string) => (await chunker.chunkWithLayers({ path, content, format: 'code' })).layers
    const handler = await extracted('handler.js', "const Base = require('./base')\nmodule.exports = class DecoratorHandler extends Base {\n  onError (err) { return super.onError(err) }\n}\n")
    expect(handler.symbols.map((s) => [s.qname, s.kind, s.startLine, s.exported ?? null])).toEqual([
      ['Base', 'constant', 1, false],
      ['DecoratorHandler', 'class', 2, true],
      ['DecoratorHandler.onError', 'method', 3, true],
    ])
    expect(handler.edges.filter((e) => e.kind === 'extends').map((e) => [e.sourceSymbolId, e.target])).toEqual([['handler.js#DecoratorHandler', 'Base']])
    const parse = await extracted('parse.js', 'module.exports = function parse (text) {\n  return JSON.parse(text)\n}\n')
    expect(parse.symbols.map((s) => [s.qname, s.kind, s.exported ?? null, s.signature])).toEqual([['parse', 'function', true, 'module.exports = function parse (text)']])
    // The module is a name defined above it; an anonymous value defines nothing.
    const pool = await extracted('pool.js', 'class Pool {}\nclass Hidden {}\nmodule.exports = Pool\n')
    expect(pool.symbols.map((s) => [s.qname, s.exported ?? null])).toEqual([
      ['Pool', true],
      ['Hidden', false],
    ])
    expect((await extracted('anon.js', 'module.exports = () => 1\n')).symbols).toEqual([])
    // A class value assigned to a constant keeps its heritage too.
    const local = await extracted('local.js', 'const Cache = class extends Map {}\n')
    expect(local.edges.filter((e) => e.kind === 'extends').map((e) => [e.sourceSymbolId, e.target])).toEqual([['local.js#Cache', 'Map']])
  })

  it('gives a TypeScript type alias the types it is an intersection of, or the class it renames, as its heritage', async () => {
    const chunker = createLayeredChunker()
    const { layers: aliases } = await chunker.chunkWithLayers({
      path: 'aliases.ts',
      format: 'code',
      content: 
      [
        'export type PersistentStore = KnowledgeBase & GenerationStore',
        'export type UnderTest = Stream & Partial<Replaceable> & { close(): void } & Pick<Other, "a">',
        'type Renamed = models.Database',
        'type Either = Left | Right',
        'type Handler = (a: A) => B',
        'type Rows = Repository<Row>',
      ].join('\n'),
    })
    expect(aliases.edges.filter((e) => e.kind === 'extends').map((e) => [e.sourceSymbolId, e.target])).toEqual([
      ['aliases.ts#PersistentStore', 'KnowledgeBase'],
      ['aliases.ts#PersistentStore', 'GenerationStore'],
      ['aliases.ts#UnderTest', 'Stream'],
      ['aliases.ts#UnderTest', 'Replaceable'],
      ['aliases.ts#Renamed', 'Database'],
    ])
  })

  it('rejects a file whose fields are not strings, like the chunker it extends', async () => {
    await expect(createLayeredChunker().chunkWithLayers({ path: 'a.ts', content: 42 as unknown as string, format: 'code' })).rejects.toThrow(/content must be a string/)
  })
})
