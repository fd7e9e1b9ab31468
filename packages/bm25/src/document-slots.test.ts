import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DocumentSlots } from './document-slots.js'

type Step = { kind: 'add'; count: number } | { kind: 'touch'; pick: number } | { kind: 'kill'; pick: number } | { kind: 'compact' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('touch' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('kill' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('compact' as const) }),
)

describe('DocumentSlots', () => {
  it('lists live documents least recently accessed first through adds, accesses, removals and compactions (model test)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const slots = new DocumentSlots()
        // The model: ids, least recently accessed first, and each one's last access.
        const order: string[] = []
        const accessed = new Map<string, number>()
        let nextId = 0
        let clock = 0
        for (const s of steps) {
          clock++
          if (s.kind === 'add') {
            slots.reserve(s.count)
            const ids = Array.from({ length: s.count }, () => `d${nextId++}`)
            ids.forEach((id, i) => slots.stage(i, { id, content: id, metadata: {} }, 1))
            slots.publish(s.count, clock)
            for (const id of ids) {
              order.push(id)
              accessed.set(id, clock)
            }
          } else if (s.kind === 'compact') {
            slots.compact()
          } else if (order.length > 0) {
            const id = order[s.pick % order.length]!
            const slot = slots.slotOf(id)!
            order.splice(order.indexOf(id), 1)
            if (s.kind === 'touch') {
              slots.touch(slot, clock)
              order.push(id)
              accessed.set(id, clock)
            } else {
              slots.kill(slot)
              accessed.delete(id)
            }
          }
          const listed = [...slots.byAccess()]
          expect(listed.map(([id]) => id)).toEqual(order)
          for (const [id, slot] of listed) {
            expect(slots.slotOf(id)).toBe(slot)
            expect(slots.document(slot).id).toBe(id)
            expect(slots.lastAccess(slot)).toBe(accessed.get(id))
          }
          expect(slots.size).toBe(order.length)
        }
      }),
    )
  })

  it('moves an accessed document to the most recent end without changing the others', () => {
    const slots = new DocumentSlots()
    slots.reserve(3)
    for (const [i, id] of ['a', 'b', 'c'].entries()) slots.stage(i, { id, content: id, metadata: {} }, 1)
    slots.publish(3, 0)
    slots.touch(slots.slotOf('a')!, 1)
    slots.touch(slots.slotOf('c')!, 2)
    expect([...slots.byAccess()].map(([id]) => id)).toEqual(['b', 'a', 'c'])
  })
})
