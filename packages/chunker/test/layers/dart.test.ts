import { describe, expect, it } from 'vitest'
import { readFixture } from '../../src/testing/corpus.js'
import { layersOf } from './symbols-of.js'

describe('Dart layers', () => {
  it('records every definition, with the body the grammar puts beside each signature inside its span', async () => {
    const layers = await layersOf('lib/orders.dart', readFixture('dart.dart'))
    expect(layers.module).toBe('orders')
    expect(layers.symbols.map((s) => `${s.kind} ${s.qname} ${s.startLine}-${s.endLine}${s.exported ? '' : ' (private)'}`)).toEqual([
      'variable maxOrders 11-11',
      // One declaration, two variables; a name starting with `_` is private to its library.
      'variable _log 12-12 (private)',
      'variable _audit 12-12 (private)',
      // Its annotation belongs to it; its doc comment is the chunk's.
      'class Order 15-41',
      'property Order.id 17-17',
      'property Order.quantity 18-18',
      'property Order.created 19-19',
      // The unnamed constructor is named as its class, a named one by its own name.
      'method Order.Order 21-23',
      'method Order.fromJson 25-27',
      'method Order.empty 29-29',
      'method Order.total 31-31',
      'method Order.compareTo 33-34',
      'method Order.toJson 36-38',
      'method Order.operator == 40-40',
      'mixin JsonMixin 43-45',
      'method JsonMixin.encode 44-44',
      'extension OrderList 47-49',
      'method OrderList.totalQuantity 48-48',
      'enum Status 51-56',
      'constant Status.open 52-52',
      'constant Status.closed 53-53',
      'method Status.isOpen 55-55',
      'type OrderHandler 58-58',
      'interface OrderStore 60-62',
      'method OrderStore.find 61-61',
      'function _listOrders 64-67 (private)',
      'function main 69-72',
    ])
    expect(layers.symbols.find((s) => s.qname === 'maxOrders')?.signature).toBe('const maxOrders = 1000')
    expect(layers.symbols.find((s) => s.qname === 'Order.toJson')?.signature).toBe('Map<String, dynamic> toJson()')
  })

  it('reads directives (namespaces, show lists, exports, parts), supertypes, calls and main', async () => {
    const layers = await layersOf('lib/orders.dart', readFixture('dart.dart'))
    const edges = layers.edges.map((e) => `${e.kind} ${e.receiver ? `${e.receiver}.` : ''}${e.target} ${JSON.stringify(e.names ?? [])} <- ${e.sourceSymbolId.split('#')[1] ?? ''}`)
    expect(edges).toEqual(
      expect.arrayContaining([
        'imports dart:convert [{"name":"*"}] <- ',
        'imports package:shelf/shelf.dart [{"name":"*"}] <- ',
        'imports package:shelf_router/shelf_router.dart [{"name":"*","alias":"shelf_router"}] <- ',
        'imports src/store.dart [{"name":"*"}] <- ',
        'imports src/model.dart [{"name":"*"}] <- ',
        'imports orders.g.dart [{"name":"*"}] <- ',
        'extends Entity [] <- Order',
        'extends JsonMixin [] <- Order',
        'implements Comparable [] <- Order',
        'calls Order [] <- Order.empty',
        'calls jsonEncode [] <- JsonMixin.encode',
        'calls loadOrders [] <- _listOrders',
        'calls Response.ok [] <- _listOrders',
        'calls shelf_router.Router [] <- main',
      ]),
    )
    // A constructor's own declaration and a function type are no calls.
    expect(edges.filter((e) => /^calls (?:Function|Order) \[\] <- (?:Order\.Order|OrderHandler)?$/.test(e))).toEqual([])
    // (And shelf_router's cascade on the router `main` makes.)
    expect(layers.entrypoints.map((e) => `${e.kind} ${e.handler} ${e.startLine}`)).toEqual(['main main 69', 'http-route _listOrders 70'])
  })

  it('reads a directive with annotations before it, which the grammar puts in its node', async () => {
    const layers = await layersOf('lib/legacy.dart', "@Deprecated('use orders.dart')\nexport 'src/legacy.dart';\n@visibleForTesting\nimport 'src/testing.dart' show fake;\n")
    expect(layers.edges.map((e) => `${e.kind} ${e.target} ${JSON.stringify(e.names)}`)).toEqual(['imports src/legacy.dart [{"name":"*"}]', 'imports src/testing.dart [{"name":"fake"}]'])
  })

  it('marks test files by path and by the test package', async () => {
    expect((await layersOf('test/orders_test.dart', 'void main() {}\n')).isTest).toBe(true)
    expect((await layersOf('lib/checks.dart', "import 'package:test/test.dart';\nvoid main() {}\n")).isTest).toBe(true)
    expect((await layersOf('lib/orders.dart', "import 'package:shelf/shelf.dart';\n")).isTest).toBe(false)
  })
})
