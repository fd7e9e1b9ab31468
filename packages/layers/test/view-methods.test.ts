import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] =>
  graph
    .entrypoints({ kind: 'http-route' })
    .map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route} -> ${r.handler}${r.handlerSymbolId ? '' : ' (unlinked)'}`)
    .sort()

/** django-realworld's shapes: APIViews with their own methods, DRF's and Django's generic views, a base of the project's, a function view. */
const DJANGO = {
  'conduit/__init__.py': '',
  'conduit/urls.py': [
    'from django.urls import path',
    '',
    'from conduit import views',
    '',
    'urlpatterns = [',
    "    path('users/', views.RegistrationAPIView.as_view()),",
    "    path('user/', views.UserRetrieveUpdateAPIView.as_view()),",
    "    path('articles/', views.ArticleListCreate.as_view()),",
    "    path('about/', views.AboutView.as_view()),",
    "    path('profile/', views.ProfileView.as_view()),",
    "    path('health/', views.health),",
    "    path('legacy/', views.LegacyView.as_view()),",
    ']',
    '',
  ].join('\n'),
  'conduit/views.py': [
    'from django.views import View',
    'from django.views.generic import TemplateView',
    'from rest_framework import generics',
    'from rest_framework.views import APIView',
    'from conduit.mixins import Unknown',
    '',
    '',
    'class RegistrationAPIView(APIView):',
    '    def post(self, request):',
    '        return None',
    '',
    '',
    'class UserRetrieveUpdateAPIView(APIView):',
    '    def get(self, request):',
    '        return None',
    '',
    '    def put(self, request):',
    '        return None',
    '',
    '',
    'class ArticleListCreate(generics.ListCreateAPIView):',
    '    pass',
    '',
    '',
    'class AboutView(TemplateView):',
    '    template_name = "about.html"',
    '',
    '',
    'class BaseProfile(View):',
    '    def get(self, request):',
    '        return None',
    '',
    '',
    'class ProfileView(BaseProfile):',
    '    def post(self, request):',
    '        return None',
    '',
    '',
    'def health(request):',
    '    return None',
    '',
    '',
    'class LegacyView(Unknown):',
    '    pass',
    '',
  ].join('\n'),
}

describe('class-based views routed for any method', () => {
  it('serve one route per HTTP method their class answers, its own, its bases\' and generic views\'', async () => {
    const graph = new LayerGraph(await layersOfText(DJANGO))
    expect(routes(graph)).toEqual([
      'conduit/urls.py:10 GET /profile/ -> views.ProfileView',
      'conduit/urls.py:10 POST /profile/ -> views.ProfileView',
      // A function view, and a view whose methods come from a class the index does not hold: any method.
      'conduit/urls.py:11 * /health/ -> views.health',
      'conduit/urls.py:12 * /legacy/ -> views.LegacyView',
      'conduit/urls.py:6 POST /users/ -> views.RegistrationAPIView',
      'conduit/urls.py:7 GET /user/ -> views.UserRetrieveUpdateAPIView',
      'conduit/urls.py:7 PUT /user/ -> views.UserRetrieveUpdateAPIView',
      'conduit/urls.py:8 GET /articles/ -> views.ArticleListCreate',
      'conduit/urls.py:8 POST /articles/ -> views.ArticleListCreate',
      'conduit/urls.py:9 GET /about/ -> views.AboutView',
    ])
  })

  it('read the class again when it changes: a method added or removed changes the routes', async () => {
    const graph = new LayerGraph(await layersOfText(DJANGO))
    const views = DJANGO['conduit/views.py'].replace('class RegistrationAPIView(APIView):\n    def post(self, request):\n        return None\n', 'class RegistrationAPIView(APIView):\n    def post(self, request):\n        return None\n\n    def delete(self, request):\n        return None\n')
    graph.apply({ upsert: await layersOfText({ 'conduit/views.py': views }) })
    expect(routes(graph).filter((r) => r.includes('/users/'))).toEqual(['conduit/urls.py:6 DELETE /users/ -> views.RegistrationAPIView', 'conduit/urls.py:6 POST /users/ -> views.RegistrationAPIView'])
    const ids = graph.entrypoints({ kind: 'http-route' }).map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("serve a Flask MethodView's methods", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app.py': [
          'from flask import Flask',
          'from flask.views import MethodView',
          '',
          'app = Flask(__name__)',
          '',
          '',
          'class UserAPI(MethodView):',
          '    def get(self, id):',
          '        return ""',
          '',
          '    def delete(self, id):',
          '        return ""',
          '',
          '',
          "app.add_url_rule('/users/<int:id>', view_func=UserAPI.as_view('user'))",
          '',
        ].join('\n'),
      }),
    )
    expect(routes(graph)).toEqual(['app.py:15 DELETE /users/<int:id> -> UserAPI', 'app.py:15 GET /users/<int:id> -> UserAPI'])
  })

  it("serve a Flask-RESTful or Flask-RESTX Resource's methods, at each path it is added at", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'api.py': [
          'from flask import Flask',
          'from flask_restful import Resource, Api',
          '',
          'app = Flask(__name__)',
          "api = Api(app, prefix='/api')",
          '',
          '',
          'class Todo(Resource):',
          '    def get(self, todo_id):',
          '        return {}',
          '',
          '    def delete(self, todo_id):',
          "        return '', 204",
          '',
          '',
          "api.add_resource(Todo, '/todos/<todo_id>', '/todo/<todo_id>')",
          '',
        ].join('\n'),
        'restx.py': [
          'from flask_restx import Namespace, Resource',
          '',
          "ns = Namespace('cats')",
          '',
          '',
          "@ns.route('/<id>')",
          'class Cat(Resource):',
          '    def put(self, id):',
          '        return {}',
          '',
        ].join('\n'),
      }),
    )
    expect(routes(graph)).toEqual([
      'api.py:16 DELETE /api/todo/<todo_id> -> Todo',
      'api.py:16 DELETE /api/todos/<todo_id> -> Todo',
      'api.py:16 GET /api/todo/<todo_id> -> Todo',
      'api.py:16 GET /api/todos/<todo_id> -> Todo',
      // (RESTX's routed class: its methods' routes come from the chunker, each linked to its method.)
      'restx.py:6 PUT /cats/<id> -> Cat.put',
    ])
  })

  it("serve a Tornado RequestHandler's methods; one answering none the table can tell stays for any method", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app.py': [
          'import tornado.web',
          '',
          '',
          'class ItemHandler(tornado.web.RequestHandler):',
          '    def get(self, item_id):',
          '        pass',
          '',
          '    def put(self, item_id):',
          '        pass',
          '',
          '',
          'class Proxy(tornado.web.RequestHandler):',
          '    pass',
          '',
          '',
          'app = tornado.web.Application([',
          '    (r"/items/([0-9]+)", ItemHandler),',
          '    (r"/proxy", Proxy),',
          '])',
          '',
        ].join('\n'),
      }),
    )
    expect(routes(graph)).toEqual(['app.py:17 GET /items/([0-9]+) -> ItemHandler', 'app.py:17 PUT /items/([0-9]+) -> ItemHandler', 'app.py:18 * /proxy -> Proxy'])
  })
})
