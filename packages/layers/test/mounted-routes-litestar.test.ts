import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

describe('routes of Litestar routers', () => {
  it("serves a controller's handlers under the path of the Router that lists it, in another module", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': '',
        'app/controllers/__init__.py': '',
        'app/controllers/users.py': [
          'from litestar import Controller, get, post, route',
          'from litestar.di import Provide',
          '',
          '',
          'class UserController(Controller):',
          '    path = "/users"',
          '    dependencies = {"repo": Provide(provide_repo)}',
          '',
          '    @get("/{user_id:int}")',
          '    async def get_user(self, user_id: int) -> dict:',
          '        return {"id": user_id}',
          '',
          '    @post()',
          '    async def create_user(self, data: dict) -> dict:',
          '        return data',
          '',
          '    @route("/{user_id:int}/avatar", http_method=["PUT", "PATCH"])',
          '    async def set_avatar(self, user_id: int) -> None:',
          '        return None',
          '',
        ].join('\n'),
        'app/main.py': [
          'from litestar import Litestar, Router, get',
          '',
          'from app.controllers.users import UserController',
          '',
          '',
          '@get("/health")',
          'async def health() -> str:',
          '    return "ok"',
          '',
          '',
          'api = Router(path="/api", route_handlers=[UserController])',
          'app = Litestar(route_handlers=[health, api])',
          '',
        ].join('\n'),
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.method} ${r.route} -> ${r.handler}`)).toEqual([
      'GET /api/users/{user_id:int} -> UserController.get_user',
      'POST /api/users -> UserController.create_user',
      'PUT /api/users/{user_id:int}/avatar -> UserController.set_avatar',
      'PATCH /api/users/{user_id:int}/avatar -> UserController.set_avatar',
      'GET /health -> health',
    ])
  })
})
