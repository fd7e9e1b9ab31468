import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'
import { FASTAPI, FLASK, RESTX, DRF, COMMONJS, FACTORIES, BULLETPROOF, GIN, ECHO, DJANGO, NEST, NEST_MODULES, HONO_CHAINS, CHI, COMPOSED, TWICE } from './support/route-apps.js'

const routes = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

describe('routes of routers mounted in other files', () => {
  it('gives a route one record per place its router is mounted, the first keeping its id, and drops the others with the mount', async () => {
    const graph = new LayerGraph(await layersOfText(TWICE))
    expect(routes(graph)).toEqual(['src/users.ts:4 GET /api/users/:id (/users/:id)', 'src/users.ts:4 GET /api/v1/users/:id (/users/:id)'])
    const [first, second] = graph.entrypoints({ kind: 'http-route' })
    expect(second!.id).toBe(`${first!.id}~mount2`)
    // Stored and loaded back, the records are the same: the copy is rebuilt, not copied again.
    const reloaded = new LayerGraph([...graph.files()])
    expect(routes(reloaded)).toEqual(routes(graph))
    const [once] = await layersOfText({ 'src/app.ts': TWICE['src/app.ts'].replace("app.use('/api/v1', users)\n", '') })
    expect(graph.apply({ upsert: [once!] }).rerouted).toEqual(['src/users.ts'])
    expect(routes(graph)).toEqual(['src/users.ts:4 GET /api/users/:id (/users/:id)'])
  })

  it('follows routers composed in one file to the mount of their outer router in another, under a Starlette mount', async () => {
    const graph = new LayerGraph(await layersOfText(COMPOSED))
    expect(routes(graph)).toEqual([
      'app/api.py:10 GET /api/v1/{organization}/search (/{organization}/search)',
      'app/incidents.py:6 GET /api/v1/{organization}/incidents/{incident_id} (/{incident_id})',
    ])
  })

  it("gives go-chi routes the path their router factory is mounted at, in the same file and from another package", async () => {
    const graph = new LayerGraph(await layersOfText(CHI))
    expect(routes(graph)).toEqual(['main.go:19 GET /admin/accounts (/accounts)', 'users/routes.go:7 GET /users/{id} (/{id})'])
  })

  it('gives the routes of a chained Hono app the prefix where the constant it initialises is mounted', async () => {
    const graph = new LayerGraph(await layersOfText(HONO_CHAINS))
    expect(routes(graph)).toEqual(['api/todos.ts:4 GET /api/todos (/todos)', 'api/todos.ts:5 DELETE /api/todos/:id (/todos/:id)', 'api/todos.ts:7 GET /other'])
  })

  it("gives NestJS controllers the RouterModule path of the module that declares them, after the global prefix", async () => {
    const graph = new LayerGraph(await layersOfText(NEST_MODULES))
    expect(routes(graph)).toEqual([
      'src/admin/stats.controller.ts:5 GET /api/admin/stats (/stats)',
      'src/health.controller.ts:5 GET /api/health (/health)',
      'src/users/users.controller.ts:5 GET /api/admin/users/:id (/:id)',
    ])
  })

  it("puts NestJS's URI versions after the global prefix (a computed one as {expr}), per controller or handler, and none where versioning is off", async () => {
    // brocoders/nestjs-boilerplate's shape.
    const users = "import { Controller, Get, Post, Version } from '@nestjs/common'\n\n@Controller({ path: 'users', version: '1' })\nexport class UsersController {\n  @Post()\n  create() {}\n\n  @Version(['2', '3'])\n  @Get(':id')\n  findOne() {}\n}\n"
    const home = "import { Controller, Get } from '@nestjs/common'\n\n@Controller()\nexport class HomeController {\n  @Get()\n  appInfo() {}\n}\n"
    const main = (versioning: string): string =>
      `import { NestFactory } from '@nestjs/core'\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule)\n  app.setGlobalPrefix(configService.getOrThrow('app.apiPrefix', { infer: true }))\n${versioning}}\n`
    const graph = new LayerGraph(
      await layersOfText({ 'src/main.ts': main('  app.enableVersioning({ type: VersioningType.URI })\n'), 'src/users/users.controller.ts': users, 'src/home/home.controller.ts': home }),
    )
    expect(routes(graph)).toEqual([
      'src/home/home.controller.ts:5 GET {configService.getOrThrow} (/)',
      'src/users/users.controller.ts:5 POST {configService.getOrThrow}/v1/users (/users)',
      'src/users/users.controller.ts:9 GET {configService.getOrThrow}/v2/users/:id (/users/:id)',
      'src/users/users.controller.ts:9 GET {configService.getOrThrow}/v3/users/:id (/users/:id)',
    ])
    const unversioned = new LayerGraph(await layersOfText({ 'src/main.ts': main(''), 'src/users/users.controller.ts': users }))
    expect(routes(unversioned)).toEqual([
      'src/users/users.controller.ts:5 POST {configService.getOrThrow}/users (/users)',
      'src/users/users.controller.ts:9 GET {configService.getOrThrow}/users/:id (/users/:id)',
    ])
  })

  it("gives NestJS routes that declare no version the app's defaultVersion, none to VERSION_NEUTRAL, and no global prefix to excluded routes", async () => {
    const main = [
      "import { NestFactory } from '@nestjs/core'",
      "import { RequestMethod, VersioningType } from '@nestjs/common'",
      '',
      'async function bootstrap() {',
      '  const app = await NestFactory.create(AppModule)',
      "  app.setGlobalPrefix('api', { exclude: ['health', { path: 'cats/(.*)', method: RequestMethod.GET }] })",
      "  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' })",
      '}',
      '',
    ].join('\n')
    const cats = [
      "import { Controller, Get, Post, Version, VERSION_NEUTRAL } from '@nestjs/common'",
      '',
      "@Controller('cats')",
      'export class CatsController {',
      "  @Get(':id')",
      '  findOne() {}',
      '',
      '  @Post()',
      '  create() {}',
      '',
      "  @Version(['2', VERSION_NEUTRAL])",
      "  @Get('search/all')",
      '  search() {}',
      '}',
      '',
    ].join('\n')
    const health = "import { Controller, Get, VERSION_NEUTRAL } from '@nestjs/common'\n\n@Controller({ path: 'health', version: VERSION_NEUTRAL })\nexport class HealthController {\n  @Get()\n  check() {}\n}\n"
    // brocoders/nestjs-boilerplate excludes its root (`exclude: ['/']`): `@Controller()` + `@Get()` is served at `/`.
    const home = "import { Controller, Get } from '@nestjs/common'\n\n@Controller()\nexport class HomeController {\n  @Get()\n  appInfo() {}\n}\n"
    const graph = new LayerGraph(
      await layersOfText({ 'src/main.ts': main.replace("exclude: ['health',", "exclude: ['/', 'health',"), 'src/cats.controller.ts': cats, 'src/health.controller.ts': health, 'src/home.controller.ts': home }),
    )
    expect(routes(graph)).toEqual([
      'src/cats.controller.ts:5 GET /v1/cats/:id (/cats/:id)',
      'src/cats.controller.ts:8 POST /api/v1/cats (/cats)',
      'src/cats.controller.ts:12 GET /v2/cats/search/all (/cats/search/all)',
      'src/cats.controller.ts:12 GET /cats/search/all',
      'src/health.controller.ts:5 GET /health',
      'src/home.controller.ts:5 GET /v1 (/)',
    ])
  })

  it("puts NestJS's global prefix before the NestJS routes of the bootstrap file's directory only", async () => {
    const graph = new LayerGraph(await layersOfText(NEST))
    expect(routes(graph)).toEqual(['apps/api/src/cats/cats.controller.ts:5 GET /api/cats/:id (/cats/:id)', 'apps/web/server.ts:3 GET /cats/:id'])
  })

  it('gives the routes a Go function registers on its group parameter the prefix of the group it is handed', async () => {
    const graph = new LayerGraph(await layersOfText(GIN))
    expect(routes(graph)).toEqual(['main.go:12 GET /ping', 'users/routers.go:6 POST /api/users/login (/login)'])
  })

  it("leaves out the paths of a test's own server when the application mounts the router, and keeps them when only tests do", async () => {
    // The Gin RealWorld app's users/unit_test.go mounts the same registration function on a bare engine.
    const test = 'users/unit_test.go'
    const withTest = { ...GIN, [test]: 'package users\n\nimport "github.com/gin-gonic/gin"\n\nfunc router() {\n\tr := gin.New()\n\tUsersRegister(r.Group("/users"))\n}\n' }
    const graph = new LayerGraph(await layersOfText(withTest))
    expect(routes(graph)).toEqual(['main.go:12 GET /ping', 'users/routers.go:6 POST /api/users/login (/login)'])
    const { 'main.go': _main, ...onlyTest } = withTest
    expect(routes(new LayerGraph(await layersOfText(onlyTest)))).toEqual(['users/routers.go:6 POST /users/login (/login)'])
  })

  it('gives the routes a router factory registers the prefix where its result is mounted, and no other function of its file', async () => {
    const graph = new LayerGraph(await layersOfText(FACTORIES))
    expect(routes(graph)).toEqual([
      'src/api/router.ts:6 GET /api/v2/orders (/orders)',
      'src/api/router.ts:14 GET /not-mounted',
      // A factory's result mounted inside another factory: both prefixes.
      'src/api/v1.ts:5 GET /api/v2/v1/items (/items)',
      'src/legacy.js:3 GET /legacy/old (/old)',
    ])
  })

  it('follows a router handed to registration functions, under a mount path read from configuration', async () => {
    const graph = new LayerGraph(await layersOfText(BULLETPROOF))
    expect(routes(graph)).toEqual(['src/api/routes/auth.ts:7 POST {config.api.prefix}/auth/signup (/auth/signup)'])
  })

  it('follows a group handed to the one registration method of that name, called on a value of unknown type', async () => {
    const graph = new LayerGraph(await layersOfText(ECHO))
    expect(routes(graph)).toEqual(['handler/routes.go:7 POST /api/users/login (/users/login)'])
    const twice = new LayerGraph(await layersOfText({ ...ECHO, 'admin/routes.go': 'package admin\n\nfunc Register() {}\n' }))
    expect(routes(twice)).toEqual(['handler/routes.go:7 POST /users/login'])
    // Incremental: a second function of that name added makes the guess ambiguous; removed, it holds again.
    const [second] = await layersOfText({ 'admin/routes.go': 'package admin\n\nfunc Register() {}\n' })
    expect(graph.apply({ upsert: [second!] }).rerouted).toEqual(['handler/routes.go'])
    expect(routes(graph)).toEqual(['handler/routes.go:7 POST /users/login'])
    expect(graph.apply({ remove: ['admin/routes.go'] }).rerouted).toEqual(['handler/routes.go'])
    expect(routes(graph)).toEqual(['handler/routes.go:7 POST /api/users/login (/users/login)'])
  })

  it("gives Django's included URLconfs' routes the including entries' routes, two levels deep", async () => {
    const graph = new LayerGraph(await layersOfText(DJANGO))
    expect(routes(graph)).toEqual([
      'conduit/apps/articles/urls.py:6 * /api/articles/feed/ (^articles/feed/?$)',
      'conduit/apps/articles/urls.py:7 * /api/tags/ (^tags/?$)',
      'conduit/apps/profiles/follow_urls.py:5 * /api/profiles/<str:username>/follow/ (<str:username>/follow/)',
      'conduit/apps/profiles/urls.py:6 * /api/profiles/<str:username>/ (profiles/<str:username>/)',
    ])
    // The project's URLconf edited alone moves the routes of every URLconf it includes, directly or not.
    const [edited] = await layersOfText({ 'conduit/urls.py': DJANGO['conduit/urls.py'].replaceAll("r'^api/'", "r'^api/v2/'") })
    expect(graph.apply({ upsert: [edited!] }).rerouted).toEqual(['conduit/apps/articles/urls.py', 'conduit/apps/profiles/follow_urls.py', 'conduit/apps/profiles/urls.py'])
    expect(routes(graph)[1]).toBe('conduit/apps/articles/urls.py:7 * /api/v2/tags/ (^tags/?$)')
  })

  it("mounts a URLconf that is a module of a `urls` package (djangoproject.com's `include('foundation.urls.meetings')`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'djangoproject/__init__.py': '',
        'djangoproject/urls/__init__.py': '',
        'djangoproject/urls/www.py': "from django.urls import include, path\n\nurlpatterns = [\n    path('foundation/minutes/', include('foundation.urls.meetings')),\n]\n",
        'foundation/__init__.py': '',
        'foundation/urls/__init__.py': '',
        'foundation/urls/meetings.py': "from django.urls import path\n\nfrom .. import views\n\nurlpatterns = [\n    path('<int:year>/', views.year, name='year'),\n]\n",
      }),
    )
    expect(routes(graph)).toEqual(['foundation/urls/meetings.py:6 * /foundation/minutes/<int:year>/ (<int:year>/)'])
  })

  it("follows a koa-router's middleware exported as a constant (`export const usersRoutes = router.routes()`) to its router's routes", async () => {
    // The Koa RealWorld app's shape (typescript-node-koa-realworld-example-app).
    const graph = new LayerGraph(
      await layersOfText({
        'src/routes/users-router.ts':
          "import * as Router from 'koa-router'\n\nconst router = new Router()\nrouter.post('/users/login', login)\n\nexport const usersRoutes: Router.IMiddleware = router.routes()\n",
        'src/routes/index.ts':
          "import * as Router from 'koa-router'\nimport { usersRoutes } from './users-router'\n\nconst api = new Router()\napi.use(usersRoutes)\n\nexport const router = new Router()\nrouter.use('/api', api.routes())\n",
      }),
    )
    expect(routes(graph)).toEqual(['src/routes/users-router.ts:4 POST /api/users/login (/users/login)'])
  })

  it("gives Outline's API routes (koa-router paths without the slash, nested at '/', a Koa app mounted with koa-mount) their served path", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'server/routes/api/documents.ts':
          'import Router from "koa-router"\n\nconst router = new Router()\nrouter.post("documents.move", auth(), async (ctx) => {})\nrouter.post("documents.info", auth({ optional: true }), info)\n\nexport default router\n',
        'server/routes/api/index.ts':
          'import Koa from "koa"\nimport Router from "koa-router"\nimport documents from "./documents"\n\nconst api = new Koa()\nconst router = new Router()\nrouter.use("/", documents.routes())\napi.use(router.routes())\n\nexport default api\n',
        'server/services/web.ts':
          'import Koa from "koa"\nimport mount from "koa-mount"\nimport api from "../routes/api"\n\nexport default function init(app: Koa = new Koa()) {\n  app.use(mount("/api", api))\n  return app\n}\n',
      }),
    )
    expect(routes(graph)).toEqual([
      'server/routes/api/documents.ts:4 POST /api/documents.move (/documents.move)',
      'server/routes/api/documents.ts:5 POST /api/documents.info (/documents.info)',
    ])
  })

  it("serves an Express router's or a NestJS controller's root at the mount path itself, not under a trailing slash", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'routes/books.js': "const router = require('express').Router()\nrouter.get('/', list)\nrouter.get('/:id', show)\nmodule.exports = router\n",
        'app.js': "const express = require('express')\nconst app = express()\napp.use('/books', require('./routes/books'))\n",
        'src/main.ts': "import { NestFactory } from '@nestjs/core'\n\nconst app = await NestFactory.create(AppModule)\napp.setGlobalPrefix('api')\n",
        'src/app.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller()\nexport class AppController {\n  @Get()\n  root() {}\n}\n",
      }),
    )
    expect(routes(graph)).toEqual(['routes/books.js:2 GET /books (/)', 'routes/books.js:3 GET /books/:id (/:id)', 'src/app.controller.ts:5 GET /api (/)'])
  })

  it('gives the routes a module registers on a router handed to it in place (require(\'./v1\')(v1)) the router\'s prefix', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app.js': "const express = require('express')\nconst app = express()\nconst v1 = express.Router()\nrequire('./v1')(v1)\napp.use('/v1', v1)\n",
        'v1.js': "module.exports = (router) => {\n  router.get('/status', (req, res) => res.send('ok'))\n}\n",
      }),
    )
    expect(routes(graph)).toEqual(['v1.js:2 GET /v1/status (/status)'])
  })

  it("gives a Fastify plugin registered inside an inline plugin the inline plugin's prefix too", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'server.ts': [
          "import Fastify from 'fastify'",
          "import items from './items'",
          'const app = Fastify()',
          'app.register(async (api) => {',
          "  api.register(items, { prefix: '/items' })",
          "  api.get('/ping', async () => 'pong')",
          "}, { prefix: '/api' })",
          "app.register(items, { prefix: '/v0/items' })",
          '',
        ].join('\n'),
        'items.ts': "import type { FastifyInstance } from 'fastify'\n\nexport default async function items(app: FastifyInstance) {\n  app.get('/', async () => [])\n}\n",
      }),
    )
    expect(routes(graph)).toEqual(['items.ts:4 GET /api/items (/)', 'items.ts:4 GET /v0/items (/)', 'server.ts:6 GET /api/ping'])
  })

  it("gives the Fastify routes of autoloaded files their folders' path after the autoload's prefix (lifeiscontent/fastify-realworld, fastify generate)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/app.ts': "import AutoLoad from '@fastify/autoload'\nimport { join } from 'node:path'\n\nexport default async function (fastify, opts) {\n  fastify.register(AutoLoad, { dir: join(__dirname, 'routes'), options: { prefix: '/api' } })\n}\n",
        'src/routes/root.ts': "import type { FastifyPluginAsync } from 'fastify'\n\nconst root: FastifyPluginAsync = async (fastify) => {\n  fastify.get('/', async () => ({ root: true }))\n}\nexport default root\n",
        'src/routes/users/index.ts': "import type { FastifyInstance } from 'fastify'\n\nexport default async function (app: FastifyInstance) {\n  app.get('/', list)\n  app.get('/:id', show)\n}\n",
        'src/routes/users/admin/stats.ts': "import type { FastifyInstance } from 'fastify'\n\nexport default async function (app: FastifyInstance) {\n  app.get('/stats', stats)\n}\n",
        'src/other/health.ts': "import type { FastifyInstance } from 'fastify'\n\nexport default async function (app: FastifyInstance) {\n  app.get('/health', health)\n}\n",
        // A plugin's `autoPrefix` takes its folders' place; `prefixOverride` the whole prefix's.
        'src/routes/jobs/batch.js': "module.exports = async function (app) {\n  app.get('/entity', entity)\n}\nmodule.exports.autoPrefix = '/batch'\n",
        'src/routes/jobs/legacy.ts': "import type { FastifyInstance } from 'fastify'\n\nexport const prefixOverride = '/old'\nexport default async function (app: FastifyInstance) {\n  app.get('/x', x)\n}\n",
      }),
    )
    expect(routes(graph)).toEqual([
      'src/other/health.ts:4 GET /health',
      'src/routes/jobs/batch.js:2 GET /api/batch/entity (/entity)',
      'src/routes/jobs/legacy.ts:5 GET /old/x (/x)',
      'src/routes/root.ts:4 GET /api (/)',
      'src/routes/users/admin/stats.ts:4 GET /api/users/admin/stats (/stats)',
      'src/routes/users/index.ts:4 GET /api/users (/)',
      'src/routes/users/index.ts:5 GET /api/users/:id (/:id)',
    ])
  })

  it("follows a CommonJS app's routers required in place", async () => {
    const graph = new LayerGraph(await layersOfText(COMMONJS))
    expect(routes(graph)).toEqual(['routes/api/users.js:2 POST /api/users/login (/users/login)'])
    expect(graph.edgesOf('routes/index.js').filter((e) => e.kind === 'mounts').map((e) => `${e.title} -> ${e.resolution} ${e.targetPath}`)).toEqual([
      "mounts require('./api') -> resolved routes/api/index.js",
    ])
  })

  it("gives FastAPI's routes the prefixes of the include_router chain across three files", async () => {
    const graph = new LayerGraph(await layersOfText(FASTAPI))
    expect(routes(graph)).toEqual([
      'app/api/routes/items.py:6 GET /api/v1/items/ (/items/)',
      'app/api/routes/login.py:6 POST /api/v1/login/access-token (/login/access-token)',
      'app/main.py:9 GET /health',
    ])
  })

  it("reads a mount path given as a setting or a constant where the index defines it, and moves the routes when it changes", async () => {
    const config = "from pydantic_settings import BaseSettings\n\n\nclass Settings(BaseSettings):\n    API_V1_STR: str = \"/api/v1\"\n    SECRET_KEY: str\n\n\nsettings = Settings()\n"
    const files = {
      ...FASTAPI,
      'app/core/config.py': config,
      'app/main.py': FASTAPI['app/main.py'].replace("from app.api.main import api_router", 'from app.api.main import api_router\nfrom app.core.config import settings').replace("prefix='/api/v1'", 'prefix=settings.API_V1_STR'),
      'web/server.ts': "import express from 'express'\nimport { API_PREFIX } from './paths'\nimport users from './users'\nimport legacy from './legacy'\n\nconst LEGACY_PATH = '/old'\nconst app = express()\napp.use(API_PREFIX, users)\napp.use(LEGACY_PATH, legacy)\n",
      'web/legacy.ts': "import { Router } from 'express'\n\nconst router = Router()\nrouter.get('/list', list)\nexport default router\n",
      'web/paths.ts': "export const API_PREFIX = '/api'\n",
      'web/users.ts': "import { Router } from 'express'\n\nconst router = Router()\nrouter.get('/users', list)\nexport default router\n",
    }
    const graph = new LayerGraph(await layersOfText(files))
    expect(routes(graph)).toEqual([
      'app/api/routes/items.py:6 GET /api/v1/items/ (/items/)',
      'app/api/routes/login.py:6 POST /api/v1/login/access-token (/login/access-token)',
      'app/main.py:10 GET /health',
      // A constant another file exports, and one of the mounting file.
      'web/legacy.ts:4 GET /old/list (/list)',
      'web/users.ts:4 GET /api/users (/users)',
    ])
    // The setting changes: only the settings file is re-extracted, and the routes move.
    const [edited] = await layersOfText({ 'app/core/config.py': config.replace('/api/v1', '/api/v2') })
    expect(graph.apply({ upsert: [edited!] }).rerouted).toEqual(['app/api/routes/items.py', 'app/api/routes/login.py'])
    expect(routes(graph)[0]).toBe('app/api/routes/items.py:6 GET /api/v2/items/ (/items/)')
    // A setting the index cannot read (no literal) stays as written.
    const [unread] = await layersOfText({ 'app/core/config.py': config.replace('"/api/v1"', 'os.environ["API"]') })
    graph.apply({ upsert: [unread!] })
    expect(routes(graph)[0]).toBe('app/api/routes/items.py:6 GET {settings.API_V1_STR}/items/ (/items/)')
  })

  it("gives cobra commands their whole command line through AddCommand of factories across packages, of variables in one file or another of the package, and through a function handed the root command", async () => {
    const go = (pkg: string, imports: string[], body: string[]) => [`package ${pkg}`, '', 'import (', ...imports.map((i) => `\t${i}`), '\t"github.com/spf13/cobra"', ')', '', ...body].join('\n')
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module github.com/cli/cli\n',
        'pkg/cmd/root/root.go': go('root', ['aliasCmd "github.com/cli/cli/pkg/cmd/alias"'], ['func NewCmdRoot() *cobra.Command {', '\tcmd := &cobra.Command{Use: "gh <command>"}', '\tcmd.AddCommand(aliasCmd.NewCmdAlias())', '\treturn cmd', '}']),
        'pkg/cmd/alias/alias.go': go('alias', ['deleteCmd "github.com/cli/cli/pkg/cmd/alias/delete"'], ['func NewCmdAlias() *cobra.Command {', '\tcmd := &cobra.Command{Use: "alias <command>"}', '\tcmd.AddCommand(deleteCmd.NewCmdDelete(nil))', '\treturn cmd', '}']),
        'pkg/cmd/alias/delete/delete.go': go('delete', [], ['func NewCmdDelete(runF func() error) *cobra.Command {', '\treturn &cobra.Command{Use: "delete {<alias> | --all}", RunE: run}', '}']),
        'cmd/hugo/root.go': go('hugo', [], ['var rootCmd = &cobra.Command{Use: "hugo"}', 'var serverCmd = &cobra.Command{Use: "server [flags]", RunE: runServer}', '', 'func init() {', '\trootCmd.AddCommand(serverCmd)', '}']),
        // cobra-cli's layout: the root command in one file, each subcommand adding itself to it in its own.
        'cmd/hugo/deploy.go': go('hugo', [], ['var deployCmd = &cobra.Command{Use: "deploy"}', '', 'func init() {', '\trootCmd.AddCommand(deployCmd)', '}']),
        // docker's: the root command handed to a function that adds the others to its parameter.
        'cmd/docker/docker.go': go('main', ['"github.com/cli/cli/cli/command/commands"'], ['func newDockerCommand() *cobra.Command {', '\tcmd := &cobra.Command{Use: "docker [OPTIONS] COMMAND"}', '\tcommands.AddCommands(cmd)', '\treturn cmd', '}']),
        'cli/command/commands/commands.go': go('commands', ['"github.com/cli/cli/cli/command/container"'], ['func AddCommands(cmd *cobra.Command) {', '\tcmd.AddCommand(container.NewContainerCommand())', '}']),
        'cli/command/container/cmd.go': go('container', [], ['func NewContainerCommand() *cobra.Command {', '\tcmd := &cobra.Command{Use: "container"}', '\tcmd.AddCommand(NewAttachCommand())', '\treturn cmd', '}']),
        'cli/command/container/attach.go': go('container', [], ['func NewAttachCommand() *cobra.Command {', '\treturn &cobra.Command{Use: "attach [OPTIONS] CONTAINER"}', '}']),
      }),
    )
    const commands = graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.title}${e.declaredRoute ? ` (${e.declaredRoute})` : ''}`)
    expect(commands).toEqual([
      'cli/command/container/attach.go:8 command docker container attach (attach)',
      'cli/command/container/cmd.go:8 command docker container (container)',
      'cmd/docker/docker.go:9 command docker',
      'cmd/hugo/deploy.go:7 command hugo deploy (deploy)',
      'cmd/hugo/root.go:7 command hugo',
      'cmd/hugo/root.go:8 command hugo server (server)',
      'pkg/cmd/alias/alias.go:9 command gh alias (alias)',
      'pkg/cmd/alias/delete/delete.go:8 command gh alias delete (delete)',
      'pkg/cmd/root/root.go:9 command gh',
    ])
  })

  it('follows a Flask blueprint into the file that imports it to register its routes', async () => {
    const graph = new LayerGraph(await layersOfText(FLASK))
    expect(routes(graph)).toEqual(['app/auth/routes.py:6 GET /auth/login (/login)', 'app/auth/routes.py:6 POST /auth/login (/login)'])
  })

  it("follows a Flask blueprint into a module that registers on it by add_url_rule, without importing flask", async () => {
    const views = "from app.auth import bp\n\n\ndef reset():\n    return ''\n\n\nbp.add_url_rule('/reset', view_func=reset, methods=['POST'])\n"
    const graph = new LayerGraph(await layersOfText({ ...FLASK, 'app/auth/views.py': views }))
    expect(routes(graph)).toContain('app/auth/views.py:8 POST /auth/reset (/reset)')
  })

  it("gives a Flask-RESTX namespace of another module the prefix of the blueprint its api wraps", async () => {
    const graph = new LayerGraph(await layersOfText(RESTX))
    expect(routes(graph)).toEqual(['zoo/cat.py:6 GET /api/1/cats/<id> (/cats/<id>)'])
  })

  it("gives routes other modules declare on an imported blueprint or namespace its own prefix (CTFd's statistics namespace, a Blueprint's url_prefix)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': "from flask import Flask\n\nfrom app.main import bp as main_bp\n\napp = Flask(__name__)\napp.register_blueprint(main_bp)\n",
        'app/main/__init__.py': "from flask import Blueprint\n\nbp = Blueprint('main', __name__, url_prefix='/main')\n\n\n@bp.route('/here')\ndef here():\n    pass\n",
        'app/main/routes.py': "from app.main import bp\n\n\n@bp.route('/index')\ndef index():\n    pass\n",
        'api/__init__.py': "from flask import Blueprint\nfrom flask_restx import Api\n\nfrom api.stats import stats_ns\n\nblueprint = Blueprint('api', __name__, url_prefix='/api/v1')\napi = Api(blueprint)\napi.add_namespace(stats_ns, '/statistics')\n",
        'api/stats/__init__.py': "from flask_restx import Namespace\n\nstats_ns = Namespace(\n    'statistics', description='Statistics'\n)\n",
        'api/stats/users.py': "from flask_restx import Resource\n\nfrom api.stats import stats_ns\n\n\n@stats_ns.route('/users')\nclass UserStats(Resource):\n    def get(self):\n        pass\n",
      }),
    )
    expect(routes(graph)).toEqual([
      // The blueprint's own route has its prefix in its file already.
      'api/stats/users.py:6 GET /api/v1/statistics/users (/users)',
      'app/main/__init__.py:6 GET /main/here',
      'app/main/routes.py:4 GET /main/index (/index)',
    ])
    // A changed own prefix moves the other modules' routes, and they are stored again.
    const [moved] = await layersOfText({
      'app/main/__init__.py': "from flask import Blueprint\n\nbp = Blueprint('main', __name__, url_prefix='/home')\n\n\n@bp.route('/here')\ndef here():\n    pass\n",
    })
    expect(graph.apply({ upsert: [moved!] }).rerouted).toEqual(['app/main/routes.py'])
    expect(routes(graph).slice(1)).toEqual(['app/main/__init__.py:6 GET /home/here', 'app/main/routes.py:4 GET /home/index (/index)'])
  })

  it("gives a DRF viewset's extra actions the prefix of the router that registers it in another file, and its detail route the viewset's lookup", async () => {
    const graph = new LayerGraph(await layersOfText(DRF))
    expect(routes(graph)).toEqual([
      'conduit/articles/urls.py:6 * /api/articles/ (^articles/$)',
      // The router's file writes DRF's default `pk`; the graph reads the viewset's `lookup_field` in its file.
      'conduit/articles/urls.py:6 * /api/articles/<slug>/ (^articles/(?P<pk>[^/.]+)/$)',
      'conduit/articles/views.py:8 POST /api/articles/<slug>/favorite/ ((?P<slug>[^/.]+)/favorite/$)',
    ])
    // Stored and loaded back, the same; without the include, the lookup still applies.
    expect(routes(new LayerGraph([...graph.files()]))).toEqual(routes(graph))
    graph.apply({ remove: ['conduit/urls.py'] })
    expect(routes(graph)[1]).toBe('conduit/articles/urls.py:6 * /articles/<slug>/ (^articles/(?P<pk>[^/.]+)/$)')
    // The viewset's lookup changes: the router's route follows.
    const [edited] = await layersOfText({ 'conduit/articles/views.py': DRF['conduit/articles/views.py'].replace("lookup_field = 'slug'", "lookup_url_kwarg = 'article'") })
    expect(graph.apply({ upsert: [edited!] }).rerouted).toContain('conduit/articles/urls.py')
    expect(routes(graph)[1]).toBe('conduit/articles/urls.py:6 * /articles/<article>/ (^articles/(?P<pk>[^/.]+)/$)')
  })

  it('reports the files whose routes moved when a mount changes, and reads its own output back unchanged', async () => {
    const graph = new LayerGraph(await layersOfText(FASTAPI))
    const [moved] = await layersOfText({ 'app/main.py': FASTAPI['app/main.py'].replace("'/api/v1'", "'/api/v2'") })
    const delta = graph.apply({ upsert: [moved!] })
    expect(delta.rerouted).toEqual(['app/api/routes/items.py', 'app/api/routes/login.py'])
    expect(routes(graph)[0]).toBe('app/api/routes/items.py:6 GET /api/v2/items/ (/items/)')
    // What a store keeps (the full paths) loads back as it was: no prefix is added twice.
    const reloaded = new LayerGraph([...graph.files()])
    expect(routes(reloaded)).toEqual(routes(graph))
    expect(reloaded.apply({ upsert: [graph.file('app/main.py')!] }).rerouted).toEqual([])
    // Unmounted: the routes are as their file declares them again.
    expect(graph.apply({ remove: ['app/api/main.py'] }).rerouted).toEqual(['app/api/routes/items.py', 'app/api/routes/login.py'])
    expect(routes(graph)[0]).toBe('app/api/routes/items.py:6 GET /items/')
    // A selection of stored files (a one-shot lookup) keeps the stored full paths, whatever it misses.
    const selected = new LayerGraph([reloaded.file('app/api/routes/items.py')!], { selection: true })
    expect(routes(selected)).toEqual(['app/api/routes/items.py:6 GET /api/v2/items/ (/items/)'])
  })
})
