import { describe, expect, it } from 'vitest'
import { goCalledReceiverType, goFieldOfCallType, goLiteralReceiverType } from './go-called-receivers.js'

const types: Record<string, string> = { w: 'httptest.NewRecorder()', engine: 'New()', req: 'http.Request', errs: 'errorMsgs', c: "Context['Writer']" }
const typeOf = (name: string): string | undefined => types[name]

describe('goCalledReceiverType', () => {
  it("writes a typed name's type in its place: a call's value or a named type", () => {
    expect(goCalledReceiverType('w.Header()', typeOf)).toBe('httptest.NewRecorder().Header()')
    expect(goCalledReceiverType('engine.Group()', typeOf)).toBe('New().Group()')
    expect(goCalledReceiverType('req.Context()', typeOf)).toBe('http.Request.Context()')
    expect(goCalledReceiverType('errs.Last()', typeOf)).toBe('errorMsgs.Last()')
    // A later result of one: `err` of `sess, err := engine.Get(c)`.
    expect(goCalledReceiverType('engine.Get()[1]', typeOf)).toBe('New().Get()[1]')
  })

  it('keeps any other type as it is: an untyped name, a property read, a longer receiver, none', () => {
    expect(goCalledReceiverType('x.Header()', typeOf)).toBe('x.Header()')
    expect(goCalledReceiverType('c.Header()', typeOf)).toBe('c.Header()')
    expect(goCalledReceiverType('c.Writer.Header()', typeOf)).toBe('c.Writer.Header()')
    expect(goCalledReceiverType('New()', typeOf)).toBe('New()')
    expect(goCalledReceiverType(undefined, typeOf)).toBeUndefined()
  })

  it("reads a composite literal's type as its receiver's (gin's `(JSON{data}).Render(w)`), nothing else", () => {
    expect(goLiteralReceiverType('(JSON{data})')).toBe('JSON')
    expect(goLiteralReceiverType('(&render.XML{Data:x})')).toBe('render.XML')
    expect(goLiteralReceiverType('todosResource{}')).toBe('todosResource')
    expect(goLiteralReceiverType('T{}.field')).toBeUndefined()
    expect(goLiteralReceiverType('(struct{a int}{1})')).toBeUndefined()
    expect(goLiteralReceiverType('f(x)')).toBeUndefined()
  })

  it("writes fields read on a typed name's method value as a property read of what the method returns (fiber's `c.Request().Header.Set()`)", () => {
    expect(goFieldOfCallType('req.Clone(ctx).Header', typeOf)).toBe("http.Request.Clone()['Header']")
    expect(goFieldOfCallType('engine.Get("x").Header.Cookies', typeOf)).toBe("New().Get()['Header']['Cookies']")
    expect(goFieldOfCallType('x.Request().Header', typeOf)).toBeUndefined()
    expect(goFieldOfCallType('req.Clone(ctx)', typeOf)).toBeUndefined()
    expect(goFieldOfCallType('req.Clone(ctx).Header()', typeOf)).toBeUndefined()
    // (A head typed by a property read is not written in a method's place.)
    expect(goFieldOfCallType('c.Request().Header', typeOf)).toBeUndefined()
  })
})
