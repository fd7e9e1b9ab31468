import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const APP = [
  "import express from 'express'",
  "import { API_PREFIX } from './config'",
  '',
  'const app = express()',
  'const router = express.Router()',
  '',
  "app.get(`${process.env.BASE_PATH}/health`, (req, res) => res.send('ok'))",
  "router.post(API_PREFIX + '/users', createUser)",
  'app.use(`${API_PREFIX}/v1`, router)',
  '',
  'async function call(client) {',
  '  // An HTTP client\'s URL is not a route.',
  '  await client.get(`${process.env.API}/users`, (err) => err)',
  '}',
  'function createUser() {}',
  '',
].join('\n')

describe('JavaScript route paths built of names the file does not define', () => {
  it('keeps a route on a router the file makes, and reads an imported constant where it is defined', async () => {
    const graph = new LayerGraph(await layersOfText({ 'src/app.ts': APP, 'src/config.ts': "export const API_PREFIX = '/api'\n" }))
    expect(graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''} -> ${r.handler}`)).toEqual([
      // An environment variable cannot be read: it stays as written, and stands for any prefix in a route query.
      '7 GET /{process.env.BASE_PATH}/health -> ',
      '8 POST /api/v1/api/users (/{API_PREFIX}/v1/{API_PREFIX}/users) -> createUser',
    ])
    expect(graph.entrypoints({ kind: 'http-route', route: '/prod/health' }).map((r) => r.startLine)).toEqual([7])
  })
})
