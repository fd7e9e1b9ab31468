import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const APP = [
  "import express from 'express'",
  "import { API_PREFIX } from './config'",
  '',
  'const app = express()',
  'const router = express.Router()',
  '',
  "app.get(`${process.env.BASE_PATH}/health`, (req, res) => res.send('ok'))",
  "router.post(API_PREFIX + '/users', createUser)",
  'app.use(`${API_PREFIX}/v1`, router)',
  '',
  'async function call(client) {',
  '  // An HTTP client\'s URL is not a route.',
  '  await client.get(`${process.env.API}/users`, (err) => err)',
  '}',
  'function createUser() {}',
  '',
].join('\n')

describe('JavaScript route paths built of names the file does not define', () => {
  it('reads the constants a NestJS controller names its paths by, imported from another module (domain-driven-hexagon)', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/routes.ts': "export const API_PREFIX = 'v1'\nexport const usersPath = 'users'\n",
        'src/users.controller.ts': "import { Controller, Get } from '@nestjs/common'\nimport { API_PREFIX, usersPath } from './routes'\n\n@Controller(API_PREFIX)\nexport class UsersController {\n  @Get(usersPath)\n  list() {}\n\n  @Get(':id')\n  one() {}\n}\n",
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route}`)).toEqual(['GET /v1/users', 'GET /v1/:id'])
  })

  it("reads a NestJS route's template substitutions without their `$`, and a global prefix given by an imported constant", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/constants.ts': "export const API_PREFIX = 'api/v2'\n",
        'src/main.ts': "import { NestFactory } from '@nestjs/core'\nimport { API_PREFIX } from './constants'\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule)\n  app.setGlobalPrefix(API_PREFIX)\n}\n",
        'src/users.controller.ts': "import { Controller, Get } from '@nestjs/common'\n\nconst ID = ':id'\n\n@Controller('users')\nexport class UsersController {\n  @Get(`${ID}/a`)\n  a() {}\n\n  @Get(`x/${MISSING}`)\n  b() {}\n}\n",
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route}`)).toEqual(['GET /api/v2/users/:id/a', 'GET /api/v2/users/x/${MISSING}'])
  })

  it("reads the constants in an Express mount path: a concatenation (`API + '/v2'`) and a template (`${API}/v1`)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app.js': [
          "const express = require('express')",
          "const users = require('./routes/users')",
          "const items = require('./routes/items')",
          "const API = '/api'",
          'const app = express()',
          "app.use(API + '/v2', users)",
          'app.use(`${API}/v1`, items)',
          '',
        ].join('\n'),
        'routes/users.js': "const router = require('express').Router()\nrouter.get('/:id', getUser)\nmodule.exports = router\n",
        'routes/items.js': "const router = require('express').Router()\nrouter.get('/', list)\nmodule.exports = router\n",
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route}`)).toEqual(['GET /api/v1', 'GET /api/v2/:id'])
  })

  it("reads a FastAPI prefix held by a settings object whose class another module defines (fastapi-realworld: settings = AppSettings(), or a factory annotated with the class)", async () => {
    const files = {
      'app/__init__.py': '',
      'app/core/__init__.py': '',
      'app/core/settings.py': 'class AppSettings:\n    api_prefix: str = "/api"\n',
      'app/core/config.py': 'from app.core.settings import AppSettings\n\nsettings = AppSettings()\n',
      'app/main.py': 'from fastapi import FastAPI, APIRouter\nfrom app.core.config import settings\n\nrouter = APIRouter()\n\n\n@router.get("/tags")\ndef tags():\n    pass\n\n\napplication = FastAPI()\napplication.include_router(router, prefix=settings.api_prefix)\n',
    }
    const direct = new LayerGraph(await layersOfText(files))
    expect(direct.entrypoints({ kind: 'http-route' }).map((e) => e.route)).toEqual(['/api/tags'])
    const factory = new LayerGraph(await layersOfText({ ...files, 'app/core/config.py': 'from app.core.settings import AppSettings\n\n\ndef get_app_settings() -> AppSettings:\n    return AppSettings()\n\n\nsettings = get_app_settings()\n' }))
    expect(factory.entrypoints({ kind: 'http-route' }).map((e) => e.route)).toEqual(['/api/tags'])
  })

  it('keeps a route on a router the file makes, and reads an imported constant where it is defined', async () => {
    const graph = new LayerGraph(await layersOfText({ 'src/app.ts': APP, 'src/config.ts': "export const API_PREFIX = '/api'\n" }))
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''} -> ${r.handler}`)).toEqual([
      // An environment variable cannot be read: it stays as written, and stands for any prefix in a route query.
      '7 GET /{process.env.BASE_PATH}/health -> ',
      '8 POST /api/v1/api/users (/{API_PREFIX}/v1/{API_PREFIX}/users) -> createUser',
    ])
    expect(graph.entrypoints({ kind: 'http-route', route: '/prod/health' }).map((r) => r.startLine)).toEqual([7])
  })
})
