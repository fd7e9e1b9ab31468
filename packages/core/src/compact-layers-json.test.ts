import { describe, expect, it } from 'vitest'
import { compactLayersJson, fileLayersFromJson, fileLayersFromStoredJson, releaseCompactLayersJson } from './compact-layers-json.js'
import { encodeFileLayers } from './compact-file-layers.js'
import { InvalidArgumentError } from './errors.js'
import type { FileLayers } from './file-layers.js'

const PATH = 'src/app.ts'
const layers: FileLayers = {
  path: PATH,
  language: 'typescript',
  module: 'src/app',
  isTest: false,
  symbols: [
    {
      layer: 'C1_SYMBOL_CATALOG',
      id: `${PATH}#start`,
      path: PATH,
      title: 'function start',
      language: 'typescript',
      startLine: 1,
      endLine: 3,
      isTest: false,
      name: 'start',
      qname: 'start',
      kind: 'function',
      signature: 'export function start()',
      parentId: '',
      module: 'src/app',
    },
  ],
  edges: [],
  entrypoints: [],
}

/** Records change only in these tests, to tell a remembered text from a new encoding. */
function emptied(received: FileLayers): FileLayers {
  ;(received as unknown as { symbols: unknown[] }).symbols = []
  return received
}

describe('compact layers JSON', () => {
  it('decodes into records equal to the encoded ones', () => {
    expect(fileLayersFromJson(compactLayersJson(layers))).toStrictEqual(layers)
  })

  it('hands the text a record set was decoded from to its first write only', () => {
    const json = compactLayersJson(layers)
    const received = emptied(fileLayersFromJson(json))
    expect(compactLayersJson(received)).toBe(json)
    expect(JSON.parse(compactLayersJson(received))[5]).toEqual([])
  })

  it('forgets the text on release', () => {
    const received = emptied(fileLayersFromJson(compactLayersJson(layers)))
    releaseCompactLayersJson(received)
    expect(JSON.parse(compactLayersJson(received))[5]).toEqual([])
    releaseCompactLayersJson(layers) // records never decoded: nothing to forget
  })

  it('reads a stored row in the compact form and in the FileLayers JSON stores wrote before it', () => {
    expect(fileLayersFromStoredJson(JSON.stringify(encodeFileLayers(layers)))).toStrictEqual(layers)
    expect(fileLayersFromStoredJson(JSON.stringify(layers))).toStrictEqual(layers)
  })

  it('refuses text that is not the compact form, naming why', () => {
    expect(() => fileLayersFromJson('{"path":')).toThrow(InvalidArgumentError)
    expect(() => fileLayersFromJson(JSON.stringify(layers))).toThrow(/compact form \(an array starting with version 2\)/)
  })
})
