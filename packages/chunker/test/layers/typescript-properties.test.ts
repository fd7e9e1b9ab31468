import { describe, expect, it } from 'vitest'
import { symbolsOf } from './symbols-of.js'

describe('class fields and interface properties', () => {
  it('defines every property, whatever its type (hono: `Context.finalized: boolean`, `RegExpRouter.match: typeof match`)', async () => {
    const content = [
      'export class Widget {',
      "  name: string = 'widget'",
      '  count: number = 0',
      '  enabled: boolean',
      '  data?: any',
      '  label: string | undefined',
      '  cb: () => void',
      '  shape: { w: number }',
      '  items: Item[]',
      "  #secret: string = 'x'",
      '  static defaults = {}',
      '  onClick = () => {}',
      '}',
      'interface Item { id: string; tags?: readonly string[] }',
    ].join('\n')
    expect(await symbolsOf('src/widget.ts', content)).toEqual([
      'Widget class 1',
      'Widget.name property 2',
      'Widget.count property 3',
      'Widget.enabled property 4',
      'Widget.data property 5',
      'Widget.label property 6',
      'Widget.cb method 7',
      'Widget.shape property 8',
      'Widget.items property 9',
      'Widget.#secret property 10',
      'Widget.defaults property 11',
      'Widget.onClick method 12',
      'Item interface 14',
      'Item.id property 14',
      'Item.tags property 14',
    ])
  })

  it("defines a JavaScript class's fields", async () => {
    expect(await symbolsOf('src/store.js', 'export class Store {\n  static instances = 0\n  #items = []\n  size\n}\n')).toEqual(['Store class 1', 'Store.instances property 2', 'Store.#items property 3', 'Store.size property 4'])
  })
})
