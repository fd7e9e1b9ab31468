import { describe, expect, it } from 'vitest'
import { httpRoutesOf as routesOf } from './routes-of.js'

describe("a framework's own examples, which import it from the package's root", () => {
  it("reads express's examples/*/index.js, whose `require('../../')` is the express package itself", async () => {
    const routes = await routesOf('examples/route-separation/index.js', [
      "'use strict'",
      "var express = require('../..');",
      "var site = require('./site');",
      "var user = require('./user');",
      'var app = module.exports = express();',
      "app.use(express.static(path.join(__dirname, 'public')));",
      "app.get('/', site.index);",
      "app.put('/user/:id/edit', user.update);",
    ])
    expect(routes).toEqual(['express GET / -> site.index', 'express PUT /user/:id/edit -> user.update'])
    const esm = await routesOf('examples/hello/index.mjs', ["import express from '../../'", 'const app = express()', "app.get('/', (req, res) => res.send('hi'))"])
    expect(esm).toEqual(['express GET / -> -'])
  })

  it("takes no other binding of a package's root, nor a module below it, for a framework", async () => {
    expect(await routesOf('examples/a/index.js', ["var lib = require('../..');", 'var app = lib();', "app.get('/', h);"])).toEqual([])
    expect(await routesOf('examples/b/index.js', ["var express = require('../../db');", 'var app = express();', "app.get('/', h);"])).toEqual([])
  })
})
