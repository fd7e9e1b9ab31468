import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'
import { readFixture } from '../../src/testing/corpus.js'

const chunker = createLayeredChunker()

async function layersOf(path: string, content: string) {
  return (await chunker.chunkWithLayers({ path, content, format: 'code' })).layers
}

describe('Kotlin layers', () => {
  it('records the package as the module, and every definition with its kind, qualified name and visibility', async () => {
    const layers = await layersOf('src/main/kotlin/com/example/orders/Orders.kt', readFixture('kotlin.kt'))
    expect(layers.module).toBe('com.example.orders')
    const symbols = layers.symbols.map((s) => `${s.kind} ${s.qname}${s.exported ? '' : ' (hidden)'}`)
    expect(symbols).toEqual([
      'type OrderId',
      'property MAX_ORDERS',
      'property defaultStatus (hidden)',
      'class OrderBook',
      // A primary constructor's `val` and `var` parameters are properties; an enum's entries are constants.
      'property OrderBook.clock (hidden)',
      'property OrderBook.orders (hidden)',
      'property OrderBook.size',
      'method OrderBook.constructor',
      'method OrderBook.add',
      'method OrderBook.find',
      'method OrderBook.iterator',
      'object OrderBook.Companion',
      'method OrderBook.Companion.empty',
      'class Order',
      'property Order.id',
      'property Order.quantity',
      'property Order.status',
      'enum Status',
      'constant Status.OPEN',
      'constant Status.CLOSED',
      'method Status.isOpen',
      'class Event',
      'class Event.Placed',
      'property Event.Placed.order',
      'object Event.Cleared',
      'interface OrderListener',
      'method OrderListener.onOrder',
      'object Registry',
      'property Registry.listeners (hidden)',
      'method Registry.register',
      'function second',
      'function main',
    ])
    const book = layers.symbols.find((s) => s.qname === 'OrderBook')
    // Its annotations, read by the grammar as expressions before the class, belong to it.
    expect(book?.startLine).toBe(17)
    expect(book?.signature).toBe('class OrderBook(private val clock: Clock) : Repository<Order>(), Iterable<Order>')
  })

  it('reads imports (wildcards and aliases), supertypes and calls', async () => {
    const layers = await layersOf('src/main/kotlin/com/example/orders/Orders.kt', readFixture('kotlin.kt'))
    const edges = layers.edges.map((e) => `${e.kind} ${e.target} ${JSON.stringify(e.names ?? [])} <- ${e.sourceSymbolId.split('#')[1] ?? ''}`)
    expect(edges).toEqual(expect.arrayContaining([
      'imports com.example.base.Entity [{"name":"Entity"}] <- ',
      'imports com.example.util [{"name":"*"}] <- ',
      'imports org.springframework.web.bind.annotation.GetMapping [{"name":"GetMapping","alias":"Get"}] <- ',
      'extends Repository [] <- OrderBook',
      'implements Iterable [] <- OrderBook',
      'extends Event [] <- Event.Placed',
      'calls find [] <- OrderBook.add',
      'calls add [] <- main',
      'calls empty [] <- main',
    ]))
    // Neither `@file:JvmName("Orders")` nor the getter `get() = orders.size` is a call.
    expect(edges.filter((e) => e.startsWith('calls JvmName') || e.startsWith('calls get '))).toEqual([])
  })

  it('lets an interface extend its supertypes, and marks JUnit tests', async () => {
    const source = [
      'package com.example',
      '',
      'interface Store : Repository<Order>, AutoCloseable',
      '',
      'internal class StoreTest {',
      '    @Test',
      '    fun `finds an order`() {',
      '        check(true)',
      '    }',
      '',
      '    fun helper() {}',
      '}',
      '',
    ].join('\n')
    const layers = await layersOf('src/main/kotlin/com/example/Store.kt', source)
    expect(layers.edges.filter((e) => e.kind === 'extends').map((e) => e.target)).toEqual(['Repository', 'AutoCloseable'])
    expect(layers.symbols.filter((s) => s.isTest).map((s) => s.name)).toEqual(['`finds an order`'])
    expect(layers.symbols.find((s) => s.name === 'StoreTest')?.exported).toBe(false)
    expect(layers.isTest).toBe(false)
    expect((await layersOf('src/main/kotlin/Checks.kt', 'import kotlin.test.assertEquals\n')).isTest).toBe(true)
    expect((await layersOf('src/test/kotlin/com/example/Checks.kt', 'fun check() {}\n')).isTest).toBe(true)
  })

  it('keeps a function whose Ktor route follows a delegated property (the grammar would read `get(...)` as its getter)', async () => {
    const source = [
      'package com.acme.shop',
      '',
      'import io.ktor.server.routing.*',
      '',
      'fun Route.shopRoutes() {',
      '    val repo: ShopRepository by inject()',
      '    /** One shop. */',
      '    get("/{id}") {',
      '        call.respond(repo.find(call.parameters["id"]))',
      '    }',
      '}',
      '',
      'fun Route.adminRoutes() {',
      '    val repo: ShopRepository by inject()',
      '    get {',
      '        call.respond(repo.all())',
      '    }',
      '}',
      '',
      'class Box(private val items: List<Int>) {',
      '    val first: Int',
      '        get() = items[0]',
      '}',
      '',
    ].join('\n')
    const { chunks, layers } = await chunker.chunkWithLayers({ path: 'src/main/kotlin/com/acme/shop/ShopRoutes.kt', content: source, format: 'code' })
    expect(layers.symbols.map((s) => `${s.kind} ${s.qname} ${s.startLine}-${s.endLine}`)).toEqual([
      'function shopRoutes 5-11',
      'function adminRoutes 13-18',
      'class Box 20-23',
      'property Box.items 20-20',
      'property Box.first 21-22',
    ])
    expect(chunks.map((c) => c.content).join('')).toBe(source)
    expect(layers.entrypoints.map((e) => `${e.method} ${e.route}`)).toEqual(['GET /{id}', 'GET /'])
  })

  it('keeps the classes and methods around a suspending lambda, `suspend { ... }` (the grammar has no rule for one; ktor-samples)', async () => {
    const source = [
      'package io.ktor.samples.httpbin',
      '',
      'class RedirectsTest {',
      '    @Test',
      '    fun redirects() {',
      '        val steps = listOf(suspend { client.post("/redirect/2") }, suspend{ 1 })',
      '        val f: suspend () -> Unit = {}',
      '    }',
      '',
      '    suspend fun other() = 2',
      '}',
      '',
      'class Second',
      '',
    ].join('\n')
    const { chunks, layers } = await chunker.chunkWithLayers({ path: 'src/test/kotlin/RedirectsTest.kt', content: source, format: 'code' })
    expect(layers.symbols.map((s) => `${s.kind} ${s.qname} ${s.startLine}-${s.endLine}`)).toEqual([
      'class RedirectsTest 3-11',
      'method RedirectsTest.redirects 4-8',
      'method RedirectsTest.other 10-10',
      'class Second 13-13',
    ])
    // The chunks and the symbols' signatures are the file's own text.
    expect(chunks.map((c) => c.content).join('')).toBe(source)
    expect(layers.symbols.find((s) => s.name === 'other')?.signature).toBe('suspend fun other()')
  })

  it("reads no route from kotlinx.html's head { } builder, inside a handler or in a page function (ktor-samples)", async () => {
    const source = [
      'package io.ktor.samples.hello',
      '',
      'import io.ktor.server.application.*',
      'import io.ktor.server.html.*',
      'import io.ktor.server.routing.*',
      'import kotlinx.html.*',
      '',
      'fun Application.module() {',
      '    routing {',
      '        get("/") {',
      '            call.respondHtml {',
      '                head { title { +"Hello" } }',
      '                body { p { +"Hello" } }',
      '            }',
      '        }',
      '        route("/files") {',
      '            head { call.respond(HttpStatusCode.OK) }',
      '        }',
      '    }',
      '}',
      '',
      'fun HTML.page(name: String) {',
      '    head { title { +name } }',
      '}',
      '',
    ].join('\n')
    const { entrypoints } = await layersOf('src/main/kotlin/io/ktor/samples/hello/HelloApplication.kt', source)
    expect(entrypoints.map((e) => `${e.method} ${e.route}`).sort()).toEqual(['GET /', 'HEAD /files'])
  })
})
