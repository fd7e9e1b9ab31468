import { describe, expect, it } from 'vitest'
import { f64, forRange, i32, local, sleb, uleb, wasmModule } from './wasm-module.js'

describe('the WebAssembly binary writer', () => {
  it('writes LEB128 as the specification does', () => {
    // The specification's and DWARF's own examples, and the ends of the 32-bit range.
    expect(uleb(0)).toEqual([0x00])
    expect(uleb(127)).toEqual([0x7f])
    expect(uleb(128)).toEqual([0x80, 0x01])
    expect(uleb(624_485)).toEqual([0xe5, 0x8e, 0x26])
    expect(uleb(0xffff_ffff)).toEqual([0xff, 0xff, 0xff, 0xff, 0x0f])
    expect(sleb(0)).toEqual([0x00])
    expect(sleb(63)).toEqual([0x3f])
    expect(sleb(64)).toEqual([0xc0, 0x00])
    expect(sleb(-1)).toEqual([0x7f])
    expect(sleb(-64)).toEqual([0x40])
    expect(sleb(-65)).toEqual([0xbf, 0x7f])
    expect(sleb(-123_456)).toEqual([0xc0, 0xbb, 0x78])
    expect(sleb(2 ** 31 - 1)).toEqual([0xff, 0xff, 0xff, 0xff, 0x07])
    expect(sleb(-(2 ** 31))).toEqual([0x80, 0x80, 0x80, 0x80, 0x78])
  })

  it('writes a module that validates and runs: a loop over memory', () => {
    // sum(at, count): writes the sum of count float64s from `at` to `at + 8 * count`.
    const [at, count, i, sum] = [0, 1, 2, 3]
    const bytes = wasmModule([
      {
        name: 'sum',
        params: 2,
        locals: ['i32', 'f64'],
        body: [
          ...forRange(i, i32.const(0), local.get(count), i32.const(1), local.set(sum, f64.add(local.get(sum), f64.load(i32.add(local.get(at), i32.shl(local.get(i), i32.const(3))))))),
          ...f64.store(i32.add(local.get(at), i32.shl(local.get(count), i32.const(3))), local.get(sum)),
        ],
      },
    ])
    // This package compiles without the DOM's types: the global's few members used, typed here.
    const api = (globalThis as unknown as { WebAssembly: { validate(b: Uint8Array): boolean; Module: new (b: Uint8Array) => object; Instance: new (m: object) => { exports: unknown } } }).WebAssembly
    expect(api.validate(bytes)).toBe(true)
    const { exports } = new api.Instance(new api.Module(bytes))
    const { memory, sum: run } = exports as { memory: { buffer: ArrayBuffer }; sum: (at: number, count: number) => void }
    const numbers = new Float64Array(memory.buffer, 64, 6)
    numbers.set([1.5, 2.25, -4, 8, 0.125])
    run(64, 5)
    expect(numbers[5]).toBe(1.5 + 2.25 - 4 + 8 + 0.125)
  })
})
