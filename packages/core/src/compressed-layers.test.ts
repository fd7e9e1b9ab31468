import { describe, expect, it } from 'vitest'
import { attachCompressedLayers, releaseCompressedLayers, takeCompressedLayers } from './compressed-layers.js'
import type { FileLayers } from './file-layers.js'

const layers = (): FileLayers => ({ path: 'a.py', language: 'python', module: 'a', isTest: false, symbols: [], edges: [], entrypoints: [] })

describe('compressed text kept for decoded records', () => {
  it('is handed to the first taker only', () => {
    const file = layers()
    const bytes = Uint8Array.of(1, 2, 3)
    expect(takeCompressedLayers(file)).toBeUndefined()
    attachCompressedLayers(file, bytes)
    expect(takeCompressedLayers(layers())).toBeUndefined() // equal records are other records
    expect(takeCompressedLayers(file)).toBe(bytes)
    expect(takeCompressedLayers(file)).toBeUndefined()
  })

  it('is forgotten when released untaken', () => {
    const file = layers()
    attachCompressedLayers(file, Uint8Array.of(1))
    releaseCompressedLayers(file)
    expect(takeCompressedLayers(file)).toBeUndefined()
  })
})
