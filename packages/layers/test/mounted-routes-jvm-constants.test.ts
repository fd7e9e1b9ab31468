import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))

const CONTROLLER = [
  'package com.example.web;',
  '',
  'import com.example.config.Paths;',
  'import org.springframework.web.bind.annotation.*;',
  '',
  '@RestController',
  '@RequestMapping(Paths.API + "/users")',
  'public class UserController {',
  '    @GetMapping(Paths.ITEM)',
  '    public User get(@PathVariable Long id) { return null; }',
  '',
  '    @GetMapping(value = Routes.LIST)',
  '    public List<User> list() { return null; }',
  '',
  '    @PostMapping(Unknown.CREATE)',
  '    public User create() { return null; }',
  '}',
  '',
].join('\n')

const PATHS = ['package com.example.config;', '', 'public final class Paths {', '    public static final String API = "/api/v1";', '    public static final String ITEM = "/{id}";', '}', ''].join('\n')
const ROUTES = ['package com.example.web;', '', 'final class Routes {', '    static final String LIST = "list";', '}', ''].join('\n')

describe('routes that name constants (Spring, NestJS, FastAPI)', () => {
  it('reads a constant of an imported class or of a class of the same package, and leaves one it cannot read as written', async () => {
    const files = {
      'src/main/java/com/example/web/UserController.java': CONTROLLER,
      'src/main/java/com/example/web/Routes.java': ROUTES,
      'src/main/java/com/example/config/Paths.java': PATHS,
    }
    const graph = new LayerGraph(await layersOfText(files))
    expect(routes(graph)).toEqual([
      'src/main/java/com/example/web/UserController.java:9 GET /api/v1/users/{id} (/{Paths.API}/users/{Paths.ITEM})',
      'src/main/java/com/example/web/UserController.java:12 GET /api/v1/users/list (/{Paths.API}/users/{Routes.LIST})',
      'src/main/java/com/example/web/UserController.java:15 POST /api/v1/users/{Unknown.CREATE} (/{Paths.API}/users/{Unknown.CREATE})',
    ])
    // An edit of the constant moves the routes.
    const edited = new LayerGraph(await layersOfText({ ...files, 'src/main/java/com/example/config/Paths.java': PATHS.replace('/api/v1', '/api/v2') }))
    expect(routes(edited)[0]).toBe('src/main/java/com/example/web/UserController.java:9 GET /api/v2/users/{id} (/{Paths.API}/users/{Paths.ITEM})')
  })

  it('reads a constant that joins another (`USERS = API + "/users"`) and one of the controller itself (`@GetMapping(BY_ID)`)', async () => {
    const apiPaths = [
      'package com.ex;',
      '',
      'public final class ApiPaths {',
      '    public static final String API = "/api/v1";',
      '    public static final String USERS = API + "/users";',
      '    public static final String ADMIN = ApiPaths.API + "/admin" + "/v2";',
      '    public static final String LOOP = LOOP + "/x";',
      '}',
      '',
    ].join('\n')
    const controller = [
      'package com.ex;',
      '',
      'import org.springframework.web.bind.annotation.*;',
      '',
      '@RestController',
      '@RequestMapping(ApiPaths.USERS)',
      'public class UserController {',
      '    private static final String BY_ID = "/{id}";',
      '',
      '    @GetMapping(BY_ID)',
      '    public String get() { return ""; }',
      '',
      '    @GetMapping(ApiPaths.ADMIN)',
      '    public String admin() { return ""; }',
      '',
      '    @GetMapping(ApiPaths.LOOP)',
      '    public String loop() { return ""; }',
      '}',
      '',
    ].join('\n')
    const graph = new LayerGraph(await layersOfText({ 'src/main/java/com/ex/ApiPaths.java': apiPaths, 'src/main/java/com/ex/UserController.java': controller }))
    expect(routes(graph)).toEqual([
      'src/main/java/com/ex/UserController.java:10 GET /api/v1/users/{id} (/{ApiPaths.USERS}/{BY_ID})',
      'src/main/java/com/ex/UserController.java:13 GET /api/v1/users/api/v1/admin/v2 (/{ApiPaths.USERS}/{ApiPaths.ADMIN})',
      // A constant that joins itself is not read (and ends).
      'src/main/java/com/ex/UserController.java:16 GET /api/v1/users/{ApiPaths.LOOP} (/{ApiPaths.USERS}/{ApiPaths.LOOP})',
    ])
  })

  it("reads a module constant named in capitals in NestJS's and FastAPI's routes, and leaves a path parameter alone", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/users.controller.ts': "import { Controller, Get, Post } from '@nestjs/common'\n\nconst BASE = 'users'\n\n@Controller(BASE)\nexport class UsersController {\n  @Post()\n  create() {}\n\n  @Get(':id')\n  findOne() {}\n}\n",
        'app/main.py': 'from fastapi import APIRouter, FastAPI\n\nUSERS = "/users"\nrouter = APIRouter()\n\n\n@router.get(USERS + "/{ID}")\ndef get_user(ID: int):\n    return {}\n\n\napp = FastAPI()\napp.include_router(router, prefix="/api")\n',
      }),
    )
    expect(routes(graph)).toEqual([
      'app/main.py:7 GET /api/users/{ID} (/api/{USERS}/{ID})',
      'src/users.controller.ts:7 POST /users (/{BASE})',
      'src/users.controller.ts:10 GET /users/:id (/{BASE}/:id)',
    ])
  })

  it('reads a Kotlin object constant in a concatenated prefix', async () => {
    const controller = [
      'package com.example.menu',
      '',
      'import com.example.common.ApiPaths',
      'import org.springframework.web.bind.annotation.GetMapping',
      'import org.springframework.web.bind.annotation.RequestMapping',
      'import org.springframework.web.bind.annotation.RestController',
      '',
      '@RestController',
      '@RequestMapping(ApiPaths.V1 + "/foods")',
      'class MenuListController {',
      '    @GetMapping',
      '    fun browse(): List<String> = emptyList()',
      '}',
      '',
    ].join('\n')
    const paths = ['package com.example.common', '', 'object ApiPaths {', '    const val V1 = "/api/v1"', '}', ''].join('\n')
    const graph = new LayerGraph(await layersOfText({ 'src/main/kotlin/com/example/menu/MenuListController.kt': controller, 'src/main/kotlin/com/example/common/ApiPaths.kt': paths }))
    expect(routes(graph)).toEqual(['src/main/kotlin/com/example/menu/MenuListController.kt:11 GET /api/v1/foods (/{ApiPaths.V1}/foods)'])
  })
})
