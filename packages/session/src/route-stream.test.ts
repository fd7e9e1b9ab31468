import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SearchResult } from '@rag/core'
import { createRag } from './create-rag.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

// An Express app whose route table names handlers of a controller file, and forty client and
// schema files that say the routes' words over and over (what a route's words are spread over in
// a real app): by the lexical streams alone the controller's handler is not first.
const NOISE = Array.from({ length: 6 }, (_, i) => `  const users${i} = await api.get('/users/' + id) // show users order orders ${i}`).join('\n')
const client = (i: number): string => `export async function fetchUsers${i}(api, id) {\n${NOISE}\n  return users0\n}\n`
const FILES: Record<string, string> = {
  ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`web/clients/client${i}.js`, client(i)])),
  'server/routes.js': [
    "const express = require('express')",
    "const users = require('./controllers/users')",
    "const orders = require('./controllers/orders')",
    'const router = express.Router()',
    "router.get('/users/:id', users.show)",
    "router.post('/orders', orders.create)",
    'module.exports = router',
    '',
  ].join('\n'),
  'server/controllers/users.js': `exports.show = function (req, res) {\n  const record = db.find(req.params.id)\n  res.json(record)\n}\n`,
  'server/controllers/orders.js': `exports.create = function (req, res) {\n  const order = db.insert(req.body)\n  res.status(201).json(order)\n}\n`,
  'test/routes.test.js': "const express = require('express')\nconst app = express()\napp.get('/users/:id', (req, res) => res.json({ id: req.params.id, users: 'show' }))\n",
}

const where = (hit: SearchResult | undefined): string => `${String(hit?.document.metadata['file'])}:${String(hit?.document.metadata['startLine'])}`
const routeRank = (hit: SearchResult | undefined): number | undefined => hit?.explain?.find((e) => e.stream === 'routes')?.rank

describe('RouteStream in search', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it("puts the handler a route names first; a test's route is left out", async () => {
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    for (const query of ['which handler serves GET /users/42', 'GET /users/:id', '`/users/{id}` returns 404']) {
      const hits = await rag.search(query, 5)
      expect(where(hits[0]), query).toBe('server/controllers/users.js:1')
      expect(routeRank(hits[0]), query).toBe(0)
      expect(hits.some((hit) => hit.document.metadata['file'] === 'test/routes.test.js' && routeRank(hit) !== undefined), query).toBe(false)
    }
  })

  it('takes a method the route is not served with as a slip; a path no route serves adds nothing', async () => {
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    const [first] = await rag.search('GET /orders fails', 3)
    expect(where(first)).toBe('server/controllers/orders.js:1')
    expect(routeRank(first)).toBe(0)
    expect((await rag.search('POST /invoices', 5)).some((hit) => routeRank(hit) !== undefined)).toBe(false)
  })

  it('follows the index: a route renamed in the next run is found under its new path', async () => {
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    expect(routeRank((await rag.search('POST /orders', 1))[0])).toBe(0)
    await repo.write('server/routes.js', FILES['server/routes.js']!.replace("'/orders'", "'/purchases'"))
    await rag.indexDirectory(repo.root)
    expect((await rag.search('POST /orders', 5)).some((hit) => routeRank(hit) !== undefined)).toBe(false)
    expect(where((await rag.search('POST /purchases', 1))[0])).toBe('server/controllers/orders.js:1')
  })

  it('gives the line that declares a route whose handler is inline', async () => {
    await repo.write('server/health.js', "const express = require('express')\nconst router = express.Router()\nrouter.get('/health', (req, res) => res.send('ok'))\nmodule.exports = router\n")
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    const [first] = await rag.search('which handler serves GET /health', 1)
    expect(where(first)).toBe('server/health.js:1')
    expect(routeRank(first)).toBe(0)
  })

  it('gives the chunk that declares a handler defined inside the function registering its route (Fastify plugin)', async () => {
    const body = (what: string): string => Array.from({ length: 30 }, (_, i) => `    const step${i} = await db.${what}Step${i}(request.params, request.query)`).join('\n')
    await repo.write('server/plugins/users.js', [
      "'use strict'",
      'module.exports = async function userRoutes (fastify, opts) {',
      '  const db = fastify.db',
      '  async function listUsers (request, reply) {',
      body('list'),
      '    return step0',
      '  }',
      '  const getUser = async (request, reply) => {',
      body('get'),
      '    return step1',
      '  }',
      "  fastify.get('/accounts', listUsers)",
      "  fastify.get('/accounts/:id', getUser)",
      '}',
      '',
    ].join('\n'))
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    for (const [query, declaration] of [['which handler serves GET /accounts/42', 'const getUser = async'], ['GET /accounts', 'async function listUsers']] as const) {
      const [first] = await rag.search(query, 3)
      expect(first!.document.content, query).toContain(declaration)
      expect(routeRank(first), query).toBe(0)
    }
  })

  it('takes the literal route alone when one is the path, not a template that also serves it (Flask)', async () => {
    // The template's handler says the literal path's words more often: only the stream puts the literal route's first.
    const body = (what: string): string => Array.from({ length: 6 }, (_, i) => `    items${i} = load_${what}(${i})  # api articles feed ${what}`).join('\n')
    await repo.write('app/views.py', [
      'from flask import Blueprint',
      "bp = Blueprint('articles', __name__)",
      '',
      "@bp.route('/api/articles/<slug>', methods=['GET'])",
      'def get_article(slug):',
      body('article'),
      '    return items0',
      '',
      "@bp.route('/api/articles/feed', methods=['GET'])",
      'def articles_feed():',
      body('feed'),
      '    return items0',
      '',
    ].join('\n'))
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    for (const query of ['GET /api/articles/feed', 'which handler serves /api/articles/feed']) {
      const [first] = await rag.search(query, 3)
      expect(first!.document.content, query).toContain('def articles_feed')
      expect(routeRank(first), query).toBe(0)
      const template = (await rag.search(query, 5)).find((hit) => hit.document.content.includes('def get_article'))
      expect(routeRank(template), query).toBeUndefined()
    }
    const [slug] = await rag.search('GET /api/articles/how-to-train-your-dragon', 3)
    expect(slug!.document.content).toContain('def get_article')
  })

  it("gives a class-based view's method for the route's HTTP method (Django)", async () => {
    const method = (name: string): string => `    def ${name}(self, request, slug):\n${Array.from({ length: 14 }, (_, i) => `        step${i} = self.${name}_step(request, slug, ${i})  # ${name} the article`).join('\n')}\n        return step0\n`
    await repo.write('articles/views.py', `from rest_framework.views import APIView\n\n\nclass ArticleView(APIView):\n${['get', 'put', 'delete'].map(method).join('\n')}`)
    await repo.write('articles/urls.py', "from django.urls import path\nfrom .views import ArticleView\n\nurlpatterns = [\n    path('api/articles/<slug:slug>/', ArticleView.as_view()),\n]\n")
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    for (const verb of ['PUT', 'DELETE', 'GET']) {
      const [first] = await rag.search(`which handler serves ${verb} /api/articles/how-to-train-your-dragon/`, 3)
      expect(first!.document.content, verb).toContain(`def ${verb.toLowerCase()}(self, request, slug)`)
      expect(routeRank(first), verb).toBe(0)
    }
  })

  it('gives the view a Vue Router route loads lazily, a component that is its file', async () => {
    await repo.write('package.json', '{ "name": "web", "dependencies": { "vue": "^3.5.0", "vue-router": "^4.4.0" } }\n')
    await repo.write('web/jsconfig.json', '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }\n')
    await repo.write('web/src/views/orders/index.vue', '<template>\n  <table class="orders"><tr v-for="order in orders" :key="order.id"><td>{{ order.total }}</td></tr></table>\n</template>\n')
    await repo.write('web/src/router/index.js', "import { createRouter, createWebHistory } from 'vue-router'\n\nexport default createRouter({\n  history: createWebHistory(),\n  routes: [{ path: '/orders', component: () => import('@/views/orders/index') }],\n})\n")
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    const [first] = await rag.search('which view serves GET /orders', 3)
    expect(where(first)).toBe('web/src/views/orders/index.vue:1')
    expect(routeRank(first)).toBe(0)
  })

  it('is silent on an index without code layers', async () => {
    const rag = createRag()
    await rag.indexDirectory(repo.root)
    const hits = await rag.search('which handler serves GET /users/42', 5)
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.some((hit) => routeRank(hit) !== undefined)).toBe(false)
  })
})
