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

describe('routes that name constants (Spring)', () => {
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
