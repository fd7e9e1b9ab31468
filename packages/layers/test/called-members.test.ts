import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const calls = (graph: LayerGraph, path: string, target: string): EdgeRecord[] => graph.edgesOf(path).filter((e) => e.kind === 'calls' && e.target === target)

/** BookStack's shape: a base controller with the property `$rules` and the method `rules()`; a subclass with its own `$rules`. */
const PHP = {
  'composer.json': '{ "autoload": { "psr-4": { "App\\\\": "app/" } } }\n',
  'app/Http/ApiController.php': [
    '<?php',
    '',
    'namespace App\\Http;',
    '',
    'abstract class ApiController',
    '{',
    '    protected $rules = [];',
    '',
    '    public function getValidationRules(): array',
    '    {',
    '        return $this->rules();',
    '    }',
    '',
    '    protected function rules(): array',
    '    {',
    '        return $this->rules;',
    '    }',
    '}',
    '',
  ].join('\n'),
  'app/Http/ChapterApiController.php': [
    '<?php',
    '',
    'namespace App\\Http;',
    '',
    'class ChapterApiController extends ApiController',
    '{',
    "    protected $rules = ['create' => []];",
    '',
    '    public function update()',
    '    {',
    '        $this->middleware();',
    '        return $this->rules();',
    '    }',
    '}',
    '',
  ].join('\n'),
  'app/Http/Kernel.php': '<?php\n\nnamespace App\\Http;\n\nclass Kernel\n{\n    protected $middleware = [];\n}\n',
}

/** kotlin-spring-realworld's `UserService`: `val currentUser` and `fun currentUser()`; a property of a function type. */
const KOTLIN = {
  'src/main/kotlin/io/realworld/service/UserService.kt': [
    'package io.realworld.service',
    '',
    'class UserService {',
    '    val currentUser = ThreadLocal<User>()',
    '    val onLogin: (User) -> Unit = {}',
    '',
    '    fun currentUser(): User = currentUser.get()',
    '}',
    '',
  ].join('\n'),
  'src/main/kotlin/io/realworld/web/ArticleHandler.kt': [
    'package io.realworld.web',
    '',
    'import io.realworld.service.UserService',
    '',
    'class ArticleHandler(val userService: UserService) {',
    '    fun feed() {',
    '        val user = userService.currentUser()',
    '        userService.onLogin(user)',
    '    }',
    '}',
    '',
  ].join('\n'),
}

/** A Java class with a field and an accessor of one name, and a record whose components are called. */
const JAVA = {
  'src/main/java/com/ex/model/Item.java': 'package com.ex.model;\n\npublic class Item {\n    private String name;\n    public String name() { return name; }\n}\n',
  'src/main/java/com/ex/model/Point.java': 'package com.ex.model;\n\npublic record Point(int x, int y) {}\n',
  'src/main/java/com/ex/web/ItemController.java': [
    'package com.ex.web;',
    '',
    'import com.ex.model.Item;',
    'import com.ex.model.Point;',
    '',
    'public class ItemController {',
    '    public String show(Item item, Point point) {',
    '        return item.name() + point.x();',
    '    }',
    '}',
    '',
  ].join('\n'),
}

describe("calls of languages that call methods, never fields (Java's, PHP's, Kotlin's)", () => {
  it("resolves PHP's `$this->rules()` to the method beside the property `$rules`, in the class and in a subclass with its own `$rules`", async () => {
    const graph = new LayerGraph(await layersOfText(PHP))
    expect(calls(graph, 'app/Http/ApiController.php', 'rules').map((e) => e.targetSymbolId)).toEqual(['app/Http/ApiController.php#ApiController.rules~2'])
    expect(calls(graph, 'app/Http/ChapterApiController.php', 'rules').map((e) => e.targetSymbolId)).toEqual(['app/Http/ApiController.php#ApiController.rules~2'])
    expect(graph.dependencies({ from: 'app/Http/ApiController.php#ApiController.rules~2', reverse: true }).map((s) => `${s.edge.path}:${s.edge.startLine}`)).toEqual([
      'app/Http/ApiController.php:11',
      'app/Http/ChapterApiController.php:12',
    ])
  })

  it('counts no property as a candidate of a call by name (`$this->middleware()` is not `Kernel::$middleware`)', async () => {
    const graph = new LayerGraph(await layersOfText(PHP))
    const [middleware] = calls(graph, 'app/Http/ChapterApiController.php', 'middleware')
    expect(middleware).toMatchObject({ targetPath: '', targetSymbolId: '' })
    expect(graph.dependencies({ from: 'Kernel.middleware', reverse: true })).toEqual([])
  })

  it("resolves Kotlin's `userService.currentUser()` to the function, not the property of its name; a property of a function type is called", async () => {
    const graph = new LayerGraph(await layersOfText(KOTLIN))
    const handler = 'src/main/kotlin/io/realworld/web/ArticleHandler.kt'
    expect(calls(graph, handler, 'currentUser').map((e) => e.targetSymbolId)).toEqual(['src/main/kotlin/io/realworld/service/UserService.kt#UserService.currentUser~2'])
    expect(calls(graph, handler, 'onLogin').map((e) => e.targetSymbolId)).toEqual(['src/main/kotlin/io/realworld/service/UserService.kt#UserService.onLogin'])
  })

  it("resolves Java's `item.name()` to the method beside the field `name`; a record's component is the record's", async () => {
    const graph = new LayerGraph(await layersOfText(JAVA))
    const controller = 'src/main/java/com/ex/web/ItemController.java'
    expect(calls(graph, controller, 'name').map((e) => e.targetSymbolId)).toEqual(['src/main/java/com/ex/model/Item.java#Item.name~2'])
    // (A record's components are no symbols: `point.x()` is the record's.)
    expect(calls(graph, controller, 'x').map((e) => `${e.resolution} ${e.targetPath}`)).toEqual(['resolved src/main/java/com/ex/model/Point.java'])
  })
})
