import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

describe('Fiber route groups (gofiber/recipes)', () => {
  it('reads a group path joined from a constant (`app.Group("/api/" + apiVersion)`), and serves a group handed to a function its `""` route at the group path', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'go.mod': 'module example.com/fx\n\ngo 1.22\n',
        'main.go': [
          'package main',
          '',
          'import "github.com/gofiber/fiber/v2"',
          '',
          'const apiVersion = "v1"',
          '',
          'func main() {',
          '\tapp := fiber.New()',
          '\tv1 := app.Group("/api/" + apiVersion)',
          '\ttodo := v1.Group("/todo")',
          '\ttodo.Get("/list", list)',
          '\tregisterCities(app.Group("/api/cities"))',
          '}',
          '',
          'func registerCities(r fiber.Router) {',
          '\tr.Get("", cities)',
          '}',
          '',
          'func list(c *fiber.Ctx) error { return nil }',
          'func cities(c *fiber.Ctx) error { return nil }',
          '',
        ].join('\n'),
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handler}`)).toEqual(['GET /api/v1/todo/list -> list', 'GET /api/cities -> cities'])
  })
})
