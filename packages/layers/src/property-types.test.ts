import { describe, expect, it } from 'vitest'
import { chainRead, propertyTypeIn } from './property-types.js'

describe('property types', () => {
  it("reads the class a property's annotation names, or its array's elements' class", () => {
    expect(propertyTypeIn('readonly #init: ServiceInit', '#init', false)).toBe('ServiceInit')
    expect(propertyTypeIn('output?: Output | undefined', 'output', false)).toBe('Output')
    expect(propertyTypeIn('readonly calls: readonly CallFact[]', 'calls', true)).toBe('CallFact')
    expect(propertyTypeIn('rows: Array<Row>', 'rows', true)).toBe('Row')
    expect(propertyTypeIn('store: Repository<User>', 'store', false)).toBe('Repository')
    // An array is no element, and an element read of a non-array says nothing.
    expect(propertyTypeIn('observers: Observer<T>[] = []', 'observers', false)).toBeUndefined()
    expect(propertyTypeIn('observers: Observer<T>[] = []', 'observers', true)).toBe('Observer')
    expect(propertyTypeIn('readonly calls: readonly CallFact[]', 'calls', false)).toBeUndefined()
    expect(propertyTypeIn('output?: Output', 'output', true)).toBeUndefined()
    // One type of a union is no type of the property; `| undefined` and `| null` may follow.
    expect(propertyTypeIn('protected destination: Subscriber<any> | Observer<any>', 'destination', false)).toBeUndefined()
    expect(propertyTypeIn('items: Item[] | Other', 'items', true)).toBeUndefined()
    expect(propertyTypeIn('parent: Node<T> | null = null', 'parent', false)).toBe('Node')
    expect(propertyTypeIn('name: string', 'name', false)).toBeUndefined()
  })

  it('reads the class an unannotated property is built with, which is no array', () => {
    expect(propertyTypeIn('readonly items = new Items()', 'items', false)).toBe('Items')
    expect(propertyTypeIn('#cache = new Map<string, Row>()', '#cache', false)).toBe('Map')
    expect(propertyTypeIn('private pool = new pg.Pool({ max: 2 })', 'pool', false)).toBe('pg.Pool')
    expect(propertyTypeIn('items = new Items()', 'items', true)).toBeUndefined()
    expect(propertyTypeIn('items = makeItems()', 'items', false)).toBeUndefined()
    expect(propertyTypeIn('count = new Date().getTime()', 'count', false)).toBeUndefined()
  })

  it('reads a chain receiver of a TypeScript or Python file as a property read, and no other receiver', () => {
    expect(chainRead('this.#init.vectors', 'typescript')).toBe('typeof this.#init.vectors')
    expect(chainRead('signals.neighbours', 'tsx')).toBe('typeof signals.neighbours')
    for (const other of ['store', 'this', 'a.b()', 'a[0].b']) expect(chainRead(other, 'typescript')).toBeUndefined()
    expect(chainRead('self.app.config', 'python')).toBe('typeof self.app.config')
    expect(chainRead('app.config', 'java')).toBeUndefined()
    expect(chainRead('c.Request.Header', 'go')).toBe('typeof c.Request.Header')
  })

  it("reads a Go field's type after its name: a package's own, another package's, through a pointer; the element of a slice", () => {
    expect(propertyTypeIn('Request *http.Request', 'Request', false, 'go')).toBe('http.Request')
    expect(propertyTypeIn('writermem responseWriter', 'writermem', false, 'go')).toBe('responseWriter')
    expect(propertyTypeIn('trees methodTrees', 'trees', false, 'go')).toBe('methodTrees')
    expect(propertyTypeIn('root *node[T]', 'root', false, 'go')).toBe('node')
    expect(propertyTypeIn('items []*Item', 'items', true, 'go')).toBe('Item')
    expect(propertyTypeIn('items []*Item', 'items', false, 'go')).toBeUndefined()
    expect(propertyTypeIn('Request *http.Request', 'Request', true, 'go')).toBeUndefined()
    for (const signature of ['count int', 'name string', 'err error', 'm map[string]int', 'skip func(c *Context) bool', 'ch chan int'])
      expect(propertyTypeIn(signature, signature.split(' ')[0] as string, false, 'go')).toBeUndefined()
  })
})
