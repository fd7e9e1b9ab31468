/**
 * A minimal WebAssembly binary writer for the static training's SIMD kernels: instructions as
 * functions that return their bytes (operands first, as in the text format's folded form), and a
 * module of exported functions over one memory of its own. Only the instructions the kernels use
 * are here; the encoding follows the WebAssembly 2.0 core specification (5, "Binary Format") and
 * its fixed-width SIMD extension.
 */

/** The bytes of an instruction sequence. */
export type Code = readonly number[]

/** A value type: `i32`, `f64` or `v128`. */
export type ValueType = 'i32' | 'f64' | 'v128'

const TYPE_BYTES: Record<ValueType, number> = { i32: 0x7f, f64: 0x7c, v128: 0x7b }

/** Unsigned LEB128. */
export function uleb(value: number): number[] {
  const out: number[] = []
  let rest = value >>> 0
  do {
    const byte = rest & 0x7f
    rest >>>= 7
    out.push(rest === 0 ? byte : byte | 0x80)
  } while (rest !== 0)
  return out
}

/** Signed LEB128 of a 32-bit integer. */
export function sleb(value: number): number[] {
  const out: number[] = []
  let rest = value | 0
  for (;;) {
    const byte = rest & 0x7f
    rest >>= 7
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0)
    out.push(done ? byte : byte | 0x80)
    if (done) return out
  }
}

const join = (...parts: Code[]): number[] => parts.flat()
/** A memory access's immediate: alignment (as a power of two) and offset 0. */
const memarg = (alignLog2: number): number[] => [alignLog2, 0]
const simd = (opcode: number): number[] => [0xfd, ...uleb(opcode)]

/** Local variables by index. */
export const local = {
  get: (index: number): Code => [0x20, ...uleb(index)],
  set: (index: number, value: Code): Code => join(value, [0x21, ...uleb(index)]),
}

/** 32-bit integer instructions (addresses are byte offsets). */
export const i32 = {
  const: (value: number): Code => [0x41, ...sleb(value)],
  add: (a: Code, b: Code): Code => join(a, b, [0x6a]),
  sub: (a: Code, b: Code): Code => join(a, b, [0x6b]),
  mul: (a: Code, b: Code): Code => join(a, b, [0x6c]),
  and: (a: Code, b: Code): Code => join(a, b, [0x71]),
  shl: (a: Code, b: Code): Code => join(a, b, [0x74]),
  /** 1 when `a >= b`, unsigned. */
  geU: (a: Code, b: Code): Code => join(a, b, [0x4f]),
  load: (address: Code): Code => join(address, [0x28, ...memarg(2)]),
}

/** 32-bit float instructions. */
export const f32 = {
  load: (address: Code): Code => join(address, [0x2a, ...memarg(2)]),
}

/** 64-bit float instructions. */
export const f64 = {
  load: (address: Code): Code => join(address, [0x2b, ...memarg(3)]),
  store: (address: Code, value: Code): Code => join(address, value, [0x39, ...memarg(3)]),
  add: (a: Code, b: Code): Code => join(a, b, [0xa0]),
  mul: (a: Code, b: Code): Code => join(a, b, [0xa2]),
  /** 1 when `a != b` (so 1 for NaN against anything). */
  ne: (a: Code, b: Code): Code => join(a, b, [0x62]),
  const0: (): Code => [0x44, 0, 0, 0, 0, 0, 0, 0, 0],
  promoteF32: (value: Code): Code => join(value, [0xbb]),
}

/** 128-bit vector instructions, two 64-bit float lanes. */
export const v128 = {
  load: (address: Code): Code => join(address, simd(0x00), memarg(4)),
  store: (address: Code, value: Code): Code => join(address, value, simd(0x0b), memarg(4)),
  splatF64: (value: Code): Code => join(value, simd(0x14)),
  addF64: (a: Code, b: Code): Code => join(a, b, simd(0xf0)),
  mulF64: (a: Code, b: Code): Code => join(a, b, simd(0xf2)),
}

/** `memory.fill(destination, 0, bytes)`. */
export const fillZero = (destination: Code, bytes: Code): Code => join(destination, i32.const(0), bytes, [0xfc, ...uleb(11), 0x00])

/** `block ... end` (a branch to it jumps past `end`). */
export const block = (...body: Code[]): Code => join([0x02, 0x40], ...body, [0x0b])
/** `loop ... end` (a branch to it jumps back to its start). */
export const loop = (...body: Code[]): Code => join([0x03, 0x40], ...body, [0x0b])
/** `if ... end` on an `i32` condition. */
export const when = (condition: Code, ...body: Code[]): Code => join(condition, [0x04, 0x40], ...body, [0x0b])
/** Branch to the enclosing block or loop `depth` levels out (0: the innermost). */
export const br = (depth: number): Code => [0x0c, ...uleb(depth)]
/** Branch as {@link br} when `condition` is not zero. */
export const brIf = (depth: number, condition: Code): Code => join(condition, [0x0d, ...uleb(depth)])

/**
 * `for (counter = from; counter < end; counter += step) body`, as a block around a loop: inside
 * `body`, depth 0 is the loop (continue) and 1 the block (break), each one more per nesting.
 */
export function forRange(counter: number, from: Code, end: Code, step: Code, ...body: Code[]): Code {
  return join(
    local.set(counter, from),
    block(loop(brIf(1, i32.geU(local.get(counter), end)), ...body, local.set(counter, i32.add(local.get(counter), step)), br(0))),
  )
}

/** One exported function: its parameters and further locals (each `i32` unless typed) and body. */
export interface WasmFunction {
  readonly name: string
  readonly params: number
  readonly locals: readonly ValueType[]
  readonly body: Code
}

function section(id: number, content: Code): number[] {
  return [id, ...uleb(content.length), ...content]
}

function vector(items: Code[]): number[] {
  return join(uleb(items.length), ...items)
}

function name(text: string): number[] {
  const bytes = [...new TextEncoder().encode(text)]
  return [...uleb(bytes.length), ...bytes]
}

/**
 * A module exporting `functions` (all parameters `i32`, no results) and its memory as `memory`
 * (one page to start, grown by its user).
 */
export function wasmModule(functions: readonly WasmFunction[]): Uint8Array {
  const types = functions.map((f) => join([0x60], vector(Array.from({ length: f.params }, () => [TYPE_BYTES.i32])), [0]))
  const codes = functions.map((f) => {
    const locals = vector(f.locals.map((type) => [1, TYPE_BYTES[type]]))
    const body = join(locals, f.body, [0x0b])
    return [...uleb(body.length), ...body]
  })
  return Uint8Array.from(
    join(
      [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
      section(1, vector(types)),
      section(3, vector(functions.map((_, i) => uleb(i)))),
      section(5, vector([[0x00, 1]])),
      section(7, vector([...functions.map((f, i) => join(name(f.name), [0x00], uleb(i))), join(name('memory'), [0x02, 0])])),
      section(10, vector(codes)),
    ),
  )
}
