import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.path}:${e.startLine} ${e.route} -> ${e.handler}`)

describe("Django's include() forms", () => {
  it('mounts a URLconf included with its application namespace, `include(("app.urls", "api"))`, and one in a list the root URLconf includes in place', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'config/__init__.py': '',
        'config/urls.py': [
          'from django.urls import include, path',
          '',
          'urlpatterns = [',
          '    path("api/", include(("styleguide.api.urls", "api"))),',
          '    path("v2/", include([path("users/", include("styleguide.users.urls"))])),',
          ']',
          '',
        ].join('\n'),
        'styleguide/__init__.py': '',
        'styleguide/api/__init__.py': '',
        'styleguide/api/urls.py': 'from django.urls import path\n\nfrom . import views\n\nurlpatterns = [path("health/", views.health)]\n',
        'styleguide/users/__init__.py': '',
        'styleguide/users/urls.py': 'from django.urls import path\n\nfrom . import views\n\nurlpatterns = [path("", views.users)]\n',
      }),
    )
    expect(routes(graph)).toEqual(['styleguide/api/urls.py:5 /api/health/ -> views.health', 'styleguide/users/urls.py:5 /v2/users/ -> views.users'])
  })
})
