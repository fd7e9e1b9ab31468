/** Small apps of real route layouts, by framework, for the mounted-routes tests: each a map of path to file text. */

export const FASTAPI = {
  'app/api/routes/items.py': "from fastapi import APIRouter\n\nrouter = APIRouter(prefix='/items')\n\n\n@router.get('/')\ndef read_items():\n    return []\n",
  'app/api/routes/login.py': "from fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n@router.post('/login/access-token')\ndef login():\n    return {}\n",
  'app/api/main.py': 'from fastapi import APIRouter\n\nfrom app.api.routes import items, login\n\napi_router = APIRouter()\napi_router.include_router(login.router)\napi_router.include_router(items.router)\n',
  'app/main.py': "from fastapi import FastAPI\n\nfrom app.api.main import api_router\n\napp = FastAPI()\napp.include_router(api_router, prefix='/api/v1')\n\n\n@app.get('/health')\ndef health():\n    return 'ok'\n",
}

export const FLASK = {
  'app/auth/__init__.py': "from flask import Blueprint\n\nbp = Blueprint('auth', __name__)\n\nfrom app.auth import routes\n",
  'app/auth/routes.py': "from flask import redirect\n\nfrom app.auth import bp\n\n\n@bp.route('/login', methods=['GET', 'POST'])\ndef login():\n    return ''\n",
  'app/__init__.py': "from flask import Flask\n\n\ndef create_app():\n    app = Flask(__name__)\n    from app.auth import bp as auth_bp\n    app.register_blueprint(auth_bp, url_prefix='/auth')\n    return app\n",
}

/** flask-restx's zoo example, under a blueprint: namespaces of other modules added to an api that wraps the blueprint. */
export const RESTX = {
  'zoo/__init__.py': '',
  'zoo/cat.py': "from flask_restx import Namespace, Resource\n\napi = Namespace('cats')\n\n\n@api.route('/<id>')\nclass Cat(Resource):\n    def get(self, id):\n        return {}\n",
  'zoo/api.py': "from flask import Blueprint\nfrom flask_restx import Api\n\nfrom .cat import api as cat_api\n\nblueprint = Blueprint('api', __name__, url_prefix='/api/1')\napi = Api(blueprint)\napi.add_namespace(cat_api)\n",
}

/** A DRF app: the project URLconf includes the app's under `^api/`; the app's router registers a viewset of its views module. */
export const DRF = {
  'conduit/__init__.py': '',
  'conduit/urls.py': "from django.conf.urls import include, url\n\nurlpatterns = [\n    url(r'^api/', include('conduit.articles.urls')),\n]\n",
  'conduit/articles/__init__.py': '',
  'conduit/articles/urls.py': "from rest_framework.routers import DefaultRouter\n\nfrom .views import ArticleViewSet\n\nrouter = DefaultRouter()\nrouter.register(r'articles', ArticleViewSet)\n\nurlpatterns = router.urls\n",
  'conduit/articles/views.py': "from rest_framework import viewsets\nfrom rest_framework.decorators import action\n\n\nclass ArticleViewSet(viewsets.ModelViewSet):\n    lookup_field = 'slug'\n\n    @action(detail=True, methods=['post'])\n    def favorite(self, request, slug=None):\n        return None\n",
}

/** The JavaScript version of the RealWorld example app: routers required in place, two files deep. */
export const COMMONJS = {
  'app.js': "const express = require('express')\nconst app = express()\napp.use(require('./routes'))\n",
  'routes/index.js': "const router = require('express').Router()\nrouter.use('/api', require('./api'))\nmodule.exports = router\n",
  'routes/api/index.js': "const router = require('express').Router()\nrouter.use('/', require('./users'))\nmodule.exports = router\n",
  'routes/api/users.js': "const router = require('express').Router()\nrouter.post('/users/login', function (req, res) {})\nmodule.exports = router\n",
}

/** Express routers built by factories the app calls with its dependencies (ESM and CommonJS). */
export const FACTORIES = {
  'src/api/router.ts': "import { Router } from 'express'\nimport { createV1Routes } from './v1'\n\nexport function createApiRouter(deps: Deps) {\n  const router = Router()\n  router.get('/orders', list)\n  const v1 = createV1Routes(deps)\n  router.use('/v1', v1)\n  return router\n}\n\nexport function helper() {\n  const router = Router()\n  router.get('/not-mounted', list)\n  return router\n}\n",
  'src/api/v1.ts': "import { Router } from 'express'\n\nexport function createV1Routes(deps: Deps) {\n  const router = Router()\n  router.get('/items', list)\n  return router\n}\n",
  'src/legacy.js': "module.exports = function (app) {\n  const router = require('express').Router()\n  router.get('/old', list)\n  return router\n}\n",
  'src/server.ts': "import express from 'express'\nimport { createApiRouter } from './api/router'\n\nconst app = express()\napp.use('/api/v2', createApiRouter({ db }))\napp.use('/legacy', require('./legacy')(app))\n",
}

/** bulletproof-nodejs: a router factory whose router is handed to each route module's registration function. */
export const BULLETPROOF = {
  'src/api/routes/auth.ts': "import { Router } from 'express'\n\nconst route = Router()\n\nexport default (app: Router) => {\n  app.use('/auth', route)\n  route.post('/signup', signup)\n}\n",
  'src/api/index.ts': "import { Router } from 'express'\nimport auth from './routes/auth'\n\nexport default () => {\n  const app = Router()\n  auth(app)\n  return app\n}\n",
  'src/loaders/express.ts': "import routes from '@/api'\nimport config from '@/config'\n\nexport default ({ app }) => {\n  app.use(config.api.prefix, routes())\n}\n",
  'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n',
}

/** The Gin RealWorld app's shape: route groups handed to registration functions of other packages. */
export const GIN = {
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
export const ECHO = {
  'go.mod': 'module github.com/acme/conduit\n\ngo 1.22\n',
  'handler/handler.go': 'package handler\n\ntype Handler struct{}\n\nfunc NewHandler() *Handler { return &Handler{} }\n',
  'handler/routes.go': 'package handler\n\nimport "github.com/labstack/echo/v4"\n\nfunc (h *Handler) Register(v1 *echo.Group) {\n\tusers := v1.Group("/users")\n\tusers.POST("/login", h.Login)\n}\n',
  'main.go': 'package main\n\nimport (\n\t"github.com/acme/conduit/handler"\n\t"github.com/labstack/echo/v4"\n)\n\nfunc main() {\n\tr := echo.New()\n\tv1 := r.Group("/api")\n\th := handler.NewHandler()\n\th.Register(v1)\n}\n',
}

/** The Django RealWorld app's shape: the project URLconf includes each app's under `^api/`; one app includes another's. */
export const DJANGO = {
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
export const NEST = {
  'apps/api/src/main.ts': "import { NestFactory } from '@nestjs/core'\nimport { AppModule } from './app.module'\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule)\n  app.setGlobalPrefix('api')\n  await app.listen(3000)\n}\n",
  'apps/api/src/app.module.ts': "import { Module } from '@nestjs/common'\n\n@Module({})\nexport class AppModule {}\n",
  'apps/api/src/cats/cats.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller('cats')\nexport class CatsController {\n  @Get(':id')\n  findOne() {}\n}\n",
  'apps/web/server.ts': "import express from 'express'\nconst app = express()\napp.get('/cats/:id', show)\n",
}

/** NestJS's RouterModule over modules in other files, with a global prefix. */
export const NEST_MODULES = {
  'src/main.ts': "import { NestFactory } from '@nestjs/core'\nimport { AppModule } from './app.module'\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule)\n  app.setGlobalPrefix('api')\n}\n",
  'src/app.module.ts': "import { Module } from '@nestjs/common'\nimport { RouterModule } from '@nestjs/core'\nimport { AdminModule } from './admin/admin.module'\nimport { UsersModule } from './users/users.module'\n\n@Module({\n  imports: [RouterModule.register([{ path: 'admin', module: AdminModule, children: [{ path: 'users', module: UsersModule }] }])],\n})\nexport class AppModule {}\n",
  'src/admin/admin.module.ts': "import { Module } from '@nestjs/common'\nimport { StatsController } from './stats.controller'\n\n@Module({ controllers: [StatsController] })\nexport class AdminModule {}\n",
  'src/admin/stats.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller('stats')\nexport class StatsController {\n  @Get()\n  all() {}\n}\n",
  'src/users/users.module.ts': "import { Module } from '@nestjs/common'\nimport { UsersController } from './users.controller'\n\n@Module({ controllers: [UsersController] })\nexport class UsersModule {}\n",
  'src/users/users.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller()\nexport class UsersController {\n  @Get(':id')\n  findOne() {}\n}\n",
  'src/health.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\n@Controller('health')\nexport class HealthController {\n  @Get()\n  check() {}\n}\n",
}

/** Hono apps built as one chain each: the routes' router is the constant the chain initialises. */
export const HONO_CHAINS = {
  'api/todos.ts': "import { Hono } from 'hono'\n\nexport const TodoAPI = new Hono()\n  .get('/todos', (c) => c.json([]))\n  .delete('/todos/:id', (c) => c.json([]))\n\nexport const other = new Hono().get('/other', (c) => c.text(''))\n",
  'api/index.ts': "import { Hono } from 'hono'\nimport { TodoAPI } from './todos'\n\nexport default new Hono()\n  .route('/api', TodoAPI)\n",
}

/** go-chi: a router factory of the same file, and one of another package of the module, each mounted under a path. */
export const CHI = {
  'go.mod': 'module example.com/shop\n\ngo 1.22\n',
  'main.go':
    'package main\n\nimport (\n\t"net/http"\n\n\t"github.com/go-chi/chi/v5"\n\t"example.com/shop/users"\n)\n\nfunc main() {\n\tr := chi.NewRouter()\n\tr.Mount("/admin", adminRouter())\n\tr.Mount("/users", users.Routes())\n\thttp.ListenAndServe(":3000", r)\n}\n\nfunc adminRouter() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/accounts", listAccounts)\n\treturn r\n}\n',
  'users/routes.go': 'package users\n\nimport "github.com/go-chi/chi/v5"\n\nfunc Routes() chi.Router {\n\tr := chi.NewRouter()\n\tr.Get("/{id}", getUser)\n\treturn r\n}\n',
}

/** Netflix Dispatch's shape: routers composed two levels deep in one file, whose outer router a Starlette mount serves under /api/v1. */
export const COMPOSED = {
  'app/incidents.py': "from fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n@router.get('/{incident_id}')\ndef get_incident(incident_id: int):\n    return {}\n",
  'app/api.py':
    "from fastapi import APIRouter\n\nfrom app.incidents import router as incident_router\n\napi_router = APIRouter()\norg_router = APIRouter(prefix='/{organization}')\norg_router.include_router(incident_router, prefix='/incidents')\n\n\n@org_router.get('/search')\ndef search():\n    return []\n\n\napi_router.include_router(org_router)\n",
  'app/main.py': "from fastapi import FastAPI\n\nfrom app.api import api_router\n\napp = FastAPI()\napi = FastAPI()\napi.include_router(api_router)\napp.mount('/api/v1', app=api)\n",
}

/** An Express router served under two paths (a versioned alias), and mounted once more in another file. */
export const TWICE = {
  'src/users.ts': "import { Router } from 'express'\n\nconst router = Router()\nrouter.get('/users/:id', getUser)\nexport default router\n",
  'src/app.ts': "import express from 'express'\nimport users from './users'\n\nconst app = express()\napp.use('/api', users)\napp.use('/api/v1', users)\n",
}
