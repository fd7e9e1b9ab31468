import { describe, expect, it } from 'vitest'
import { boundIn } from './type-parameters.js'

describe('type parameter bounds', () => {
  it('reads the class bound where a signature declares the parameter, not where it only uses it', () => {
    expect(boundIn('export function contract<S extends LayerStore>(harness: Harness<S>): void', 'contract', 'S')).toBe('LayerStore')
    expect(boundIn('export class Pool<K, S extends models.Store = Store> {', 'Pool', 'S')).toBe('models.Store')
    // Declared without a class bound by the symbol itself: it hides an outer `S`.
    expect(boundIn('other<S>(value: S): void', 'other', 'S')).toBe('')
    expect(boundIn('open<S = Row, T>(value: S): T', 'open', 'S')).toBe('')
    // Only used here (`Promise<S>`, `Map<string, S>`), a conditional type, an array bound, part of another name.
    expect(boundIn('create(): Promise<S>', 'create', 'S')).toBeUndefined()
    expect(boundIn('rows(store: Map<string, S>): void', 'rows', 'S')).toBeUndefined()
    expect(boundIn('wrap(value: Wrap<S extends Store ? S : never>): void', 'wrap', 'S')).toBeUndefined()
    expect(boundIn('pick<S extends Item[]>(items: S): void', 'pick', 'S')).toBeUndefined()
    expect(boundIn('load<ST extends Store>(store: ST): void', 'load', 'S')).toBeUndefined()
  })
})
