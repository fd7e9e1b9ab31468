import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** `route -> handler => handler symbol id` of every entrypoint. */
const handlers = (graph: LayerGraph): string[] => graph.entrypoints({}).map((e) => `${e.method} ${e.route} -> ${e.handler} => ${e.handlerSymbolId}`)

/** laravel-realworld's shape: routes naming controllers imported with `use`, one namespaced string handler. */
const LARAVEL = {
  'composer.json': '{ "autoload": { "psr-4": { "App\\\\": "app/" } } }\n',
  'routes/api.php': [
    '<?php',
    '',
    'use App\\Http\\Controllers\\Api\\ArticleController;',
    'use Illuminate\\Support\\Facades\\Route;',
    '',
    "Route::get('articles', [ArticleController::class, 'list']);",
    "Route::post('users/login', 'Auth\\LoginController@login');",
    "Route::get('missing', [ArticleController::class, 'nowhere']);",
    '',
  ].join('\n'),
  'app/Http/Controllers/Api/ArticleController.php':
    '<?php\n\nnamespace App\\Http\\Controllers\\Api;\n\nclass ArticleController extends Controller\n{\n    public function list()\n    {\n        return [];\n    }\n}\n',
  'app/Http/Controllers/Auth/LoginController.php':
    '<?php\n\nnamespace App\\Http\\Controllers\\Auth;\n\nclass LoginController extends Controller\n{\n    public function login($request)\n    {\n        return null;\n    }\n}\n',
}

/** Firefly III's shape: string actions under group namespaces, naming one of several `IndexController` classes. */
const FIREFLY = {
  'routes/web.php': [
    '<?php',
    '',
    "Route::group(['namespace' => 'FireflyIII\\Http\\Controllers\\Account'], static function (): void {",
    "    Route::get('accounts', ['uses' => 'IndexController@index']);",
    '});',
    "Route::group(['namespace' => 'FireflyIII\\Http\\Controllers'], static function (): void {",
    "    Route::get('budgets', 'Budget\\IndexController@index');",
    "    Route::get('bills', 'Bill\\IndexController@index');",
    '});',
    '',
  ].join('\n'),
  'app/Http/Controllers/Account/IndexController.php':
    '<?php\n\nnamespace FireflyIII\\Http\\Controllers\\Account;\n\nclass IndexController extends Controller\n{\n    public function index()\n    {\n    }\n}\n',
  'app/Http/Controllers/Budget/IndexController.php':
    '<?php\n\nnamespace FireflyIII\\Http\\Controllers\\Budget;\n\nclass IndexController extends Controller\n{\n    public function index()\n    {\n    }\n}\n',
}

/**
 * A Rails app with an admin namespace, an engine whose controller of the same name must not be
 * taken, and maybe's actions from a concern or a base controller, a singular resource in a module.
 */
const RAILS = {
  'config/routes.rb': [
    'Rails.application.routes.draw do',
    '  resources :stories, only: [:index]',
    '  namespace :admin do',
    "    get 'stats', to: 'stats#index'",
    '  end',
    '  resources :depositories, only: %i[new show edit]',
    '  resources :imports, only: [] do',
    '    resource :upload, only: :show, module: :import',
    '  end',
    'end',
    '',
  ].join('\n'),
  'app/controllers/depositories_controller.rb': 'class DepositoriesController < BaseController\n  include AccountableResource\n\n  def edit\n  end\nend\n',
  'app/controllers/base_controller.rb': 'class BaseController < ApplicationController\n  def show\n  end\nend\n',
  'app/controllers/concerns/accountable_resource.rb': 'module AccountableResource\n  extend ActiveSupport::Concern\n\n  def new\n  end\n\n  def show\n  end\nend\n',
  'app/controllers/import/uploads_controller.rb': 'class Import::UploadsController < ApplicationController\n  def show\n  end\nend\n',
  'app/controllers/stories_controller.rb': 'class StoriesController < ApplicationController\n  def index\n    @stories = Story.all\n  end\nend\n',
  'app/controllers/admin/stats_controller.rb': 'module Admin\n  class StatsController < ApplicationController\n    def index\n    end\n  end\nend\n',
  'engines/blog/app/controllers/stories_controller.rb': 'class StoriesController < ApplicationController\n  def index\n  end\nend\n',
}

/** Django's URLconf naming views of the module it imports, and the Express RealWorld controllers required by a router. */
const DJANGO_AND_EXPRESS = {
  'blog/__init__.py': '',
  'blog/urls.py': "from django.urls import path\n\nfrom . import views\nfrom .feeds import LatestEntries\n\nurlpatterns = [\n    path('articles/<int:year>/', views.year_archive),\n    path('feed/', LatestEntries()),\n]\n",
  'blog/views.py': 'def year_archive(request, year):\n    return None\n',
  'blog/feeds.py': 'class LatestEntries:\n    pass\n',
  'server/routes/users.js': "const router = require('express').Router()\nconst controller = require('../controllers/users')\n\nrouter.get('/users', controller.list)\nrouter.post('/users', controller.create)\nrouter.get('/health', notFound)\n\nmodule.exports = router\n",
  'server/controllers/users.js': 'exports.list = function list(req, res) {}\n\nconst create = catchAsync(async (req, res) => {})\n\nexports.create = create\n',
  'server/app.js': "const cors = require('cors')\nconst express = require('express')\nconst app = express()\n\napp.options('*', cors())\n",
  'server/a.js': 'function notFound(req, res) {}\nmodule.exports = notFound\n',
  'server/b.js': 'function notFound(req, res) {}\nmodule.exports = notFound\n',
}

/** The Echo RealWorld app: `h.Login` on the receiver of the registering method, defined in another file of the package. */
const ECHO = {
  'go.mod': 'module github.com/acme/conduit\n\ngo 1.22\n',
  'handler/handler.go': 'package handler\n\ntype Handler struct{}\n',
  'handler/user.go': 'package handler\n\nimport "github.com/labstack/echo/v4"\n\nfunc (h *Handler) Login(c echo.Context) error { return nil }\n',
  'handler/routes.go': 'package handler\n\nimport (\n\t"net/http"\n\n\t"github.com/labstack/echo/v4"\n)\n\nfunc (h *Handler) Register(v1 *echo.Group) {\n\tv1.POST("/users/login", h.Login)\n\tv1.GET("/none", http.NotFoundHandler)\n}\n',
}

/** go-gin-example's shape: `v1.GetTags` is the `v1` package's, while another file of it imports a `models` package defining a `GetTags` too. */
const GIN = {
  'go.mod': 'module github.com/acme/blog\n\ngo 1.22\n',
  'models/tag.go': 'package models\n\nfunc GetTags(pageNum int) []string { return nil }\n',
  'routers/api/v1/article.go': 'package v1\n\nimport "github.com/acme/blog/models"\n\nfunc GetArticles() { models.GetTags(1) }\n',
  'routers/api/v1/tag.go': 'package v1\n\nimport "github.com/gin-gonic/gin"\n\nfunc GetTags(c *gin.Context) {}\n',
  'routers/router.go':
    'package routers\n\nimport (\n\t"github.com/gin-gonic/gin"\n\n\tv1 "github.com/acme/blog/routers/api/v1"\n)\n\nfunc InitRouter() {\n\tr := gin.New()\n\tapi := r.Group("/api/v1")\n\tapi.GET("/tags", v1.GetTags)\n}\n',
}

/** typescript-express-starter's and go-clean-template's shape: handlers on controllers held in fields, constants and locals. */
const TYPED = {
  'src/routes/users.route.ts': [
    "import { Router } from 'express'",
    "import { AuthController } from '../controllers/auth.controller'",
    "import { UserController } from '../controllers/users.controller'",
    '',
    'const users = new UserController()',
    '',
    'export class AuthRoute {',
    '  public router = Router()',
    '  public auth = new AuthController()',
    '',
    '  constructor() {',
    "    this.router.post('/signup', this.auth.signUp)",
    "    this.router.get('/users', users.getUsers)",
    '  }',
    '}',
    '',
    'export function mount(router: Router, controller: UserController) {',
    "  router.get('/users/:id', controller.getUserById)",
    '}',
    '',
  ].join('\n'),
  'src/controllers/auth.controller.ts': 'export class AuthController {\n  public signUp = async (req, res) => {}\n}\n',
  'src/controllers/users.controller.ts': 'export class UserController {\n  public getUsers = async (req, res) => {}\n\n  public getUserById = async (req, res) => {}\n}\n',
  'go.mod': 'module github.com/acme/app\n\ngo 1.22\n',
  'internal/handlers/auth.go': 'package handlers\n\ntype AuthHandler struct{}\n\nfunc NewAuthHandler(s any) *AuthHandler { return &AuthHandler{} }\n',
  // A Go method may be declared in another file of its type's package.
  'internal/handlers/login.go': 'package handlers\n\nfunc (h *AuthHandler) Login(c any) {}\n',
  // go-clean-template's layout: `r := &V1{...}` of the router's own package, among other packages' `V1`s.
  'internal/restapi/v1/controller.go': 'package v1\n\ntype V1 struct{}\n',
  'internal/restapi/v1/user.go': 'package v1\n\nfunc (r *V1) register(c any) error { return nil }\n',
  'internal/restapi/v1/router.go': 'package v1\n\nimport "github.com/gofiber/fiber/v2"\n\nfunc NewRoutes(g fiber.Router) {\n\tr := &V1{}\n\tg.Post("/register", r.register)\n}\n',
  'internal/natsrpc/v1/controller.go': 'package v1\n\ntype V1 struct{}\n\nfunc (r *V1) register() {}\n',
  'internal/router/router.go':
    'package router\n\nimport (\n\t"github.com/gin-gonic/gin"\n\n\t"github.com/acme/app/internal/handlers"\n)\n\nfunc New(g *gin.Engine) {\n\th := handlers.NewAuthHandler(nil)\n\tg.POST("/login", h.Login)\n}\n',
}

/** The Koa realworld app's shape: controllers exported as object literals, reached through an index of requires. */
const KOA = {
  'src/controllers/comments-controller.js': 'module.exports = {\n  async get(ctx) {\n    ctx.body = { comments: [] }\n  },\n}\n',
  'src/controllers/articles-controller.js': [
    'const comments = require("./comments-controller")',
    '',
    'module.exports = {',
    '  comments,',
    '  async getOne(ctx) {',
    '    ctx.body = { article: ctx.params.article }',
    '  },',
    '  put: async (ctx) => {',
    '    ctx.body = {}',
    '  },',
    '  favorite: {',
    '    async post(ctx) {',
    '      ctx.body = {}',
    '    },',
    '  },',
    '}',
    '',
  ].join('\n'),
  'src/controllers/index.js': 'const articles = require("./articles-controller")\n\nmodule.exports = {\n  articles,\n}\n',
  'src/routes/articles-router.js': [
    'const Router = require("koa-router")',
    'const ctrl = require("../controllers").articles',
    'const router = new Router()',
    'router.get("/articles/:slug", ctrl.getOne)',
    'router.put("/articles/:slug", ctrl.put)',
    'router.post("/articles/:slug/favorite", ctrl.favorite.post)',
    'router.get("/articles/:slug/comments", ctrl.comments.get)',
    'module.exports = router.routes()',
    '',
  ].join('\n'),
}

describe('handlers defined in other files', () => {
  it("links Laravel's controller actions, by the controller's import or its one definition, and none that is not defined", async () => {
    const graph = new LayerGraph(await layersOfText(LARAVEL))
    expect(handlers(graph)).toEqual([
      'GET /api/articles -> ArticleController.list => app/Http/Controllers/Api/ArticleController.php#ArticleController.list',
      'POST /api/users/login -> Auth\\LoginController.login => app/Http/Controllers/Auth/LoginController.php#LoginController.login',
      'GET /api/missing -> ArticleController.nowhere => ',
    ])
  })

  it('links a Laravel string action by the namespace it is written or grouped with, among classes of one name', async () => {
    const graph = new LayerGraph(await layersOfText(FIREFLY))
    expect(handlers(graph)).toEqual([
      'GET /accounts -> FireflyIII\\Http\\Controllers\\Account\\IndexController.index => app/Http/Controllers/Account/IndexController.php#IndexController.index',
      'GET /budgets -> FireflyIII\\Http\\Controllers\\Budget\\IndexController.index => app/Http/Controllers/Budget/IndexController.php#IndexController.index',
      'GET /bills -> FireflyIII\\Http\\Controllers\\Bill\\IndexController.index => ',
    ])
  })

  it("links Rails' controller#action to the application's controller file, namespaced ones too, not an engine's", async () => {
    const graph = new LayerGraph(await layersOfText(RAILS))
    expect(handlers(graph)).toEqual([
      'GET /stories -> stories#index => app/controllers/stories_controller.rb#StoriesController.index',
      'GET /admin/stats -> admin/stats#index => app/controllers/admin/stats_controller.rb#Admin.StatsController.index',
      // The concern's `show` comes before the base controller's, as in Ruby.
      'GET /depositories/new -> depositories#new => app/controllers/concerns/accountable_resource.rb#AccountableResource.new',
      'GET /depositories/:id -> depositories#show => app/controllers/concerns/accountable_resource.rb#AccountableResource.show',
      'GET /depositories/:id/edit -> depositories#edit => app/controllers/depositories_controller.rb#DepositoriesController.edit',
      'GET /imports/:import_id/upload -> import/uploads#show => app/controllers/import/uploads_controller.rb#Import.UploadsController.show',
    ])
  })

  it("links a Django URLconf's views and an Express router's required controller, and leaves a name defined twice or required from a package unlinked", async () => {
    const graph = new LayerGraph(await layersOfText(DJANGO_AND_EXPRESS))
    expect(handlers(graph)).toEqual([
      '* /articles/<int:year>/ -> views.year_archive => blog/views.py#year_archive',
      '* /feed/ -> LatestEntries => blog/feeds.py#LatestEntries',
      'OPTIONS * -> cors => ',
      'GET /users -> controller.list => server/controllers/users.js#list',
      'POST /users -> controller.create => server/controllers/users.js#create',
      'GET /health -> notFound => ',
    ])
  })

  it("links a Go method value on the registering method's receiver, and not a standard library handler", async () => {
    const graph = new LayerGraph(await layersOfText(ECHO))
    expect(handlers(graph)).toEqual(['POST /users/login -> h.Login => handler/user.go#Handler.Login', 'GET /none -> http.NotFoundHandler => '])
  })

  it("links a Go package's handler to that package's own definition, not to one a file of it imports", async () => {
    const graph = new LayerGraph(await layersOfText(GIN))
    expect(handlers(graph)).toEqual(['GET /api/v1/tags -> v1.GetTags => routers/api/v1/tag.go#GetTags'])
    const call = graph.edgesOf('routers/api/v1/article.go').find((edge) => edge.kind === 'calls' && edge.target === 'GetTags')
    expect(call?.targetSymbolId).toBe('models/tag.go#GetTags')
  })

  it('links handlers on controllers held in class fields, module constants, Go locals (a method in another file of the package) and typed parameters', async () => {
    const graph = new LayerGraph(await layersOfText(TYPED))
    expect(handlers(graph)).toEqual([
      'POST /register -> V1.register => internal/restapi/v1/user.go#V1.register',
      'POST /login -> handlers.AuthHandler.Login => internal/handlers/login.go#AuthHandler.Login',
      'POST /signup -> AuthController.signUp => src/controllers/auth.controller.ts#AuthController.signUp',
      'GET /users -> UserController.getUsers => src/controllers/users.controller.ts#UserController.getUsers',
      'GET /users/:id -> controller.getUserById => src/controllers/users.controller.ts#UserController.getUserById',
    ])
  })

  it('follows the handler when its file changes, and stores the route file again', async () => {
    const graph = new LayerGraph(await layersOfText(LARAVEL))
    const [moved] = await layersOfText({
      'app/Http/Controllers/Api/ArticleController.php': LARAVEL['app/Http/Controllers/Api/ArticleController.php'].replace('function list()', 'function index()'),
    })
    expect(graph.apply({ upsert: [moved!] }).rerouted).toEqual(['routes/api.php'])
    expect(handlers(graph)[0]).toBe('GET /api/articles -> ArticleController.list => ')
    // Stored and loaded back, the records keep their links; nothing changes on the next change.
    const reloaded = new LayerGraph([...graph.files()])
    expect(handlers(reloaded)).toEqual(handlers(graph))
    expect(graph.apply({ upsert: [] }).rerouted).toEqual([])
  })

  it('answers dependency queries with routes: a route file leads to its handlers, and a handler or its file back to the routes that reach it', async () => {
    const graph = new LayerGraph(await layersOfText(LARAVEL))
    const line = ({ edge, depth }: { edge: { path: string; startLine: number; kind: string; target: string; targetSymbolId: string }; depth: number }): string =>
      `${depth} ${edge.path}:${edge.startLine} ${edge.kind} ${edge.target} -> ${edge.targetSymbolId}`
    expect(graph.dependencies({ from: 'routes/api.php', kinds: ['routes'] }).map(line)).toEqual([
      '1 routes/api.php:6 routes GET /api/articles -> app/Http/Controllers/Api/ArticleController.php#ArticleController.list',
      '1 routes/api.php:7 routes POST /api/users/login -> app/Http/Controllers/Auth/LoginController.php#LoginController.login',
    ])
    expect(graph.dependencies({ from: 'ArticleController.list', reverse: true }).map(line)).toEqual([
      '1 routes/api.php:6 routes GET /api/articles -> app/Http/Controllers/Api/ArticleController.php#ArticleController.list',
    ])
    expect(graph.dependencies({ from: 'app/Http/Controllers/Auth/LoginController.php', reverse: true, kinds: ['routes'] }).map(line)).toEqual([
      '1 routes/api.php:7 routes POST /api/users/login -> app/Http/Controllers/Auth/LoginController.php#LoginController.login',
    ])
    // The edges are the queries' own: nothing a store writes.
    expect(graph.edgesOf('routes/api.php').some((edge) => edge.kind === 'routes')).toBe(false)
  })

  it("answers `--kind routes` of a file with its own routes to its own handlers (Flask's views), and leaves them out of its importers", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app.py': "from flask import Flask\n\napp = Flask(__name__)\n\n\n@app.route('/health')\ndef health():\n    return 'ok'\n",
        'main.py': 'from app import app\n\napp.run()\n',
      }),
    )
    const line = ({ edge }: { edge: { path: string; startLine: number; kind: string; target: string } }): string => `${edge.path}:${edge.startLine} ${edge.kind} ${edge.target}`
    expect(graph.dependencies({ from: 'app.py', reverse: true, kinds: ['routes'] }).map(line)).toEqual(['app.py:6 routes GET /health'])
    expect(graph.dependencies({ from: 'app.py', reverse: true }).map(line)).toEqual(['main.py:1 imports app'])
  })

  it("links a mapping an API interface declares to the one controller that implements it (OpenAPI Generator's interfaces)", async () => {
    const api = [
      'package com.example.api;',
      '',
      'import org.springframework.web.bind.annotation.*;',
      '',
      '@RequestMapping("/api")',
      'public interface UsersApi {',
      '    @GetMapping("/users")',
      '    List<User> listUsers();',
      '',
      '    @GetMapping("/users/{id}")',
      '    User getUser(@PathVariable Long id);',
      '}',
      '',
    ].join('\n')
    const controller = [
      'package com.example.web;',
      '',
      'import com.example.api.UsersApi;',
      'import org.springframework.web.bind.annotation.RestController;',
      '',
      '@RestController',
      'public class UsersController implements UsersApi {',
      '    @Override',
      '    public List<User> listUsers() { return List.of(); }',
      '',
      '    @Override',
      '    public User getUser(Long id) { return null; }',
      '}',
      '',
    ].join('\n')
    const files = { 'src/main/java/com/example/api/UsersApi.java': api, 'src/main/java/com/example/web/UsersController.java': controller }
    const graph = new LayerGraph(await layersOfText(files))
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.method} ${r.route} -> ${r.handler} [${r.handlerSymbolId}]`)).toEqual([
      'GET /api/users -> UsersApi.listUsers [src/main/java/com/example/web/UsersController.java#UsersController.listUsers]',
      'GET /api/users/{id} -> UsersApi.getUser [src/main/java/com/example/web/UsersController.java#UsersController.getUser]',
    ])
    // Without an implementation, the interface's method stays the handler.
    const alone = new LayerGraph(await layersOfText({ 'src/main/java/com/example/api/UsersApi.java': api }))
    expect(alone.entrypoints({ kind: 'http-route' }).map((r) => r.handlerSymbolId)).toEqual([
      'src/main/java/com/example/api/UsersApi.java#UsersApi.listUsers',
      'src/main/java/com/example/api/UsersApi.java#UsersApi.getUser',
    ])
  })

  it("finds a Koa controller's handlers in an exported object literal, through modules of requires handed on", async () => {
    const graph = new LayerGraph(await layersOfText(KOA))
    expect(handlers(graph)).toEqual([
      'GET /articles/:slug -> ctrl.getOne => src/controllers/articles-controller.js#getOne',
      'PUT /articles/:slug -> ctrl.put => src/controllers/articles-controller.js#put',
      'POST /articles/:slug/favorite -> ctrl.favorite.post => src/controllers/articles-controller.js#favorite.post',
      'GET /articles/:slug/comments -> ctrl.comments.get => src/controllers/comments-controller.js#get',
    ])
    expect(graph.symbols({ name: 'favorite.post' }).map((s) => `${s.kind} ${s.qname} ${s.exported === true}`)).toEqual(['method favorite.post true'])
  })
})

describe('handlers on a controller object', () => {
  it("link to the object's methods: CommonJS's `module.exports = ctrl`, an ES default export, a named export", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/controllers/posts.js': 'const postController = {\n  getAll: async (req, res) => res.json([]),\n  getOne(req, res) {},\n}\n\nmodule.exports = postController\n',
        'src/controllers/tags.js': 'const tags = {\n  list(req, res) {},\n}\n\nmodule.exports = tags\n',
        'src/controllers/articles.ts': 'const articleController = {\n  async list(req, res) {},\n}\n\nexport default articleController\n\nexport const comments = {\n  create: (req, res) => {},\n}\n',
        'src/routes.js': [
          "const express = require('express')",
          "const posts = require('./controllers/posts')",
          "const { list } = require('./controllers/tags')",
          "import articleController, { comments } from './controllers/articles'",
          'const router = express.Router()',
          "router.get('/posts', posts.getAll)",
          "router.get('/posts/:id', posts.getOne)",
          "router.get('/tags', list)",
          "router.get('/articles', articleController.list)",
          "router.post('/comments', comments.create)",
          '',
        ].join('\n'),
      }),
    )
    expect(handlers(graph)).toEqual([
      'GET /posts -> posts.getAll => src/controllers/posts.js#postController.getAll',
      'GET /posts/:id -> posts.getOne => src/controllers/posts.js#postController.getOne',
      'GET /tags -> list => src/controllers/tags.js#tags.list',
      'GET /articles -> articleController.list => src/controllers/articles.ts#articleController.list',
      'POST /comments -> comments.create => src/controllers/articles.ts#comments.create',
    ])
  })
})

describe("a Flask app factory's routes", () => {
  it('link to the handlers the factory defines, which are definitions under it; its other nested functions are not', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': [
          'from flask import Flask',
          'from unittest import mock',
          '',
          'def create_app():',
          '    app = Flask(__name__)',
          '',
          "    @app.route('/')",
          '    def index():',
          "        return 'hi'",
          '',
          "    @app.get('/users/<int:id>')",
          '    def user(id):',
          '        return str(id)',
          '',
          "    @mock.patch('os.getcwd')",
          '    def patched(getcwd):',
          '        return 1',
          '',
          '    def helper():',
          '        return 1',
          '',
          '    return app',
          '',
        ].join('\n'),
      }),
    )
    expect(handlers(graph)).toEqual(['GET / -> create_app.index => app/__init__.py#create_app.index', 'GET /users/<int:id> -> create_app.user => app/__init__.py#create_app.user'])
    expect(graph.symbols({ name: '*' }).map((s) => `${s.startLine} ${s.kind} ${s.qname} <- ${s.parentId}`)).toEqual([
      '4 function create_app <- ',
      '7 function create_app.index <- app/__init__.py#create_app',
      '11 function create_app.user <- app/__init__.py#create_app',
    ])
  })
})
