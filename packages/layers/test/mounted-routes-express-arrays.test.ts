import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

describe('Express routers mounted in an array of middleware', () => {
  it("serve their routes under the mount's path", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/app.js': "const express = require('express')\nconst authRouter = require('./auth')\nconst rateLimit = require('./rate-limit')\n\nconst app = express()\napp.use('/auth', [rateLimit, authRouter])\n",
        'src/auth.js': "const express = require('express')\nconst router = express.Router()\n\nrouter.post('/login', (req, res) => res.send('ok'))\n\nmodule.exports = router\n",
        'src/rate-limit.js': 'module.exports = function rateLimit(req, res, next) { next() }\n',
      }),
    )
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.method} ${r.route}`)).toEqual(['POST /auth/login'])
  })
})
