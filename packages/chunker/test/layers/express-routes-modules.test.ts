import { describe, expect, it } from 'vitest'
import { httpRoutesOf as routesOf } from './routes-of.js'

describe('Express routes in a module that does not import Express', () => {
  it('reads a routes module the app is passed to (node-express-mongoose-demo\'s config/routes.js)', async () => {
    const routes = await routesOf('config/routes.js', [
      "const users = require('../app/controllers/users')",
      "const articles = require('../app/controllers/articles')",
      '',
      'module.exports = function (app, passport) {',
      "  app.get('/login', users.login)",
      "  app.post('/users', users.create)",
      "  app.get('/articles/:id', articles.show)",
      "  app.set('views', 'views')",
      "  app.get('env')",
      '}',
    ])
    expect(routes).toEqual(['express GET /login -> users.login', 'express POST /users -> users.create', 'express GET /articles/:id -> articles.show'])
  })

  it('leaves an app the module makes to what made it, and a framework the module imports to that framework', async () => {
    // Fastify's own tests: `const app = Fastify()` of `require('../fastify')`.
    expect(await routesOf('test/listen.test.js', ["const Fastify = require('../fastify')", 'const app = Fastify()', "app.get('/', (req, reply) => reply.send('ok'))"])).toEqual([])
    const koa = await routesOf('src/routes.js', ["const Router = require('@koa/router')", 'module.exports = function (router) {', "  router.get('/users', list)", '}'])
    expect(koa).toEqual(['koa GET /users -> list'])
    const hono = await routesOf('src/api.ts', ["import { Hono } from 'hono'", 'export function mount(app: Hono) {', "  app.get('/users', list)", '}'])
    expect(hono).toEqual(['hono GET /users -> list'])
  })

  it('gives a router the file mounts twice its first mount path, not the second on top of the first', async () => {
    const routes = await routesOf('app.js', [
      "const express = require('express')",
      'const app = express()',
      'const r = express.Router()',
      "r.get('/orders', listOrders)",
      "app.use('/v1', r)",
      "app.use('/v2', r)",
      'function listOrders(req, res) {}',
    ])
    expect(routes).toEqual(['express GET /v1/orders -> listOrders'])
  })
})
