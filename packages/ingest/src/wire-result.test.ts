import { createLayeredChunker } from '@rag/chunker'
import { inflateRawSync } from 'node:zlib'
import { compactLayersJson, takeCompressedLayers } from '@rag/core'
import { describe, expect, it } from 'vitest'
import type { FileResult } from './process-file.js'
import { fromWire, toWire } from './wire-result.js'

const SOURCE = `from flask import Flask
from .models import Order, load_orders

app = Flask(__name__)

class OrderView(Base):
    def get(self, order_id):
        return load_orders(order_id)

    def put(self, order_id):
        return Order(order_id).save()

@app.route('/orders', methods=['POST'])
def create_order():
    return Order.create()
`

async function chunked(): Promise<Extract<FileResult, { kind: 'chunked' }>> {
  const { chunks, layers } = await createLayeredChunker().chunkWithLayers({ path: 'shop/views.py', content: SOURCE, format: 'code' })
  const stat = { size: SOURCE.length, mtimeMs: 1, ino: 1, dev: 1 }
  return { kind: 'chunked', path: 'shop/views.py', chunks, layers, stat, chars: SOURCE.length, fingerprint: 'f', detected: { format: 'code' }, encoding: 'utf-8', replaced: 0 } as unknown as Extract<FileResult, { kind: 'chunked' }>
}

describe('the wire form of a worker result', () => {
  it('carries a chunked file layers as one JSON string and gives back equal records, key order included', async () => {
    const result = await chunked()
    const layers = result.layers!
    expect(layers.symbols.length).toBeGreaterThan(3)
    expect(layers.edges.length).toBeGreaterThan(3)
    expect(layers.entrypoints.length).toBe(1)
    const wire = structuredClone(toWire(result)) // what a worker thread's message gives the main thread
    expect(wire).not.toHaveProperty('layers')
    expect(typeof (wire as { layersJson?: unknown }).layersJson).toBe('string')
    const received = fromWire(wire) as typeof result
    expect(received.layers).toEqual(layers)
    expect(JSON.stringify(received.layers)).toBe(JSON.stringify(layers))
  })

  it("hands the worker's compressed JSON to the first write, once, and keeps no text of its own", async () => {
    const result = await chunked()
    const wire = structuredClone(toWire(result))
    const { layersJson, layersDeflated } = wire as { layersJson?: string; layersDeflated?: Uint8Array }
    expect(layersDeflated).toBeInstanceOf(Uint8Array)
    expect(inflateRawSync(layersDeflated!).toString('utf8')).toBe(layersJson)
    const received = fromWire(wire) as typeof result
    // Records change only here, to tell the received text from a new encoding.
    const layers = received.layers as unknown as { symbols: unknown[] }
    layers.symbols = []
    expect(JSON.parse(compactLayersJson(received.layers!))[5]).toEqual([]) // no JSON kept: encoded from the records
    expect(takeCompressedLayers(received.layers!)).toEqual(layersDeflated)
    expect(takeCompressedLayers(received.layers!)).toBeUndefined() // taken once
  })

  it('hands the received JSON to the first write without encoding again when no compressed text came, then forgets it', async () => {
    const result = await chunked()
    const { layersDeflated: _none, ...wire } = toWire(result) as { layersJson?: string; layersDeflated?: Uint8Array }
    const json = wire.layersJson
    const received = fromWire(wire as ReturnType<typeof toWire>) as typeof result
    const layers = received.layers as unknown as { symbols: unknown[] }
    layers.symbols = []
    expect(takeCompressedLayers(received.layers!)).toBeUndefined()
    expect(compactLayersJson(received.layers!)).toBe(json) // the text received, not an encoding
    const again = JSON.parse(compactLayersJson(received.layers!)) as unknown[]
    expect(again[5]).toEqual([]) // forgotten: encoded from the records now
  })

  it('leaves results without layers as they are', () => {
    const failed: FileResult = { kind: 'failed', path: 'a.py', code: 'EACCES', message: 'denied' }
    expect(toWire(failed)).toBe(failed)
    expect(fromWire(failed)).toBe(failed)
  })
})
