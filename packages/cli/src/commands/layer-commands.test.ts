import type { EdgeRecord } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { dependencyLine } from './layer-commands.js'

const edge = (fields: Partial<EdgeRecord>): EdgeRecord =>
  ({
    layer: 'C2_DEPENDENCY_GRAPH',
    id: 'app.js>mounts:users@',
    path: 'app.js',
    language: 'javascript',
    startLine: 4,
    endLine: 4,
    isTest: false,
    sourceSymbolId: '',
    sourceQname: '',
    kind: 'mounts',
    target: 'users',
    title: 'mounts users',
    resolution: 'resolved',
    targetPath: 'routes/users.js',
    targetSymbolId: '',
    candidates: 1,
    ...fields,
  }) as EdgeRecord

describe('dependencyLine', () => {
  it('shows the path prefix a mount puts its router at', () => {
    expect(dependencyLine({ depth: 1, edge: edge({ prefix: '/api/v1/users' }) })).toBe('app.js:4 mounts users at /api/v1/users -> routes/users.js')
    expect(dependencyLine({ depth: 2, edge: edge({}) })).toBe('  app.js:4 mounts users -> routes/users.js')
  })

  it('escapes control characters of a prefix read from the corpus', () => {
    expect(dependencyLine({ depth: 1, edge: edge({ prefix: '/a\u001b[31m' }) })).toBe('app.js:4 mounts users at /a\\x1b[31m -> routes/users.js')
  })
})
