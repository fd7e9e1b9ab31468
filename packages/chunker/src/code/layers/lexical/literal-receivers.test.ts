import { describe, expect, it } from 'vitest'
import { literalReceiverType, mayBeLiteral } from './literal-receivers.js'

describe('the class of a receiver written as one literal', () => {
  it("reads Python's strings with any prefix, bytes and lists", () => {
    expect(["''", '", "', "'''a'''", '"""a"b"""', "f'{a}'", 'u"x"', 'R"\\d"'].map((r) => literalReceiverType('python', r))).toEqual(Array(7).fill('str'))
    expect(["b''", 'rb"x"', "Br'x'"].map((r) => literalReceiverType('python', r))).toEqual(['bytes', 'bytes', 'bytes'])
    expect(literalReceiverType('python', '[a,b]')).toBe('list')
    expect(literalReceiverType('python', "'it\\'s'")).toBe('str')
  })

  it('types nothing that is more than one literal, or a literal of another language', () => {
    for (const receiver of ["'a'+'b'", "'a''b'", '[a][0]', '[a]+b', "x''", "'a'.strip()", '(a)']) expect(literalReceiverType('python', receiver)).toBeUndefined()
    expect(literalReceiverType('javascript', "'a'")).toBe('String')
    expect(literalReceiverType('tsx', '`${a}b`')).toBe('String')
    expect(literalReceiverType('typescript', '[1,2]')).toBe('Array')
    expect(literalReceiverType('java', '"yes"')).toBe('String')
    expect(literalReceiverType('java', "'y'")).toBeUndefined()
    expect(literalReceiverType('go', '"yes"')).toBeUndefined()
    expect(literalReceiverType('rust', '"yes"')).toBeUndefined()
  })

  it('says cheaply where a literal may start: a quote, a prefix or a bracket where an expression starts', () => {
    const text = `x = ', '.join(a) + b"".join(c) + [a].index(b) + rf"{a}".strip() + name.strip()`
    expect([4, 19, 33, 48, 66].map((offset) => mayBeLiteral(text, text, offset))).toEqual([true, true, true, true, false])
    // An index into what stands before (`ctx[a][b]?.get()`), after a call or a name: no literal.
    const script = 'const f = this[kContext][kCache]?.get(s); return [a, b].map(g); x = y(z)[0].run()'
    expect([script.indexOf('[kCache]'), script.indexOf('[a, b]'), script.indexOf('[0]')].map((offset) => mayBeLiteral(script, script, offset))).toEqual([false, true, false])
  })
})
