import { describe, expect, it } from 'vitest'
import { chunker, mountsOf } from './mounts-of.js'

describe('mounts of routers defined in other files', () => {
  it("reads Express's and Hono's use/route of imported routers, after the mounting router's own prefix; middleware is not a mount, a local router is linked to the one it is mounted on", async () => {
    const { mounts, routes } = await mountsOf('src/app.ts', [
      "import express, { Router } from 'express'",
      "import cors from 'cors'",
      "import orders from './routes/orders'",
      "import { users as userRoutes } from '@/routes/users'",
      "const admin = require('./admin')",
      'const app = express()',
      "const api = Router({ prefix: '/api' })",
      'const local = Router()',
      "local.get('/ping', ping)",
      'app.use(cors())',
      'app.use(cors)',
      "app.use('/local', local)",
      "api.use('/orders', orders)",
      "app.use('/users', auth, userRoutes)",
      'app.use(admin)',
      'export default Router()',
      '  .use(orders)',
      "app.get('/health', health)",
      "api.route('/books').get(listBooks)",
    ])
    expect(mounts).toEqual([
      // Its routes have the path already: the link carries other files' mounts of `app` to them.
      'local at "" on "app" line 12',
      'orders at "/api/orders" on "api" line 13',
      'userRoutes at "/users" on "app" line 14',
      'admin at "" on "app" line 15',
      // A chain on an expression mounts on no named router.
      'orders at "" on "" line 17',
    ])
    expect(routes).toEqual(['GET /local/ping on local', 'GET /health on app', 'GET /api/books on api'])
  })

  it("reads go-chi's Mount of router factories (the file's own and another package's), under the Route blocks around it, in a file that also groups", async () => {
    const { mounts } = await mountsOf('main.go', [
      'package main',
      '',
      'import (',
      '\t"github.com/go-chi/chi/v5"',
      '\t"example.com/shop/users"',
      ')',
      '',
      'func main() {',
      '\tr := chi.NewRouter()',
      '\tr.Group(func(r chi.Router) { r.Use(auth) })',
      '\tr.Mount("/admin", adminRouter())',
      '\tr.Route("/api", func(r chi.Router) {',
      '\t\tr.Route("/v1", func(v chi.Router) {',
      '\t\t\tv.Mount("/users", users.Routes())',
      '\t\t})',
      '\t})',
      '\tr.Mount("/debug", chi.NewRouter())',
      '}',
      '',
      'func adminRouter() chi.Router { return chi.NewRouter() }',
    ])
    expect(mounts).toEqual(['adminRouter at "/admin" on "r" line 11', 'users.Routes at "/api/v1/users" on "v" line 14'])
  })

  it("reads a CommonJS app's routers required in place, but not a package's middleware", async () => {
    const { mounts } = await mountsOf('routes/index.js', [
      "const router = require('express').Router()",
      "router.use('/api', require('./api'))",
      "router.use(require('../users'))",
      "router.use(require('cors')())",
      "router.use('/static', require('serve-static'))",
      'module.exports = router',
    ])
    expect(mounts).toEqual([`require('./api') at "/api" on "router" line 2`, `require('../users') at "" on "router" line 3`])
  })

  it("reads router factories of the project (createApiRouter(deps), require('./routes')(app)), not a package's middleware factories", async () => {
    const { mounts } = await mountsOf('src/server.ts', [
      "import express from 'express'",
      "import helmet from 'helmet'",
      "import { createApiRouter } from './api/router'",
      "import * as admin from './admin'",
      'const app = express()',
      'app.use(helmet())',
      'app.use(express.json())',
      "app.use('/api', createApiRouter({ db }))",
      "app.use('/admin', admin.routes.build())",
      "app.use(require('./legacy')(app))",
      'app.use(localFactory())',
      'const v2 = createApiRouter({ db, version: 2 })',
      "app.use('/v2', v2)",
      'const local = express.Router()',
      "app.use('/local', local)",
    ])
    expect(mounts).toEqual([
      'createApiRouter at "/api" on "app" line 8',
      'admin.routes.build at "/admin" on "app" line 9',
      `require('./legacy') at "" on "app" line 10`,
      // A variable holding a factory's result mounts the factory.
      'createApiRouter at "/v2" on "app" line 13',
      'local at "" on "app" line 15',
    ])
  })

  it('reads a router handed to an imported registration function, and a mount path from configuration', async () => {
    // bulletproof-nodejs: src/api/index.ts and src/loaders/express.ts
    const api = await mountsOf('src/api/index.ts', [
      "import { Router } from 'express'",
      "import auth from './routes/auth'",
      "import { logger } from 'winston'",
      'export default () => {',
      '  const app = Router()',
      '  auth(app)',
      '  logger(app)',
      '  auth(other)',
      '  return app',
      '}',
    ])
    expect(api.mounts).toEqual(['auth at "" on "app" line 6'])
    const loader = await mountsOf('src/loaders/express.ts', [
      "import routes from '@/api'",
      "import config from '@/config'",
      "import { authenticate } from './auth'",
      'export default ({ app }) => {',
      '  app.use(config.api.prefix, routes())',
      '  app.use(authenticate, routes())',
      '  // A constant named in capitals is a path (`const API = "/api"`); a lower-case name is middleware.',
      '  app.use(API, routes())',
      '}',
    ])
    expect(loader.mounts).toEqual(['routes at "{config.api.prefix}" on "app" line 5', 'routes at "{API}" on "app" line 8'])
  })

  it("reads Django's included URLconfs under their route, and imports them; DRF routers' urls and admin are not modules", async () => {
    const { layers } = await chunker.chunkWithLayers({
      path: 'conduit/urls.py',
      content: [
        'from django.conf.urls import include, url',
        'from django.contrib import admin',
        'from rest_framework.routers import DefaultRouter',
        'router = DefaultRouter()',
        'urlpatterns = [',
        "    url(r'^admin/', admin.site.urls),",
        "    url(r'^api/', include('conduit.apps.articles.urls', namespace='articles')),",
        "    path('blog/', include('blog.urls')),",
        "    path('v2/', include(router.urls)),",
        ']',
      ].join('\n'),
      format: 'code',
    })
    expect(layers.edges.filter((e) => e.kind === 'mounts').map((e) => `${e.target} at ${JSON.stringify(e.prefix)} line ${e.startLine}`)).toEqual([
      `include('conduit.apps.articles.urls') at "^api/" line 7`,
      `include('blog.urls') at "blog/" line 8`,
    ])
    expect(layers.edges.filter((e) => e.kind === 'imports').map((e) => e.target)).toEqual(expect.arrayContaining(['conduit.apps.articles.urls', 'blog.urls']))
    // Outside a URLconf, a function called include is not Django's.
    const other = await mountsOf('build/setup.py', ['from django.urls import include', "path('x/', include('a.urls'))"])
    expect(other.mounts).toEqual([])
  })

  it("reads NestJS's RouterModule tree and the controllers each @Module declares, whose routes name their class", async () => {
    const app = await mountsOf('src/app.module.ts', [
      "import { Module } from '@nestjs/common'",
      "import { RouterModule } from '@nestjs/core'",
      "import { AdminModule } from './admin/admin.module'",
      "import { UsersModule } from './users/users.module'",
      "import { AppController } from './app.controller'",
      '@Module({',
      '  imports: [',
      '    RouterModule.register([',
      "      { path: 'admin', module: AdminModule, children: [{ path: 'users', module: UsersModule }] },",
      '    ]),',
      '  ],',
      '  controllers: [AppController],',
      '})',
      'export class AppModule {}',
    ])
    expect(app.mounts).toEqual([
      'AdminModule at "/admin" on "" line 8',
      'UsersModule at "/admin/users" on "" line 8',
      'AppController at "" on "AppModule" line 6',
    ])
    const controller = await mountsOf('src/users/users.controller.ts', [
      "import { Controller, Get } from '@nestjs/common'",
      "@Controller('users')",
      'export class UsersController {',
      "  @Get(':id')",
      '  findOne() {}',
      '}',
    ])
    expect(controller.routes).toEqual(['GET /users/:id on UsersController'])
  })

  it('reads routers mounted in a loop over a table of paths and routers (node-express-boilerplate)', async () => {
    const { mounts } = await mountsOf('src/routes/v1/index.js', [
      "const express = require('express')",
      "const authRoute = require('./auth.route')",
      "const userRoute = require('./user.route')",
      'const router = express.Router()',
      'const defaultRoutes = [',
      "  { path: '/auth', route: authRoute },",
      "  { path: '/users', route: userRoute },",
      "  { path: '/local', route: localRoute },",
      ']',
      'const devRoutes = [',
      "  // routes available only in development mode (don't ship them)",
      "  { path: '/docs', route: docsRoute },",
      ']',
      "const docsRoute = require('./docs.route')",
      'defaultRoutes.forEach((route) => {',
      '  router.use(route.path, route.route)',
      '})',
      'devRoutes.forEach((route) => {',
      '  router.use(route.path, route.route)',
      '})',
      'module.exports = router',
    ])
    expect(mounts).toEqual(['authRoute at "/auth" on "router" line 16', 'userRoute at "/users" on "router" line 16', 'docsRoute at "/docs" on "router" line 19'])
  })

  it("reads Fastify's registered plugins with their prefix option, and Koa's router.routes()", async () => {
    const { mounts } = await mountsOf('src/server.ts', [
      "import Fastify from 'fastify'",
      "import Koa from 'koa'",
      "import Router from '@koa/router'",
      "import usersRoutes from './routes/users'",
      "import { books } from './routes/books'",
      'const app = Fastify()',
      "app.register(usersRoutes, { prefix: '/users' })",
      "app.register(import('./routes/health'))",
      "app.register(require('@fastify/cors'), { origin: true })",
      'const api = new Router()',
      "api.use('/books', books.routes())",
      '// koa-router answers OPTIONS and 405s with allowedMethods(): middleware, not a router.',
      'api.use(books.allowedMethods())',
      "import { authors } from './routes/authors'",
      "api.use('/authors', authors.routes(), authors.allowedMethods())",
    ])
    expect(mounts).toEqual([
      'usersRoutes at "/users" on "app" line 7',
      `import('./routes/health') at "" on "app" line 8`,
      'books at "/books" on "api" line 11',
      'authors at "/authors" on "api" line 15',
    ])
  })

  it("reads Fastify's autoloader: its directory relative to the file and its options' prefix; another plugin's register, or folders' paths turned off, is none", async () => {
    const { mounts } = await mountsOf('src/app.ts', [
      "import AutoLoad from '@fastify/autoload'",
      "import path from 'node:path'",
      'export default async function app(fastify, opts) {',
      "  fastify.register(AutoLoad, { dir: path.join(__dirname, 'plugins'), options: Object.assign({}, opts) })",
      "  fastify.register(AutoLoad, { dir: path.join(import.meta.dirname, 'routes'), options: { prefix: '/api' } })",
      "  fastify.register(cors, { origin: true })",
      "  fastify.register(AutoLoad, { dir: path.join(__dirname, 'services'), options: opts, dirNameRoutePrefix: false })",
      '}',
    ])
    expect(mounts).toEqual(['plugins at "" on "fastify" line 4', 'routes at "/api" on "fastify" line 5'])
  })

  it('reads Go functions handed a Gin or Echo route group made in place or kept in a variable', async () => {
    const { mounts } = await mountsOf('main.go', [
      'package main',
      '',
      'import "github.com/gin-gonic/gin"',
      '',
      'func main() {',
      '\tr := gin.Default()',
      '\tv1 := r.Group("/api")',
      '\tusers.UsersRegister(v1.Group("/users"))',
      '\tarticles.Register(v1)',
      '\tr.Use(gin.Logger())',
      '\tr.GET("/ping", ping)',
      '}',
    ])
    expect(mounts).toEqual(['users.UsersRegister at "/api/users" on "v1" line 8', 'articles.Register at "/api" on "v1" line 9'])
  })

  it("reads Fiber's sub-apps mounted with Use and Mount under a path, of another package or this file; Use without a path is middleware", async () => {
    const { mounts, routes } = await mountsOf('main.go', [
      'package main',
      '',
      'import (',
      '\t"github.com/acme/shop/admin"',
      '\t"github.com/gofiber/fiber/v2"',
      ')',
      '',
      'func routes() {',
      '\tapp := fiber.New()',
      '\tapp.Use(logger.New())',
      '\tapp.Use(admin.Protected)',
      '\tapi := app.Group("/api")',
      '\tapi.Use("/admin", admin.Routes())',
      '\tapp.Mount("/v2", v2.App())',
      '\tshop := fiber.New()',
      '\tshop.Get("/items", items)',
      '\tapp.Use("/shop", shop)',
      '}',
    ])
    expect(mounts).toEqual(['admin.Routes at "/api/admin" on "api" line 13'])
    expect(routes).toEqual(['GET /shop/items on shop'])
  })

  it("reads NestJS's global prefix where the app is created, and nowhere else", async () => {
    const nest = await mountsOf('src/main.ts', [
      "import { NestFactory } from '@nestjs/core'",
      "import { AppModule } from './app.module'",
      'async function bootstrap() {',
      '  const app = await NestFactory.create(AppModule)',
      "  app.setGlobalPrefix('api/v1')",
      '}',
    ])
    expect(nest.mounts).toEqual(['* at "/api/v1" on "app" line 5'])
    // Without Nest's core imported, a method of that name is someone else's.
    expect((await mountsOf('src/other.ts', ["client.setGlobalPrefix('x')"])).mounts).toEqual([])
  })

  it("reads NestJS's URI versioning (its prefix, `v` by default) and a global prefix computed at startup; other versioning types add no path", async () => {
    const bootstrap = (lines: string[]): string[] => ["import { NestFactory } from '@nestjs/core'", 'async function bootstrap() {', '  const app = await NestFactory.create(AppModule)', ...lines, '}']
    const uri = await mountsOf('src/main.ts', bootstrap(["  app.setGlobalPrefix(configService.getOrThrow('app.apiPrefix'))", '  app.enableVersioning({ type: VersioningType.URI })']))
    expect(uri.mounts).toEqual(['* at "{configService.getOrThrow}" on "app" line 4', '* at "v" on "app" line 5'])
    const named = await mountsOf('src/main.ts', bootstrap(["  app.enableVersioning({ type: VersioningType.URI, prefix: 'version-' })"]))
    expect(named.mounts).toEqual(['* at "version-" on "app" line 4'])
    const header = await mountsOf('src/main.ts', bootstrap(["  app.enableVersioning({ type: VersioningType.HEADER, header: 'Custom-Header' })"]))
    expect(header.mounts).toEqual([])
  })

  it('is not thrown off by calls named like Object.prototype members (ky\'s browser tests lost all their routes to one)', async () => {
    const { mounts, routes } = await mountsOf('test/browser.ts', [
      "import express from 'express'",
      "import api from './api'",
      'const server = express()',
      'const text = body.toString()',
      "const made = value.constructor('x')",
      "server.use('/api', api)",
      "server.get('/test', (request, response) => response.end(made.valueOf()))",
    ])
    expect(mounts).toEqual(['api at "/api" on "server" line 6'])
    expect(routes).toEqual(['GET /test on server'])
  })

  it("reads FastAPI's include_router and Flask's register_blueprint, a computed prefix as {expr}, and applies a mount of the file's own router to its routes", async () => {
    const fastapi = await mountsOf('app/main.py', [
      'from fastapi import FastAPI, APIRouter',
      'from app.api.routes import items, login',
      'from app.core.config import settings',
      'from app.api.deps import router as deps_router',
      'app = FastAPI()',
      'api_router = APIRouter()',
      'api_router.include_router(login.router)',
      "api_router.include_router(items.router, prefix='/items', tags=['items'])",
      'app.include_router(api_router, prefix=settings.API_V1_STR)',
      'app.include_router(deps_router)',
      '',
      "@api_router.get('/status')",
      'def status():',
      '    return {}',
    ])
    // `api_router` is mounted in this file: its routes, and the routers mounted on it, get its prefix.
    expect(fastapi.mounts).toEqual([
      'login.router at "{settings.API_V1_STR}" on "api_router" line 7',
      'items.router at "{settings.API_V1_STR}/items" on "api_router" line 8',
      'api_router at "" on "app" line 9',
      'deps_router at "" on "app" line 10',
    ])
    expect(fastapi.routes).toEqual(['GET {settings.API_V1_STR}/status on api_router'])
    const flask = await mountsOf('app/__init__.py', [
      'from flask import Flask',
      '',
      'def create_app():',
      '    app = Flask(__name__)',
      '    from app.auth import bp as auth_bp',
      "    app.register_blueprint(auth_bp, url_prefix='/auth')",
      '    from app.main import bp as main_bp',
      '    app.register_blueprint(main_bp)',
      '    return app',
    ])
    expect(flask.mounts).toEqual(['auth_bp at "/auth" on "app" line 6', 'main_bp at "" on "app" line 8'])
  })

  it("reads Starlette's app.mount('/api/v1', app=api) with the app as a keyword, over a FastAPI app that includes an imported router", async () => {
    const { mounts } = await mountsOf('dispatch/main.py', [
      'from fastapi import FastAPI',
      'from starlette.staticfiles import StaticFiles',
      'from .api import api_router',
      'app = FastAPI()',
      'api = FastAPI()',
      'frontend = FastAPI()',
      'api.include_router(api_router)',
      "frontend.mount('/', StaticFiles(directory='static'), name='app')",
      "app.mount('/api/v1', app=api)",
      "app.mount('/', app=frontend)",
    ])
    expect(mounts).toEqual(['api_router at "/api/v1" on "api" line 7', 'api at "" on "app" line 9', 'frontend at "" on "app" line 10'])
  })

  it("reads Ktor's route extensions called inside route blocks as mounts under those blocks' paths; calls in handlers and outside routes are not", async () => {
    const ktor = await mountsOf('src/main/kotlin/com/acme/Routing.kt', [
      'package com.acme',
      '',
      'import io.ktor.server.routing.*',
      '',
      'fun Application.module() {',
      '    routing {',
      '        healthRoutes()',
      '        route("/api") {',
      '            route("v1") {',
      '                userRoutes()',
      '                get("/ping") { audit() }',
      '            }',
      '            orderRoutes(); adminRoutes()',
      '        }',
      '    }',
      '}',
    ])
    expect(ktor.mounts).toEqual(['userRoutes at "/api/v1" on "" line 10', 'orderRoutes at "/api" on "" line 13', 'adminRoutes at "/api" on "" line 13'])
    expect(ktor.routes).toEqual(['GET /api/v1/ping on -'])
  })
})
