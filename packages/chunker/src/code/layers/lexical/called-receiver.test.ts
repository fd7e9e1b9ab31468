import { describe, expect, it } from 'vitest'
import { calledReceiverType, calledReceiverTypeAt } from './called-receiver.js'

describe('calledReceiverType', () => {
  it('types a receiver that is one call of a plain or dotted name by what the callee returns', () => {
    expect(calledReceiverType('Parser(self,source,name,filename)')).toBe('Parser()')
    expect(calledReceiverType('self.stream.look()')).toBe('self.stream.look()')
    expect(calledReceiverType("parse_cookie(environ.get('HTTP_COOKIE',')'))")).toBe('parse_cookie()')
  })

  it('types nothing else: a chain of calls, a subscript, a parenthesized expression, a cut receiver', () => {
    expect(calledReceiverType('a().b()')).toBeUndefined()
    expect(calledReceiverType('f(x)[0]')).toBeUndefined()
    expect(calledReceiverType('(a or b)')).toBeUndefined()
    expect(calledReceiverType('f(x) + g(y)')).toBeUndefined()
    expect(calledReceiverType('f(a)(b)')).toBeUndefined()
    expect(calledReceiverType(`f(${'x,'.repeat(200)})`)).toBeUndefined()
  })
})

describe('calledReceiverTypeAt', () => {
  const typeAt = (code: string, name: string): string | undefined => calledReceiverTypeAt(code, code.lastIndexOf(`${name}(`))
  it("types a receiver that is one call of a plain or dotted name by what the callee returns, or a `new`'s class", () => {
    expect(typeAt('innerFrom(source).subscribe(x)', 'subscribe')).toBe('innerFrom()')
    expect(typeAt('return this.#store.read(id, { a: (b) => c(b) })\n    .then(x)', 'then')).toBe('this.#store.read()')
    expect(typeAt('load<Row>(a)?.rows()', 'rows')).toBe('load()')
    expect(typeAt('const p = new Observable<T>((s) => s.next())!.pipe(map)', 'pipe')).toBe('Observable')
    expect(typeAt('await new pg.Pool({ max: 1 }).connect()', 'connect')).toBe('pg.Pool')
  })

  it("types a chain of calls link by link, as written, up to four links (a package value's builder, a request chain)", () => {
    expect(typeAt('a().b().c()', 'c')).toBe('a().b()')
    expect(typeAt("email: Joi.string()\n    .required()\n    ?.email(),", 'email')).toBe('Joi.string().required()')
    expect(typeAt("await request(app).post('/v1/auth/login').send(body).expect(200)", 'expect')).toBe('request().post().send()')
    expect(typeAt('a().b().c().d().e()', 'e')).toBe('a().b().c().d()')
    expect(typeAt('a().b().c().d().e().f()', 'f')).toBeUndefined()
  })

  it('types nothing else: an element, a parenthesized expression, a lower-case `new`, a chain from a `new` or an element', () => {
    expect(typeAt('new Builder().a().b()', 'b')).toBeUndefined()
    expect(typeAt('items[0].load().save()', 'save')).toBeUndefined()
    expect(typeAt('items[0].save()', 'save')).toBeUndefined()
    expect(typeAt('(await load()).save()', 'save')).toBeUndefined()
    expect(typeAt('new factory().save()', 'save')).toBeUndefined()
    expect(typeAt('items.save()', 'save')).toBeUndefined()
  })
})
