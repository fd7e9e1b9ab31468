import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId}`)

const APP = {
  'go.mod': 'module example.com/shop\n\ngo 1.21\n\nrequire github.com/beego/beego/v2 v2.1.0\n',
  'routers/router.go':
    'package routers\n\nimport (\n\t"example.com/shop/controllers"\n\n\t"github.com/beego/beego/v2/server/web"\n)\n\nfunc init() {\n\tweb.Router("/", &controllers.MainController{})\n\tweb.Router("/api/food", &controllers.MainController{}, "get:ListFood")\n}\n',
  'controllers/default.go':
    'package controllers\n\nimport "github.com/beego/beego/v2/server/web"\n\ntype MainController struct {\n\tweb.Controller\n}\n\nfunc (c *MainController) Get() {}\n\nfunc (c *MainController) Post() {}\n\nfunc (c *MainController) ListFood() {}\n',
}

describe("Beego's routes", () => {
  it("gives a controller's route one method per HTTP method it defines, and a mapped one its named method", async () => {
    const graph = new LayerGraph(await layersOfText(APP))
    expect(routes(graph)).toEqual([
      'GET / -> controllers/default.go#MainController',
      'POST / -> controllers/default.go#MainController',
      'GET /api/food -> controllers/default.go#MainController.ListFood',
    ])
  })
})
