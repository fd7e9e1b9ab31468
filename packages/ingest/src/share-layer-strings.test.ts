import { createLayeredChunker } from '@rag/chunker'
import { describe, expect, it } from 'vitest'
import { shareLayerStrings } from './share-layer-strings.js'

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

describe('shareLayerStrings', () => {
  it('leaves every value and key order of a worker-cloned file layers as it was', async () => {
    const { layers } = await createLayeredChunker().chunkWithLayers({ path: 'shop/views.py', content: SOURCE, format: 'code' })
    expect(layers.symbols.length).toBeGreaterThan(3)
    expect(layers.edges.length).toBeGreaterThan(3)
    expect(layers.entrypoints.length).toBe(1)
    const received = structuredClone(layers) // what a worker thread's message gives the main thread
    shareLayerStrings(received)
    expect(JSON.stringify(received)).toBe(JSON.stringify(layers))
    expect(received).toEqual(layers)
  })
})
