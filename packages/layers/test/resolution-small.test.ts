import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

async function importsOf(files: Record<string, string>): Promise<string[]> {
  const graph = new LayerGraph(await layersOfText(files))
  return Object.keys(files).flatMap((path) =>
    graph
      .edgesOf(path)
      .filter((edge: EdgeRecord) => edge.kind === 'imports')
      .map((edge) => `${path}: ${edge.target} -> ${edge.resolution}${edge.targetPath ? ` ${edge.targetPath}` : ''}`),
  )
}

/** Every call of a file as `receiver.target -> resolution symbol id`. */
function callsOf(graph: LayerGraph, path: string): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls')
    .map((edge) => `${edge.receiver ?? ''}.${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)
}

describe('import resolution of smaller projects', () => {
  it("resolves a Python project's package from its tests when the project is a subdirectory (flask's examples), and re-resolves when the project file comes", async () => {
    const files = {
      'examples/tutorial/pyproject.toml': '[project]\nname = "flaskr"\n',
      'examples/tutorial/flaskr/__init__.py': 'def create_app():\n    pass\n',
      'examples/tutorial/flaskr/db.py': 'def get_db():\n    pass\n',
      'examples/tutorial/tests/conftest.py': 'from flaskr import create_app\nfrom flaskr.db import get_db\nimport pytest\n',
      'examples/celery/setup.cfg': '[metadata]\nname = task_app\n',
      'examples/celery/src/task_app/__init__.py': 'def create_app():\n    pass\n',
      'examples/celery/make_celery.py': 'from task_app import create_app\n',
    }
    expect(await importsOf(files)).toEqual([
      'examples/tutorial/tests/conftest.py: flaskr -> resolved examples/tutorial/flaskr/__init__.py',
      'examples/tutorial/tests/conftest.py: flaskr.db -> resolved examples/tutorial/flaskr/db.py',
      'examples/tutorial/tests/conftest.py: pytest -> external',
      'examples/celery/make_celery.py: task_app -> resolved examples/celery/src/task_app/__init__.py',
    ])
    const { 'examples/tutorial/pyproject.toml': _project, ...without } = files
    const graph = new LayerGraph(await layersOfText(without))
    expect(graph.edgesOf('examples/tutorial/tests/conftest.py').map((e) => `${e.target} -> ${e.resolution}`)).toEqual(['flaskr -> external', 'flaskr.db -> external', 'pytest -> external'])
    graph.apply({ upsert: await layersOfText({ 'examples/tutorial/pyproject.toml': files['examples/tutorial/pyproject.toml'] }) })
    expect(graph.edgesOf('examples/tutorial/tests/conftest.py').map((e) => `${e.target} -> ${e.resolution}`)).toEqual(['flaskr -> resolved', 'flaskr.db -> resolved', 'pytest -> external'])
  })

  it("resolves JavaScript through a Vite config's resolve.alias and a nested app's webpack aliases, nearest config first, and follows a config's change", async () => {
    const files = {
      'vite.config.js': "import { fileURLToPath, URL } from 'node:url'\nimport vue from '@vitejs/plugin-vue'\n\nexport default defineConfig({\n  plugins: [vue()],\n  resolve: {\n    alias: {\n      '@': fileURLToPath(new URL('./src', import.meta.url)),\n      vue$: 'vue/dist/vue.esm.js',\n    },\n  },\n})\n",
      'src/utils/format.js': 'export function format() {}\n',
      'src/stores/index.js': 'export const store = {}\n',
      'src/components/Nav.vue': '<template><nav /></template>\n',
      'src/main.js': "import { format } from '@/utils/format'\nimport { store } from '@/stores'\nimport { useDark } from '@vueuse/core'\nimport Vue from 'vue'\nimport Nav from '@/components/Nav'\n",
      'admin/webpack.config.js': "const path = require('path')\n\nmodule.exports = {\n  resolve: {\n    alias: {\n      Utilities: path.resolve(__dirname, 'src/utilities/'),\n      '@shared': path.resolve(__dirname, '../src/utils'),\n    },\n  },\n}\n",
      'admin/src/utilities/dates.js': 'export function day() {}\n',
      'admin/src/app.js': "import { day } from 'Utilities/dates'\nimport { format } from '@shared/format'\nimport { store } from '@/stores'\n",
    }
    expect(await importsOf(files)).toEqual([
      'vite.config.js: node:url -> external',
      'vite.config.js: @vitejs/plugin-vue -> external',
      'src/main.js: @/utils/format -> resolved src/utils/format.js',
      'src/main.js: @/stores -> resolved src/stores/index.js',
      'src/main.js: @vueuse/core -> external',
      'src/main.js: vue -> external',
      'src/main.js: @/components/Nav -> resolved src/components/Nav.vue',
      'admin/webpack.config.js: path -> external',
      'admin/src/app.js: Utilities/dates -> resolved admin/src/utilities/dates.js',
      'admin/src/app.js: @shared/format -> resolved src/utils/format.js',
      // The nearest config (admin's) has no `@`: a package of that name, then.
      'admin/src/app.js: @/stores -> external',
    ])
    // A changed alias re-resolves the files it steers.
    const graph = new LayerGraph(await layersOfText(files))
    const [moved] = await layersOfText({ 'vite.config.js': files['vite.config.js'].replace("'./src'", "'./lib'") })
    graph.apply({ upsert: [moved!] })
    expect(graph.edgesOf('src/main.js').filter((e) => e.kind === 'imports').map((e) => `${e.target} -> ${e.resolution}`)).toEqual([
      '@/utils/format -> unresolved',
      '@/stores -> unresolved',
      '@vueuse/core -> external',
      'vue -> external',
      '@/components/Nav -> unresolved',
    ])
  })

  it("resolves the aliases Vue CLI and Nuxt define without a config, by the nearest package.json's dependencies", async () => {
    const imports = await importsOf({
      'web/package.json': '{ "name": "web", "devDependencies": { "@vue/cli-service": "^5.0.8" } }',
      'web/src/api/user.js': 'export function login() {}\n',
      'web/src/views/Login.vue': '<template><form /></template>\n',
      'web/src/main.js': "import { login } from '@/api/user'\nimport Login from '@/views/Login'\nimport { ref } from '@vue/reactivity'\n",
      'site/package.json': '{ "private": true, "dependencies": { "nuxt": "^3.13.0" } }',
      'site/utils/slug.ts': 'export const slug = (s: string) => s\n',
      'site/components/Card.vue': '<template><div /></template>\n',
      'site/pages/index.ts': "import { slug } from '~/utils/slug'\nimport Card from '@/components/Card.vue'\nimport { slug as s2 } from '~~/utils/slug'\n",
      'next/package.json': '{ "dependencies": { "nuxt": "^4.0.0" } }',
      'next/app/utils/slug.ts': 'export const slug = (s: string) => s\n',
      'next/app/pages/index.ts': "import { slug } from '~/utils/slug'\n",
      'plain/package.json': '{ "name": "plain" }',
      'plain/main.js': "import x from '@/x'\n",
    })
    expect(imports).toEqual([
      'web/src/main.js: @/api/user -> resolved web/src/api/user.js',
      'web/src/main.js: @/views/Login -> resolved web/src/views/Login.vue',
      'web/src/main.js: @vue/reactivity -> external',
      'site/pages/index.ts: ~/utils/slug -> resolved site/utils/slug.ts',
      'site/pages/index.ts: @/components/Card.vue -> resolved site/components/Card.vue',
      'site/pages/index.ts: ~~/utils/slug -> resolved site/utils/slug.ts',
      'next/app/pages/index.ts: ~/utils/slug -> resolved next/app/utils/slug.ts',
      // No toolchain alias: a package of that name, then.
      'plain/main.js: @/x -> external',
    ])
  })

  it('resolves tsconfig paths in a base config of any name, one a workspace package holds, ${configDir}, and through a solution-style config\'s references (Vite)', async () => {
    const imports = await importsOf({
      // A base config named by what it is for (Turborepo's `nextjs.json`), extended by path.
      'a/tsconfig.json': '{ "extends": "./config/base.json" }',
      'a/config/base.json': '{ "compilerOptions": { "baseUrl": "..", "paths": { "@/*": ["src/*"] } } }',
      'a/src/lib/u.ts': 'export const u = 1\n',
      'a/src/main.ts': "import { u } from '@/lib/u'\n",
      // A config of a workspace package (`@acme/tsconfig/base.json`), its `${configDir}` the extending config's.
      'packages/tsconfig/package.json': '{ "name": "@acme/tsconfig" }',
      'packages/tsconfig/base.json': '{ "compilerOptions": { "paths": { "~/*": ["${configDir}/src/*"] } } }',
      'apps/web/tsconfig.json': '{ "extends": "@acme/tsconfig/base.json" }',
      'apps/web/src/env.ts': 'export const env = {}\n',
      'apps/web/src/page.ts': "import { env } from '~/env'\n",
      // Vite's template: the root config only references the app's.
      'vite/tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }, { "path": "./tsconfig.node.json" }] }',
      'vite/tsconfig.app.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./src/*"] } }, "include": ["src"] }',
      'vite/tsconfig.node.json': '{ "compilerOptions": { "composite": true }, "include": ["vite.config.ts"] }',
      'vite/src/lib/utils.ts': 'export const cn = () => 1\n',
      'vite/src/App.tsx': "import { cn } from '@/lib/utils'\n",
      // SvelteKit's `$lib`, which the kit defines without a config.
      'kit/package.json': '{ "name": "kit", "devDependencies": { "@sveltejs/kit": "^2.0.0" } }',
      'kit/src/lib/api.ts': 'export const api = 1\n',
      'kit/src/routes/+page.server.ts': "import { api } from '$lib/api'\n",
    })
    expect(imports).toEqual([
      'a/src/main.ts: @/lib/u -> resolved a/src/lib/u.ts',
      'apps/web/src/page.ts: ~/env -> resolved apps/web/src/env.ts',
      'vite/src/App.tsx: @/lib/utils -> resolved vite/src/lib/utils.ts',
      'kit/src/routes/+page.server.ts: $lib/api -> resolved kit/src/lib/api.ts',
    ])
  })

  it("resolves Node's subpath imports (#utils/*) through the nearest package.json's imports, conditions and .js specifiers included; one mapped to a package is external", async () => {
    const imports = await importsOf({
      'package.json': JSON.stringify({ name: 'app', imports: { '#utils/*': './src/utils/*.js', '#config': { types: './src/config.ts', default: './dist/config.js' }, '#db': 'pg' } }),
      'src/utils/date.ts': 'export const today = () => new Date()\n',
      'src/config.ts': 'export const port = 3000\n',
      'src/server.ts': "import { today } from '#utils/date'\nimport { port } from '#config'\nimport db from '#db'\nimport { nope } from '#missing'\n",
    })
    expect(imports).toEqual([
      'src/server.ts: #utils/date -> resolved src/utils/date.ts',
      'src/server.ts: #config -> resolved src/config.ts',
      'src/server.ts: #db -> external',
      'src/server.ts: #missing -> external',
    ])
  })

  it('resolves TypeScript through tsconfig paths and baseUrl (via extends), index files, .js specifiers, and a workspace package by name', async () => {
    const imports = await importsOf({
      'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"] } } }',
      'tsconfig.json': '{ // the project\n "extends": "./tsconfig.base.json", "compilerOptions": { "strict": true, }, }',
      'packages/util/package.json': '{ "name": "@acme/util", "exports": { ".": { "types": "./dist/index.d.ts", "import": "./dist/index.js" }, "./strings": "./dist/strings.js" } }',
      'packages/util/src/index.ts': 'export const pad = (s: string) => s\n',
      'packages/util/src/strings.ts': 'export function upper(s: string) { return s.toUpperCase() }\n',
      'src/lib/index.ts': 'export function helper() {}\n',
      'src/lib/format.ts': 'export function format() {}\n',
      'src/main.ts': [
        "import { helper } from './lib'",
        "import { format } from './lib/format.js'",
        "import { format as f2 } from '@app/lib/format'",
        "import { helper as h2 } from 'src/lib'",
        "import { pad } from '@acme/util'",
        "import { upper } from '@acme/util/strings'",
        "import express from 'express'",
        "import { readFile } from 'node:fs/promises'",
        "import './missing.js'",
        "const lazy = () => import('./lib/format')",
        "const cjs = require('./lib')",
      ].join('\n'),
    })
    expect(imports).toEqual([
      'src/main.ts: ./lib -> resolved src/lib/index.ts',
      'src/main.ts: ./lib/format.js -> resolved src/lib/format.ts',
      'src/main.ts: @app/lib/format -> resolved src/lib/format.ts',
      'src/main.ts: src/lib -> resolved src/lib/index.ts',
      'src/main.ts: @acme/util -> resolved packages/util/src/index.ts',
      'src/main.ts: @acme/util/strings -> resolved packages/util/src/strings.ts',
      'src/main.ts: express -> external',
      'src/main.ts: node:fs/promises -> external',
      'src/main.ts: ./missing.js -> unresolved',
      'src/main.ts: ./lib/format -> resolved src/lib/format.ts',
      'src/main.ts: ./lib -> resolved src/lib/index.ts',
    ])
  })

  it("resolves a directory the way Node does: its package.json's entry, else its index file, the root included (undici's tests: require('../..')); a JavaScript importer gets the runtime file, a declaration its types", async () => {
    const imports = await importsOf({
      'package.json': '{ "name": "undici", "types": "index.d.ts", "main": "index.js" }',
      'index.js': 'module.exports = {}\n',
      'index.d.ts': 'export declare const fetch: unknown\n',
      'types/agent.d.ts': "import { fetch } from '..'\n",
      'index-fetch.js': 'module.exports = {}\n',
      'lib/web/fetch/index.js': 'module.exports = {}\n',
      'packages/client/package.json': '{ "name": "client", "main": "./lib/client.js" }',
      'packages/client/lib/client.js': 'module.exports = {}\n',
      'packages/client/index.js': 'module.exports = {}\n',
      'test/node-test/agent.js': [
        "const undici = require('../..')",
        "const { fetch } = require('../../lib/web/fetch')",
        "const client = require('../../packages/client')",
        "const root = require('../../')",
        "const missing = require('../../packages/none')",
      ].join('\n'),
      'test/fetch.js': "const { fetch } = require('..')\n",
    })
    expect(imports).toEqual([
      'types/agent.d.ts: .. -> resolved index.d.ts',
      'test/node-test/agent.js: ../.. -> resolved index.js',
      'test/node-test/agent.js: ../../lib/web/fetch -> resolved lib/web/fetch/index.js',
      'test/node-test/agent.js: ../../packages/client -> resolved packages/client/lib/client.js',
      'test/node-test/agent.js: ../../ -> resolved index.js',
      'test/node-test/agent.js: ../../packages/none -> unresolved',
      'test/fetch.js: .. -> resolved index.js',
    ])
  })

  it("resolves a CommonJS binding (const Pool = require('./pool')) to what it requires, not to the constant the binding itself declares", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'lib/pool.js': 'class Pool {\n  constructor() {}\n}\nmodule.exports = Pool\n',
        'lib/routes/index.js': "const router = require('express').Router()\nmodule.exports = router\n",
        'lib/app.js': [
          "const express = require('express')",
          "const Pool = require('./pool')",
          "const routes = require('./routes')",
          'const app = express()',
          "app.use('/v1', routes)",
          'function start() {',
          '  return new Pool()',
          '}',
          'module.exports = { app, start }',
        ].join('\n'),
      }),
    )
    const edges = graph
      .edgesOf('lib/app.js')
      .filter((edge: EdgeRecord) => edge.kind === 'calls' || edge.kind === 'mounts')
      .map((edge) => `${edge.kind} ${edge.target} -> ${edge.resolution} ${edge.targetPath}${edge.targetSymbolId ? ` ${edge.targetSymbolId}` : ''}`)
    expect(edges).toEqual(expect.arrayContaining(['mounts routes -> resolved lib/routes/index.js', 'calls Pool -> resolved lib/pool.js lib/pool.js#Pool']))
    expect(edges.filter((edge) => edge.includes('-> resolved lib/app.js'))).toEqual([])
  })

  it("resolves CommonJS requires in a declaration list (var a = require('a'), b = require('b')) and a member a declaration requires (const fetchImpl = require('./fetch').fetch)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'lib/fetch.js': 'async function fetch (input) {}\nmodule.exports = { fetch }\n',
        'test/fetch.js': [
          "var assert = require('node:assert')",
          "  , fetchImpl = require('../lib/fetch').fetch",
          '',
          "test('fetches', async () => {",
          "  assert(await fetchImpl('/'))",
          '})',
          '',
        ].join('\n'),
      }),
    )
    const calls = graph.edgesOf('test/fetch.js').filter((edge: EdgeRecord) => edge.kind === 'calls').map((edge) => `${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)
    // (Before, the later declarators were no bindings: the calls led to the file's own constants.)
    expect(calls).toEqual(expect.arrayContaining(['assert -> external ', 'fetchImpl -> resolved lib/fetch.js#fetch']))
  })

  it("resolves a call through a CommonJS module to what it exports, not to a private binding of the same name (express's utils.etag)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'lib/utils.js': "var etag = require('etag')\nexports.etag = createETagGenerator({ weak: false })\nfunction createETagGenerator (options) {\n  return function generateETag (body) { return etag(body, options) }\n}\n",
        'lib/response.js': "var utils = require('./utils')\nfunction send (body) {\n  return utils.etag(body)\n}\n",
      }),
    )
    const calls = (path: string): string[] => graph.edgesOf(path).filter((edge: EdgeRecord) => edge.kind === 'calls').map((edge) => `${edge.sourceQname} calls ${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)
    expect(calls('lib/response.js')).toEqual(['send calls etag -> resolved lib/utils.js#etag~2'])
    // Inside the module, `etag(...)` is still the private binding: the `etag` package.
    expect(calls('lib/utils.js')).toEqual(['etag calls createETagGenerator -> resolved lib/utils.js#createETagGenerator', 'createETagGenerator calls etag -> external '])
  })

  it("resolves a call of a function assigned to a path of objects (undici's webidl.errors.exception), in its file and through the imported object, before a method of the name elsewhere", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'lib/webidl.js': [
          "'use strict'",
          'const webidl = {}',
          'webidl.errors = {}',
          'webidl.errors.exception = function (message) {',
          '  return new TypeError(message)',
          '}',
          'webidl.errors.conversionFailed = function (opts) {',
          '  return webidl.errors.exception(opts.message)',
          '}',
          'module.exports = { webidl }',
          '',
        ].join('\n'),
        'lib/other.js': 'class Other {\n  exception () {}\n}\nmodule.exports = { Other }\n',
        'lib/cache.js': "const { webidl } = require('./webidl')\nfunction add (request) {\n  throw webidl.errors.exception('bad')\n}\nmodule.exports = { add }\n",
      }),
    )
    const calls = (path: string): string[] =>
      graph.edgesOf(path).filter((edge: EdgeRecord) => edge.kind === 'calls' && edge.target === 'exception').map((edge) => `${edge.sourceQname} calls ${edge.receiver}.${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)
    expect(calls('lib/webidl.js')).toEqual(['webidl.errors.conversionFailed calls webidl.errors.exception -> resolved lib/webidl.js#webidl.errors.exception'])
    expect(calls('lib/cache.js')).toEqual(['add calls webidl.errors.exception -> resolved lib/webidl.js#webidl.errors.exception'])
  })

  it("binds Python's top package with `import click.utils` (click's tests call click.echo so), and re-resolves when the package's __init__.py comes", async () => {
    const files = {
      'pyproject.toml': '[project]\nname = "click"\n',
      'src/click/__init__.py': 'from .utils import echo as echo\n',
      'src/click/utils.py': 'def echo(message):\n    pass\n',
      'tests/test_utils.py': 'import click.utils\n\n\ndef test_echo():\n    click.echo("x")\n    click.utils.echo("y")\n',
    }
    const graph = new LayerGraph(await layersOfText(files))
    expect(callsOf(graph, 'tests/test_utils.py')).toEqual(['click.echo -> resolved src/click/utils.py#echo', 'click.utils.echo -> resolved src/click/utils.py#echo'])
    // Without the package's `__init__.py`, `click` binds nothing; adding it re-resolves the importer.
    const { 'src/click/__init__.py': init, ...without } = files
    const later = new LayerGraph(await layersOfText(without))
    expect(callsOf(later, 'tests/test_utils.py')[0]).toBe('click.echo -> unresolved ')
    later.apply({ upsert: await layersOfText({ 'src/click/__init__.py': init }) })
    expect(callsOf(later, 'tests/test_utils.py')[0]).toBe('click.echo -> resolved src/click/utils.py#echo')
  })

  it('follows re-exports five files deep, and barrels that re-export each other once', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/index.ts': "export * from './a'\nexport * from './cycle'\n",
        'src/cycle.ts': "export * from './index'\n",
        'src/a.ts': "export { ArgMatches } from './b'\n",
        'src/b.ts': "export * from './c'\n",
        'src/c.ts': "export { ArgMatches } from './d'\n",
        'src/d.ts': "export * from './matches'\n",
        'src/matches.ts': 'export class ArgMatches {\n  getOne() {}\n}\n',
        'test/app.ts': "import { ArgMatches } from '../src/index'\nexport function run(m: ArgMatches) {\n  m.getOne()\n  new ArgMatches()\n}\n",
      }),
    )
    expect(callsOf(graph, 'test/app.ts')).toEqual(['m.getOne -> resolved src/matches.ts#ArgMatches.getOne', '.ArgMatches -> resolved src/matches.ts#ArgMatches'])
  })

  it('resolves C and C++ includes beside the file and through include directories; system headers are external', async () => {
    const imports = await importsOf({
      'include/mylib/buffer.h': 'typedef struct buffer { int size; } buffer;\n',
      'src/util.h': 'int twice(int x);\n',
      'src/buffer.c': '#include "mylib/buffer.h"\nint size(buffer *b) { return b->size; }\n',
      'src/main.c': '#include <stdio.h>\n#include <mylib/buffer.h>\n#include "util.h"\n#include "config.h"\nint main(void) { return twice(1); }\n',
    })
    expect(imports).toEqual([
      'src/buffer.c: mylib/buffer.h -> resolved include/mylib/buffer.h',
      'src/main.c: <stdio.h> -> external',
      'src/main.c: <mylib/buffer.h> -> resolved include/mylib/buffer.h',
      'src/main.c: util.h -> resolved src/util.h',
      'src/main.c: config.h -> unresolved',
    ])
  })

  it('resolves Ruby require and require_relative; gems are external', async () => {
    const imports = await importsOf({
      'lib/shop.rb': "require 'json'\nrequire 'shop/store'\nmodule Shop; end\n",
      'lib/shop/store.rb': 'module Shop\n  class Store\n  end\nend\n',
      'test/store_test.rb': "require_relative '../lib/shop/store'\nrequire_relative 'helper'\n",
    })
    expect(imports).toEqual([
      'lib/shop.rb: json -> external',
      'lib/shop.rb: shop/store -> resolved lib/shop/store.rb',
      'test/store_test.rb: ../lib/shop/store -> resolved lib/shop/store.rb',
      'test/store_test.rb: ./helper -> unresolved',
    ])
  })

  it("reads Ruby's bang and predicate method names in calls (save!, valid?, Article.find_by_slug!)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/models/article.rb': 'class Article\n  def self.find_by_slug!(slug)\n  end\n\n  def publishable?(user)\n    true\n  end\nend\n',
        'app/controllers/articles_controller.rb': [
          'class ArticlesController',
          '  def show',
          '    article = Article.find_by_slug!(params[:slug])',
          '    article.publishable?(current_user)',
          '  end',
          'end',
        ].join('\n'),
      }),
    )
    const calls = graph
      .edgesOf('app/controllers/articles_controller.rb')
      .filter((edge: EdgeRecord) => edge.kind === 'calls' && /[!?]$/.test(edge.target))
      .map((edge) => `${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)
    expect(calls).toEqual(['find_by_slug! -> resolved app/models/article.rb#Article.find_by_slug!', 'publishable? -> by-name app/models/article.rb#Article.publishable?'])
  })

  it("reads Ruby's calls without parentheses on self and resolves them through the autoloaded base class (a Rails controller)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/controllers/application_controller.rb': 'class ApplicationController < ActionController::Base\n  def current_user\n    @current_user\n  end\n\n  def authenticate_user!\n    head :unauthorized unless current_user\n  end\nend\n',
        'app/controllers/follows_controller.rb': [
          'class FollowsController < ApplicationController',
          '  before_action :authenticate_user!',
          '',
          '  def create(options = {})',
          '    user = find_user options[:id]',
          '    current_user.follow(user)',
          '    [user].each { |followed| notify followed }',
          '    authenticate_user!',
          '  end',
          '',
          '  private',
          '',
          '  def find_user(id)',
          '    User.find(id)',
          '  end',
          'end',
        ].join('\n'),
      }),
    )
    const calls = callsOf(graph, 'app/controllers/follows_controller.rb').filter((call) => !call.includes(' external '))
    expect(calls).toEqual(
      expect.arrayContaining([
        '.find_user -> resolved app/controllers/follows_controller.rb#FollowsController.find_user',
        '.current_user -> resolved app/controllers/application_controller.rb#ApplicationController.current_user',
        '.authenticate_user! -> resolved app/controllers/application_controller.rb#ApplicationController.authenticate_user!',
      ]),
    )
    // Locals, parameters, block parameters, symbols and keywords are no calls.
    for (const name of ['user', 'options', 'followed', 'private']) expect(calls.some((call) => call.startsWith(`.${name} `)), name).toBe(false)
    const base = graph.edgesOf('app/controllers/follows_controller.rb').find((edge) => edge.kind === 'extends')
    expect(`${base?.target} ${base?.resolution} ${base?.targetPath}`).toBe('ApplicationController resolved app/controllers/application_controller.rb')
  })

  it("resolves a Ruby attribute's reader (attr_accessor) called without parentheses, in its class and a subclass", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'lib/app/base.rb': ['module App', '  class Base', '    attr_accessor :request, :response', '    attr_reader(:params)', '', '    def call(env)', '      response.status = 200', '      params', '    end', '  end', 'end', ''].join('\n'),
        // A method without parameters whose first line is a bare call (`def halt` then `response`).
        'lib/app/application.rb': ["require_relative 'base'", '', 'module App', '  class Application < Base', '    def halt', '      response.finish', '    end', '  end', 'end', ''].join('\n'),
      }),
    )
    expect(graph.file('lib/app/base.rb')!.symbols.filter((s) => s.kind === 'property').map((s) => s.qname)).toEqual(['App.Base.request', 'App.Base.response', 'App.Base.params'])
    expect(callsOf(graph, 'lib/app/base.rb')).toEqual(expect.arrayContaining(['.response -> resolved lib/app/base.rb#App.Base.response', '.params -> resolved lib/app/base.rb#App.Base.params']))
    expect(callsOf(graph, 'lib/app/application.rb')).toEqual(expect.arrayContaining(['.response -> resolved lib/app/base.rb#App.Base.response']))
  })

  it('reads Ruby calls without parentheses on a constant or self (Article.feed_for user), not setters or definitions', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/models/article.rb': ['class Article < ApplicationRecord', '  def self.feed_for(user)', '    where(user: user)', '  end', 'end', ''].join('\n'),
        'app/controllers/articles_controller.rb': [
          'class ArticlesController < ApplicationController',
          '  def self.cached',
          '    Rails.cache',
          '  end',
          '',
          '  def index',
          '    @articles = Article.all',
          '    @feed = Article.feed_for current_user',
          '    Settings.per_page = 20',
          '    self.touch_feed',
          '  end',
          'end',
          '',
        ].join('\n'),
      }),
    )
    const calls = callsOf(graph, 'app/controllers/articles_controller.rb')
    expect(calls).toEqual(expect.arrayContaining(['Article.feed_for -> resolved app/models/article.rb#Article.feed_for', 'Article.all -> unresolved ', 'Rails.cache -> unresolved ', 'self.touch_feed -> unresolved ']))
    // A setter is no call of `per_page`; `def self.cached` defines, it calls nothing.
    expect(calls.some((call) => call.includes('per_page') || call.includes('.cached'))).toBe(false)
  })

  it("reads Ruby calls without parentheses on variables and locals (@article.publish!, article.archive) by name; Ruby's and Active Record's own methods are the runtime's", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/models/article.rb': ['class Article < ApplicationRecord', '  def publish!', '    update(published: true)', '  end', '', '  def archive', '  end', 'end', ''].join('\n'),
        'app/services/publisher.rb': [
          'class Publisher',
          '  def run(items)',
          '    @article.publish!',
          '    article = Article.find(1)',
          '    article.archive',
          '    @article.save',
          '    items.each { |item| item }',
          '    @article.title = "x"',
          '  end',
          'end',
          '',
        ].join('\n'),
      }),
    )
    const calls = callsOf(graph, 'app/services/publisher.rb')
    expect(calls).toEqual(
      expect.arrayContaining([
        '@article.publish! -> by-name app/models/article.rb#Article.publish!',
        'article.archive -> by-name app/models/article.rb#Article.archive',
        '@article.save -> external ',
        'items.each -> external ',
      ]),
    )
    // A setter is no call of `title`.
    expect(calls.some((call) => call.includes('title'))).toBe(false)
    expect(graph.dependencies({ from: 'Article.publish!', reverse: true }).map((step) => step.edge.path)).toEqual(['app/services/publisher.rb'])
  })

  it('resolves PHP use statements through composer PSR-4 prefixes and declared namespaces, and require paths', async () => {
    const imports = await importsOf({
      'composer.json': '{ "autoload": { "psr-4": { "App\\\\": "src/" } } }',
      'src/Models/User.php': '<?php\nnamespace App\\Models;\n\nclass User {}\n',
      'lib/Legacy/Report.php': '<?php\nnamespace Legacy;\n\nclass Report {}\n',
      'src/Http/helpers.php': '<?php\nfunction view() {}\n',
      'src/Http/Controller.php': [
        '<?php',
        'namespace App\\Http;',
        '',
        'use App\\Models\\{User, Post as P};',
        'use Legacy\\Report;',
        'use Symfony\\Component\\HttpFoundation\\Response;',
        "require_once __DIR__ . '/helpers.php';",
        '',
        'class Controller { public function show() { return new User(); } }',
      ].join('\n'),
    })
    expect(imports).toEqual([
      'src/Http/Controller.php: App\\Models\\User -> resolved src/Models/User.php',
      'src/Http/Controller.php: App\\Models\\Post -> unresolved',
      'src/Http/Controller.php: Legacy\\Report -> resolved lib/Legacy/Report.php',
      'src/Http/Controller.php: Symfony\\Component\\HttpFoundation\\Response -> external',
      'src/Http/Controller.php: ./helpers.php -> resolved src/Http/helpers.php',
    ])
  })
  it("takes the language's own names for external calls unless the file defines or imports them: Python builtins, JavaScript globals, Go's predeclared functions", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/cli.py': [
          'import os',
          'from app.util import len',
          '',
          'def main(args):',
          '    if not isinstance(args, list):',
          "        raise TypeError('args')",
          "    home = os.environ.get('HOME')",
          '    return len(args), sorted(args), home',
        ].join('\n'),
        'app/util.py': 'def len(items):\n    return 0\n',
        'web/main.js': [
          "const { parse } = require('./parse')",
          'function run(text) {',
          '  console.log(parseInt(text, 10), Math.max(1, 2))',
          '  return parse(JSON.parse(text))',
          '}',
        ].join('\n'),
        'web/parse.js': 'function parse(value) { return value }\nmodule.exports = { parse }\n',
        'go/store.go': 'package store\n\nfunc Count(items []string) int {\n\tout := make([]string, 0, len(items))\n\treturn len(append(out, items...))\n}\n',
      }),
    )
    const calls = ['app/cli.py', 'web/main.js', 'go/store.go'].flatMap((path) =>
      graph
        .edgesOf(path)
        .filter((edge: EdgeRecord) => edge.kind === 'calls')
        .map((edge) => `${path}: ${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution}${edge.targetPath ? ` ${edge.targetPath}` : ''}`),
    )
    expect(calls.sort()).toEqual(
      [
        'app/cli.py: isinstance -> external',
        'app/cli.py: TypeError -> external',
        'app/cli.py: os.environ.get -> external',
        // Imported from the project: it shadows the builtin.
        'app/cli.py: len -> resolved app/util.py',
        'app/cli.py: sorted -> external',
        'web/main.js: console.log -> external',
        'web/main.js: parseInt -> external',
        'web/main.js: Math.max -> external',
        'web/main.js: parse -> resolved web/parse.js',
        'web/main.js: JSON.parse -> external',
        'go/store.go: make -> external',
        'go/store.go: len -> external',
        'go/store.go: append -> external',
      ].sort(),
    )
  })
})
