import { describe, expect, it } from 'vitest'
import { mountsOf } from './mounts-of.js'

describe('use() calls that install plugins', () => {
  it("mounts no router for passport's strategies or i18next's plugins, beside an Express app's real mounts (node-express-boilerplate's app.js)", async () => {
    const { mounts } = await mountsOf('src/app.js', [
      "const express = require('express')",
      "const passport = require('passport')",
      "const i18next = require('i18next')",
      "const { jwtStrategy } = require('./config/passport')",
      "const routes = require('./routes/v1')",
      '',
      'const app = express()',
      "passport.use('jwt', jwtStrategy)",
      'i18next.use(Backend)',
      "app.use('/v1', routes)",
      '',
    ])
    expect(mounts).toEqual(['routes at "/v1" on "app" line 10'])
  })
})
