import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId}`)

const APP = {
  'app.py':
    'import falcon\n\nfrom things.resources import ThingsResource, ThingResource\n\n\ndef create_app(db):\n    app = falcon.App()\n    things = ThingsResource(db)\n    app.add_route("/things", things)\n    app.add_route("/things/{thing_id}", ThingResource(db), suffix="item")\n    return app\n',
  'things/__init__.py': '',
  'things/resources.py':
    'class Base:\n    def on_options(self, req, resp):\n        pass\n\n\nclass ThingsResource(Base):\n    def on_get(self, req, resp):\n        pass\n\n    def on_post(self, req, resp):\n        pass\n\n\nclass ThingResource:\n    def on_get(self, req, resp):\n        pass\n\n    def on_get_item(self, req, resp, thing_id):\n        pass\n\n    def on_delete_item(self, req, resp, thing_id):\n        pass\n',
}

describe("Falcon's routes", () => {
  it("gives a resource's route one method per responder it defines or inherits, with the route's suffix", async () => {
    const graph = new LayerGraph(await layersOfText(APP))
    expect(routes(graph)).toEqual([
      'GET /things -> things/resources.py#ThingsResource',
      'POST /things -> things/resources.py#ThingsResource',
      'OPTIONS /things -> things/resources.py#ThingsResource',
      // (`suffix="item"`: `on_get_item` and `on_delete_item`, not the collection's `on_get`.)
      'GET /things/{thing_id} -> things/resources.py#ThingResource',
      'DELETE /things/{thing_id} -> things/resources.py#ThingResource',
    ])
  })
})
