import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detach, TermTable } from './term-table.js'

describe('TermTable', () => {
  it('hands out ids in sequence and finds every term, like a Map, across growth and truncation', () => {
    const op = fc.oneof(
      { weight: 8, arbitrary: fc.record({ kind: fc.constant('intern' as const), term: fc.string({ maxLength: 6 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), keep: fc.nat() }) },
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 50 }), (ops, probes) => {
        const table = new TermTable()
        let model: string[] = []
        for (const o of ops) {
          if (o.kind === 'intern') {
            const known = model.indexOf(o.term)
            expect(table.intern(o.term)).toBe(known >= 0 ? known : model.push(o.term) - 1)
          } else {
            const keep = o.keep % (model.length + 1)
            table.truncate(keep)
            model = model.slice(0, keep)
          }
          expect(table.size).toBe(model.length)
        }
        model.forEach((term, id) => {
          expect(table.id(term)).toBe(id)
          expect(table.term(id)).toBe(term)
        })
        for (const term of probes) expect(table.id(term)).toBe(model.includes(term) ? model.indexOf(term) : undefined)
      }),
      { numRuns: 200 },
    )
  })

  it('keeps long terms detached from the text they were sliced from', () => {
    const text = 'x'.repeat(1000) + 'a-long-identifier-name'
    const table = new TermTable()
    table.intern(text.slice(1000))
    expect(table.term(0)).toBe('a-long-identifier-name')
    expect(detach('short')).toBe('short')
  })
})
