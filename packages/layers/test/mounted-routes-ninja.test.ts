import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route} -> ${r.handlerSymbolId}`)
    .sort()

describe('Django Ninja APIs', () => {
  it("serve their routes, and their routers' (added in another module), under the URLconf's path of `api.urls`", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'config/__init__.py': '',
        'config/urls.py': 'from django.contrib import admin\nfrom django.urls import path\n\nfrom events.api import api\n\nurlpatterns = [\n    path("admin/", admin.site.urls),\n    path("api/v1/", api.urls),\n]\n',
        'events/__init__.py': '',
        'events/api.py': 'from ninja import NinjaAPI\n\nfrom .routers import router\n\napi = NinjaAPI()\n\n\n@api.get("/health")\ndef health(request):\n    return "ok"\n\n\napi.add_router("/events/", router)\n',
        'events/routers.py': 'from ninja import Router\n\nrouter = Router()\n\n\n@router.get("/{event_id}")\ndef get_event(request, event_id: int):\n    return event_id\n',
      }),
    )
    expect(routes(graph)).toEqual([
      'events/api.py:8 GET /api/v1/health -> events/api.py#health',
      'events/routers.py:6 GET /api/v1/events/{event_id} -> events/routers.py#get_event',
    ])
  })
})
