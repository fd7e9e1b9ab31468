import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)

const FASTAPI = {
  'app/api/routes/items.py': "from fastapi import APIRouter\n\nrouter = APIRouter(prefix='/items')\n\n\n@router.get('/')\ndef read_items():\n    return []\n",
  'app/api/routes/login.py': "from fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n@router.post('/login/access-token')\ndef login():\n    return {}\n",
  'app/api/main.py': 'from fastapi import APIRouter\n\nfrom app.api.routes import items, login\n\napi_router = APIRouter()\napi_router.include_router(login.router)\napi_router.include_router(items.router)\n',
  'app/main.py': "from fastapi import FastAPI\n\nfrom app.api.main import api_router\n\napp = FastAPI()\napp.include_router(api_router, prefix='/api/v1')\n\n\n@app.get('/health')\ndef health():\n    return 'ok'\n",
}

const FLASK = {
  'app/auth/__init__.py': "from flask import Blueprint\n\nbp = Blueprint('auth', __name__)\n\nfrom app.auth import routes\n",
  'app/auth/routes.py': "from flask import redirect\n\nfrom app.auth import bp\n\n\n@bp.route('/login', methods=['GET', 'POST'])\ndef login():\n    return ''\n",
  'app/__init__.py': "from flask import Flask\n\n\ndef create_app():\n    app = Flask(__name__)\n    from app.auth import bp as auth_bp\n    app.register_blueprint(auth_bp, url_prefix='/auth')\n    return app\n",
}

/** flask-restx's zoo example, under a blueprint: namespaces of other modules added to an api that wraps the blueprint. */
const RESTX = {
  'zoo/__init__.py': '',
  'zoo/cat.py': "from flask_restx import Namespace, Resource\n\napi = Namespace('cats')\n\n\n@api.route('/<id>')\nclass Cat(Resource):\n    def get(self, id):\n        return {}\n",
  'zoo/api.py': "from flask import Blueprint\nfrom flask_restx import Api\n\nfrom .cat import api as cat_api\n\nblueprint = Blueprint('api', __name__, url_prefix='/api/1')\napi = Api(blueprint)\napi.add_namespace(cat_api)\n",
}

/** A DRF app: the project URLconf includes the app's under `^api/`; the app's router registers a viewset of its views module. */
const DRF = {
  'conduit/__init__.py': '',
  'conduit/urls.py': "from django.conf.urls import include, url\n\nurlpatterns = [\n    url(r'^api/', include('conduit.articles.urls')),\n]\n",
  'conduit/articles/__init__.py': '',
  'conduit/articles/urls.py': "from rest_framework.routers import DefaultRouter\n\nfrom .views import ArticleViewSet\n\nrouter = DefaultRouter()\nrouter.register(r'articles', ArticleViewSet)\n\nurlpatterns = router.urls\n",
  'conduit/articles/views.py': "from rest_framework import viewsets\nfrom rest_framework.decorators import action\n\n\nclass ArticleViewSet(viewsets.ModelViewSet):\n    lookup_field = 'slug'\n\n    @action(detail=True, methods=['post'])\n    def favorite(self, request, slug=None):\n        return None\n",
}

/** The JavaScript version of the RealWorld example app: routers required in place, two files deep. */
const COMMONJS = {
  'app.js': "const express = require('express')\nconst app = express()\napp.use(require('./routes'))\n",
  'routes/index.js': "const router = require('express').Router()\nrouter.use('/api', require('./api'))\nmodule.exports = router\n",
  'routes/api/index.js': "const router = require('express').Router()\nrouter.use('/', require('./users'))\nmodule.exports = router\n",
  'routes/api/users.js': "const router = require('express').Router()\nrouter.post('/users/login', function (req, res) {})\nmodule.exports = router\n",
}

/** Express routers built by factories the app calls with its dependencies (ESM and CommonJS). */
const FACTORIES = {
  'src/api/router.ts': "import { Router } from 'express'\nimport { createV1Routes } from './v1'\n\nexport function createApiRouter(deps: Deps) {\n  const router = Router()\n  router.get('/orders', list)\n  const v1 = createV1Routes(deps)\n  router.use('/v1', v1)\n  return router\n}\n\nexport function helper() {\n  const router = Router()\n  router.get('/not-mounted', list)\n  return router\n}\n",
  'src/api/v1.ts': "import { Router } from 'express'\n\nexport function createV1Routes(deps: Deps) {\n  const router = Router()\n  router.get('/items', list)\n  return router\n}\n",
  'src/legacy.js': "module.exports = function (app) {\n  const router = require('express').Router()\n  router.get('/old', list)\n  return router\n}\n",
  'src/server.ts': "import express from 'express'\nimport { createApiRouter } from './api/router'\n\nconst app = express()\napp.use('/api/v2', createApiRouter({ db }))\napp.use('/legacy', require('./legacy')(app))\n",
}

/** bulletproof-nodejs: a router factory whose router is handed to each route module's registration function. */
const BULLETPROOF = {
  'src/api/routes/auth.ts': "import { Router } from 'express'\n\nconst route = Router()\n\nexport default (app: Router) => {\n  app.use('/auth', route)\n  route.post('/signup', signup)\n}\n",
  'src/api/index.ts': "import { Router } from 'express'\nimport auth from './routes/auth'\n\nexport default () => {\n  const app = Router()\n  auth(app)\n  return app\n}\n",
  'src/loaders/express.ts': "import routes from '@/api'\nimport config from '@/config'\n\nexport default ({ app }) => {\n  app.use(config.api.prefix, routes())\n}\n",
  'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
}

/** The Gin RealWorld app's shape: route groups handed to registration functions of other packages. */
const GIN = {
  'go.mod': 'module github.com/acme/shop\n\ngo 1.22\n',
  'users/routers.go': 'package users\n\nimport "github.com/gin-gonic/gin"\n\nfunc UsersRegister(router *gin.RouterGroup) {\n\trouter.POST("/login", UsersLogin)\n}\n\nfunc UsersLogin(c *gin.Context) {}\n',
  'main.go': [
    'package main',
    '',
    'import (',
    '\t"github.com/acme/shop/users"',
    '\t"github.com/gin-gonic/gin"',
    ')',
    '',
    'func main() {',
    '\tr := gin.Default()',
    '\tv1 := r.Group("/api")',
    '\tusers.UsersRegister(v1.Group("/users"))',
    '\tr.GET("/ping", func(c *gin.Context) {})',
    '}',
    '',
  ].join('\n'),
}

/** The Echo RealWorld app's shape: a group handed to a method of a handler value (`h.Register(v1)`). */
const ECHO = {
  'go.mod': 'module github.com/acme/conduit\n\ngo 1.22\n',
  'handler/handler.go': 'package handler\n\ntype Handler struct{}\n\nfunc NewHandler() *Handler { return &Handler{} }\n',
  'handler/routes.go': 'package handler\n\nimport "github.com/labstack/echo/v4"\n\nfunc (h *Handler) Register(v1 *echo.Group) {\n\tusers := v1.Group("/users")\n\tusers.POST("/login", h.Login)\n}\n',
  'main.go': 'package main\n\nimport (\n\t"github.com/acme/conduit/handler"\n\t"github.com/labstack/echo/v4"\n)\n\nfunc main() {\n\tr := echo.New()\n\tv1 := r.Group("/api")\n\th := handler.NewHandler()\n\th.Register(v1)\n}\n',
}

/** The Django RealWorld app's shape: the project URLconf includes each app's under `^api/`; one app includes another's. */
const DJANGO = {
  'conduit/__init__.py': '',
  'conduit/apps/__init__.py': '',
  'conduit/apps/articles/__init__.py': '',
  'conduit/apps/articles/urls.py': "from django.conf.urls import url\n\nfrom .views import ArticlesFeedAPIView, TagListAPIView\n\nurlpatterns = [\n    url(r'^articles/feed/?$', ArticlesFeedAPIView.as_view()),\n    url(r'^tags/?$', TagListAPIView.as_view()),\n]\n",
  'conduit/apps/profiles/__init__.py': '',
  'conduit/apps/profiles/urls.py': "from django.urls import include, path\n\nfrom . import views\n\nurlpatterns = [\n    path('profiles/<str:username>/', views.profile),\n    path('profiles/', include('conduit.apps.profiles.follow_urls')),\n]\n",
  'conduit/apps/profiles/follow_urls.py': "from django.urls import path\n\nfrom . import views\n\nurlpatterns = [path('<str:username>/follow/', views.follow)]\n",
  'conduit/urls.py': "from django.conf.urls import include, url\nfrom django.contrib import admin\n\nurlpatterns = [\n    url(r'^admin/', admin.site.urls),\n    url(r'^api/', include('conduit.apps.articles.urls', namespace='articles')),\n    url(r'^api/', include('conduit.apps.profiles.urls', namespace='profiles')),\n]\n",
}

/** A monorepo with a NestJS app that sets a global prefix, and an Express app beside it. */
const NEST = {
  'apps/api/src/main.ts': "import { NestFactory } from '@nestjs/core'\nimport { AppModule } from './app.module'\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule)\n  app.setGlobalPrefix('api')\n  await app.listen(3000)\n}\n",
  'apps/api/src/app.module.ts': "import { Module } from '@nestjs/common'\n\n@Module({})\nexport class AppModule {}\n",
  'apps/api/src/cats/cats.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller('cats')\nexport class CatsController {\n  @Get(':id')\n  findOne() {}\n}\n",
  'apps/web/server.ts': "import express from 'express'\nconst app = express()\napp.get('/cats/:id', show)\n",
}

/** NestJS's RouterModule over modules in other files, with a global prefix. */
const NEST_MODULES = {
  'src/main.ts': "import { NestFactory } from '@nestjs/core'\nimport { AppModule } from './app.module'\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule)\n  app.setGlobalPrefix('api')\n}\n",
  'src/app.module.ts': "import { Module } from '@nestjs/common'\nimport { RouterModule } from '@nestjs/core'\nimport { AdminModule } from './admin/admin.module'\nimport { UsersModule } from './users/users.module'\n\n@Module({\n  imports: [RouterModule.register([{ path: 'admin', module: AdminModule, children: [{ path: 'users', module: UsersModule }] }])],\n})\nexport class AppModule {}\n",
  'src/admin/admin.module.ts': "import { Module } from '@nestjs/common'\nimport { StatsController } from './stats.controller'\n\n@Module({ controllers: [StatsController] })\nexport class AdminModule {}\n",
  'src/admin/stats.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller('stats')\nexport class StatsController {\n  @Get()\n  all() {}\n}\n",
  'src/users/users.module.ts': "import { Module } from '@nestjs/common'\nimport { UsersController } from './users.controller'\n\n@Module({ controllers: [UsersController] })\nexport class UsersModule {}\n",
  'src/users/users.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller()\nexport class UsersController {\n  @Get(':id')\n  findOne() {}\n}\n",
  'src/health.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller('health')\nexport class HealthController {\n  @Get()\n  check() {}\n}\n",
}

/** Hono apps built as one chain each: the routes' router is the constant the chain initialises. */
const HONO_CHAINS = {
  'api/todos.ts': "import { Hono } from 'hono'\n\nexport const TodoAPI = new Hono()\n  .get('/todos', (c) => c.json([]))\n  .delete('/todos/:id', (c) => c.json([]))\n\nexport const other = new Hono().get('/other', (c) => c.text(''))\n",
  'api/index.ts': "import { Hono } from 'hono'\nimport { TodoAPI } from './todos'\n\nexport default new Hono()\n  .route('/api', TodoAPI)\n",
}

/** go-chi: a router factory of the same file, and one of another package of the module, each mounted under a path. */
const CHI = {
  'go.mod': 'module example.com/shop\n\ngo 1.22\n',
  'main.go':
    'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n\t"example.com/shop/users"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tr.Mount("/admin", adminRouter())\n\tr.Mount("/users", users.Routes())\n\thttp.ListenAndServe(":3000", r)\n}\n\nfunc adminRouter() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/accounts", listAccounts)\n\treturn r\n}\n',
  'users/routes.go': 'package users\n\nimport "github.com/go-chi/chi/v5"\n\nfunc Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/{id}", getUser)\n\treturn r\n}\n',
}

/** Netflix Dispatch's shape: routers composed two levels deep in one file, whose outer router a Starlette mount serves under /api/v1. */
const COMPOSED = {
  'app/incidents.py': "from fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n@router.get('/{incident_id}')\ndef get_incident(incident_id: int):\n    return {}\n",
  'app/api.py':
    "from fastapi import APIRouter\n\nfrom app.incidents import router as incident_router\n\napi_router = APIRouter()\norg_router = APIRouter(prefix='/{organization}')\norg_router.include_router(incident_router, prefix='/incidents')\n\n\n@org_router.get('/search')\ndef search():\n    return []\n\n\napi_router.include_router(org_router)\n",
  'app/main.py': "from fastapi import FastAPI\n\nfrom app.api import api_router\n\napp = FastAPI()\napi = FastAPI()\napi.include_router(api_router)\napp.mount('/api/v1', app=api)\n",
}

/** An Express router served under two paths (a versioned alias), and mounted once more in another file. */
const TWICE = {
  'src/users.ts': "import { Router } from 'express'\n\nconst router = Router()\nrouter.get('/users/:id', getUser)\nexport default router\n",
  'src/app.ts': "import express from 'express'\nimport users from './users'\n\nconst app = express()\napp.use('/api', users)\napp.use('/api/v1', users)\n",
}

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
      'conduit/apps/articles/urls.py:6 * ^api/articles/feed/?$ (^articles/feed/?$)',
      'conduit/apps/articles/urls.py:7 * ^api/tags/?$ (^tags/?$)',
      'conduit/apps/profiles/follow_urls.py:5 * ^api/profiles/<str:username>/follow/ (<str:username>/follow/)',
      'conduit/apps/profiles/urls.py:6 * ^api/profiles/<str:username>/ (profiles/<str:username>/)',
    ])
    // The project's URLconf edited alone moves the routes of every URLconf it includes, directly or not.
    const [edited] = await layersOfText({ 'conduit/urls.py': DJANGO['conduit/urls.py'].replaceAll("r'^api/'", "r'^api/v2/'") })
    expect(graph.apply({ upsert: [edited!] }).rerouted).toEqual(['conduit/apps/articles/urls.py', 'conduit/apps/profiles/follow_urls.py', 'conduit/apps/profiles/urls.py'])
    expect(routes(graph)[1]).toBe('conduit/apps/articles/urls.py:7 * ^api/v2/tags/?$ (^tags/?$)')
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

  it("gives a DRF viewset's extra actions the prefix of the router that registers it in another file, and its detail route the viewset's lookup", async () => {
    const graph = new LayerGraph(await layersOfText(DRF))
    expect(routes(graph)).toEqual([
      'conduit/articles/urls.py:6 * ^api/articles/$ (^articles/$)',
      // The router's file writes DRF's default `pk`; the graph reads the viewset's `lookup_field` in its file.
      'conduit/articles/urls.py:6 * ^api/articles/(?P<slug>[^/.]+)/$ (^articles/(?P<pk>[^/.]+)/$)',
      'conduit/articles/views.py:8 POST ^api/articles/(?P<slug>[^/.]+)/favorite/$ ((?P<slug>[^/.]+)/favorite/$)',
    ])
    // Stored and loaded back, the same; without the include, the lookup still applies.
    expect(routes(new LayerGraph([...graph.files()]))).toEqual(routes(graph))
    graph.apply({ remove: ['conduit/urls.py'] })
    expect(routes(graph)[1]).toBe('conduit/articles/urls.py:6 * ^articles/(?P<slug>[^/.]+)/$ (^articles/(?P<pk>[^/.]+)/$)')
    // The viewset's lookup changes: the router's route follows.
    const [edited] = await layersOfText({ 'conduit/articles/views.py': DRF['conduit/articles/views.py'].replace("lookup_field = 'slug'", "lookup_url_kwarg = 'article'") })
    expect(graph.apply({ upsert: [edited!] }).rerouted).toContain('conduit/articles/urls.py')
    expect(routes(graph)[1]).toBe('conduit/articles/urls.py:6 * ^articles/(?P<article>[^/.]+)/$ (^articles/(?P<pk>[^/.]+)/$)')
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
