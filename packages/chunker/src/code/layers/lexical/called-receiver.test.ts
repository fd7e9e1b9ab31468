import { describe, expect, it } from 'vitest'
import { calledReceiverType } from './called-receiver.js'

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
