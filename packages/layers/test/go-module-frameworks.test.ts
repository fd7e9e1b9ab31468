import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .map((r) => `${r.path}:${r.startLine} ${r.framework} ${r.method} ${r.route} -> ${r.handler}`)
    .sort()

/** A module whose `main.go` registers routes on a router its `router` package makes, importing no framework itself. */
function shop(goMod: string): Record<string, string> {
  return {
    'go.mod': goMod,
    'router/router.go': 'package router\n\nimport "github.com/labstack/echo/v4"\n\nfunc New() *echo.Echo {\n\treturn echo.New()\n}\n',
    'main.go': 'package main\n\nimport "example.com/shop/router"\n\nfunc main() {\n\tr := router.New()\n\tapi := r.Group("/api")\n\tapi.GET("/items", list)\n}\n\nfunc list() {}\n',
  }
}

describe('Go routes of a file that imports no framework', () => {
  it("take the framework the module's go.mod requires", async () => {
    const echo = new LayerGraph(await layersOfText(shop('module example.com/shop\n\nrequire github.com/labstack/echo/v4 v4.11.4\n')))
    expect(routes(echo)).toEqual(['main.go:8 echo GET /api/items -> list'])
    const gin = new LayerGraph(await layersOfText(shop('module example.com/shop\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n)\n')))
    expect(routes(gin)).toEqual(['main.go:8 gin GET /api/items -> list'])
  })

  it('are no routes in a module that requires neither, or without a go.mod', async () => {
    expect(routes(new LayerGraph(await layersOfText(shop('module example.com/shop\n\nrequire github.com/redis/go-redis/v9 v9.0.0\n'))))).toEqual([])
    const { 'go.mod': _none, ...rest } = shop('')
    expect(routes(new LayerGraph(await layersOfText(rest)))).toEqual([])
  })
})
