import { f32, f64, fillZero, forRange, i32, local, v128, wasmModule, when, type Code } from './wasm-module.js'
import type { RowTask } from './row-tasks.js'

// The three heaviest row kernels of the static training in WebAssembly, two float64 lanes a step
// (`f64x2`): each output number is still summed by one lane in the order the JavaScript kernels
// of `dense-rows.ts` and `sparse-matrix.ts` use, and WebAssembly, like JavaScript, never fuses a
// multiply-add, so the results are theirs bit for bit (`simd-kernels.test.ts`). Measured on the
// SVD's sparse product (4,096 rows, 64 entries each, 138 columns): 70 ms in JavaScript, 9.5 ms here.

/** Adds `x * source[0 .. bytes)` to `target[0 .. bytes)`; `x` is local `vector` splatted and local `scalar`. */
function addScaled(target: number, source: number, bytes: number, whole: number, j: number, vector: number, scalar: number): Code {
  const at = (base: number): Code => i32.add(local.get(base), local.get(j))
  return [
    ...local.set(whole, i32.and(local.get(bytes), i32.const(-16))),
    ...forRange(j, i32.const(0), local.get(whole), i32.const(16), v128.store(at(target), v128.addF64(v128.load(at(target)), v128.mulF64(local.get(vector), v128.load(at(source)))))),
    ...forRange(j, local.get(whole), local.get(bytes), i32.const(8), f64.store(at(target), f64.add(f64.load(at(target)), f64.mul(local.get(scalar), f64.load(at(source)))))),
  ]
}

const shl3 = (value: Code): Code => i32.shl(value, i32.const(3))
const shl2 = (value: Code): Code => i32.shl(value, i32.const(2))
const one = i32.const(1)

/** `sparseDense(rowStart, columns, values, dense, width, out, from, to)`: `multiplyDenseRows`. */
const sparseDense = (() => {
  const [rowStart, columns, values, dense, width, out, from, to] = [0, 1, 2, 3, 4, 5, 6, 7]
  const [bytes, row, e, end, o, s, j, whole, vector, scalar] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
  const body: Code = [
    ...local.set(bytes, shl3(local.get(width))),
    ...forRange(
      row,
      local.get(from),
      local.get(to),
      one,
      local.set(o, i32.add(local.get(out), i32.mul(local.get(row), local.get(bytes)))),
      fillZero(local.get(o), local.get(bytes)),
      local.set(end, i32.load(i32.add(local.get(rowStart), shl2(i32.add(local.get(row), one))))),
      forRange(
        e,
        i32.load(i32.add(local.get(rowStart), shl2(local.get(row)))),
        local.get(end),
        one,
        local.set(scalar, f64.promoteF32(f32.load(i32.add(local.get(values), shl2(local.get(e)))))),
        local.set(vector, v128.splatF64(local.get(scalar))),
        local.set(s, i32.add(local.get(dense), i32.mul(i32.load(i32.add(local.get(columns), shl2(local.get(e)))), local.get(bytes)))),
        addScaled(o, s, bytes, whole, j, vector, scalar),
      ),
    ),
  ]
  return { name: 'sparseDense', params: 8, locals: ['i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'v128', 'f64'] as const, body }
})()

/** `transposedProduct(out, left, right, n, width, upperOnly, from, to)`: `addTransposedProduct`. */
const transposedProduct = (() => {
  const [out, left, right, n, width, upperOnly, from, to] = [0, 1, 2, 3, 4, 5, 6, 7]
  const [bytes, r, i, first, o, s, j, whole, length, rowBase, vector, scalar] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
  const body: Code = [
    ...local.set(bytes, shl3(local.get(width))),
    ...forRange(
      r,
      i32.const(0),
      local.get(n),
      one,
      local.set(rowBase, i32.mul(local.get(r), local.get(bytes))),
      forRange(
        i,
        local.get(from),
        local.get(to),
        one,
        local.set(scalar, f64.load(i32.add(local.get(left), i32.add(local.get(rowBase), shl3(local.get(i)))))),
        // A zero factor is skipped, as the JavaScript kernel skips it (-0 sums and infinities stay theirs).
        when(
          f64.ne(local.get(scalar), f64.const0()),
          local.set(first, i32.mul(shl3(local.get(i)), local.get(upperOnly))),
          local.set(o, i32.add(local.get(out), i32.add(i32.mul(local.get(i), local.get(bytes)), local.get(first)))),
          local.set(s, i32.add(local.get(right), i32.add(local.get(rowBase), local.get(first)))),
          local.set(length, i32.sub(local.get(bytes), local.get(first))),
          local.set(vector, v128.splatF64(local.get(scalar))),
          addScaled(o, s, length, whole, j, vector, scalar),
        ),
      ),
    ),
  ]
  return { name: 'transposedProduct', params: 8, locals: ['i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'v128', 'f64'] as const, body }
})()

/** `multiplyRows(range, transposed, count, width, out, stride, from, to)`: `multiplyRow` of each row, with the columns transposed (`width x count`). */
const multiplyRows = (() => {
  const [range, transposed, count, width, out, stride, from, to] = [0, 1, 2, 3, 4, 5, 6, 7]
  const [bytes, r, i, o, s, j, whole, rowBase, vector, scalar] = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
  const body: Code = [
    ...local.set(bytes, shl3(local.get(count))),
    ...forRange(
      r,
      local.get(from),
      local.get(to),
      one,
      local.set(o, i32.add(local.get(out), i32.mul(local.get(r), shl3(local.get(stride))))),
      fillZero(local.get(o), local.get(bytes)),
      local.set(rowBase, i32.add(local.get(range), i32.mul(local.get(r), shl3(local.get(width))))),
      forRange(
        i,
        i32.const(0),
        local.get(width),
        one,
        local.set(scalar, f64.load(i32.add(local.get(rowBase), shl3(local.get(i))))),
        local.set(vector, v128.splatF64(local.get(scalar))),
        local.set(s, i32.add(local.get(transposed), i32.mul(local.get(i), local.get(bytes)))),
        addScaled(o, s, bytes, whole, j, vector, scalar),
      ),
    ),
  ]
  return { name: 'multiplyRows', params: 8, locals: ['i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'i32', 'v128', 'f64'] as const, body }
})()

/** What this file uses of the global `WebAssembly` (this package compiles without the DOM's types). */
interface WebAssemblyApi {
  validate(bytes: Uint8Array): boolean
  readonly Module: new (bytes: Uint8Array) => object
  readonly Instance: new (module: object) => { readonly exports: unknown }
}

/** The kernels' module, or `undefined` where WebAssembly or its SIMD is missing (the JavaScript kernels run). */
function compileKernels(): { readonly api: WebAssemblyApi; readonly module: object } | undefined {
  try {
    const api = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly
    const bytes = wasmModule([sparseDense, transposedProduct, multiplyRows])
    return api?.validate(bytes) === true ? { api, module: new api.Module(bytes) } : undefined
  } catch {
    return undefined
  }
}

/**
 * Compiled when this module loads, on purpose: V8 compiles a module once per process with the
 * tiers in force then, and `rag index` later restricts WebAssembly to its baseline compiler (for
 * the tree-sitter grammars; `@rag/cli`'s `applyIndexingV8Flags`), under which these kernels run
 * three times slower. A worker that compiles the same bytes gets this compilation.
 */
const KERNELS = compileKernels()

interface KernelExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number }
  sparseDense(rowStart: number, columns: number, values: number, dense: number, width: number, out: number, from: number, to: number): void
  transposedProduct(out: number, left: number, right: number, n: number, width: number, upperOnly: number, from: number, to: number): void
  multiplyRows(range: number, transposed: number, count: number, width: number, out: number, stride: number, from: number, to: number): void
}

/** A task's operands copied into the kernels' memory once, then its blocks run there. */
type Prepared = (task: RowTask, from: number, to: number) => void

/**
 * The kernels' instance on this thread and the arrays laid out in its memory (16-byte aligned).
 * One instance per thread, kept: V8 runs a new instance's first call with baseline code, however
 * hot the module is elsewhere (measured: 27 ms against 9.5 ms for the SVD's product), and reusing
 * its memory spares fresh pages' faults on every task. The memory grows to the largest task's
 * operands and a block's output (~9 MB for the default 16,384-term vocabulary) and is let go
 * with the instance once no task came for {@link IDLE_RELEASE_MS}.
 */
class Layout {
  readonly kernels = new KERNELS!.api.Instance(KERNELS!.module).exports as KernelExports
  #end = 0
  #scratch = { at: 0, bytes: 0 }

  /** Forgets every array laid out: the next task's start at the memory's start. */
  reset(): void {
    this.#end = 0
    this.#scratch = { at: 0, bytes: 0 }
  }

  /**
   * A block's output room of at least `bytes`, past the task's operands (reserved again, larger,
   * when a block needs more): a block's rows are copied out as soon as they are computed, so the
   * memory never holds a whole output (the folded terms' is 12.5 MB, each megabyte of fresh
   * memory a few milliseconds of page faults).
   */
  scratch(bytes: number): number {
    if (bytes > this.#scratch.bytes) this.#scratch = { at: this.reserve(bytes), bytes }
    return this.#scratch.at
  }

  /** Reserves `bytes` and returns their offset. */
  reserve(bytes: number): number {
    const at = this.#end
    this.#end = at + Math.ceil(bytes / 16) * 16
    const pages = Math.ceil(this.#end / 65_536) - this.kernels.memory.buffer.byteLength / 65_536
    if (pages > 0) this.kernels.memory.grow(pages)
    return at
  }

  /** Reserves room for `array` and copies it in. */
  copy(array: Float64Array | Float32Array | Uint32Array): number {
    const at = this.reserve(array.byteLength)
    new Uint8Array(this.kernels.memory.buffer, at, array.byteLength).set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength))
    return at
  }

  float64(at: number, length: number): Float64Array {
    return new Float64Array(this.kernels.memory.buffer, at, length)
  }
}

let layout: Layout | undefined
/** The task whose operands the memory holds (a thread runs one task's blocks at a time); weakly, not to keep its arrays. */
let current: { readonly task: WeakRef<RowTask>; readonly run: Prepared } | undefined
/** The instance and its memory are let go once no task came for this long (a server trains rarely). */
const IDLE_RELEASE_MS = 2_000
let release: ReturnType<typeof setTimeout> | undefined

function prepare(task: RowTask, layout: Layout): Prepared | undefined {
  layout.reset()
  switch (task.kind) {
    case 'sparse-dense': {
      const { width } = task
      const rowStart = layout.copy(task.rowStart)
      const columns = layout.copy(task.columns)
      const values = layout.copy(task.values)
      const dense = layout.copy(task.dense)
      return (task, from, to) => {
        if (task.kind !== 'sparse-dense') return
        const out = layout.scratch((to - from) * width * 8)
        // Row `from` is written at `out` (the kernel adds `row * width * 8`; 32-bit offsets wrap).
        layout.kernels.sparseDense(rowStart, columns, values, dense, width, out - from * width * 8, from, to)
        task.out.set(layout.float64(out, (to - from) * width), from * width)
      }
    }
    case 'transposed-product': {
      const { width } = task
      const left = layout.copy(task.left)
      const right = task.right === task.left ? left : layout.copy(task.right)
      const out = layout.reserve(width * width * 8)
      return (task, from, to) => {
        if (task.kind !== 'transposed-product') return
        const rows = layout.float64(out + from * width * 8, (to - from) * width)
        rows.set(task.out.subarray(from * width, to * width))
        layout.kernels.transposedProduct(out, left, right, task.n, width, task.upperOnly ? 1 : 0, from, to)
        task.out.set(rows, from * width)
      }
    }
    case 'multiply-rows': {
      const { width, count, stride } = task
      const range = layout.copy(task.range)
      const transposed = layout.reserve(width * count * 8)
      const columns = layout.float64(transposed, width * count)
      for (let c = 0; c < count; c++) for (let i = 0; i < width; i++) columns[i * count + c] = task.columns[c * width + i]!
      return (task, from, to) => {
        if (task.kind !== 'multiply-rows') return
        const out = layout.scratch((to - from) * stride * 8)
        layout.kernels.multiplyRows(range, transposed, count, width, out - from * stride * 8, stride, from, to)
        const result = layout.float64(out, (to - from) * stride)
        for (let r = from; r < to; r++) task.out.set(result.subarray((r - from) * stride, (r - from) * stride + count), r * stride)
      }
    }
    default:
      return undefined
  }
}

/**
 * Runs rows `from .. to - 1` of `task` with the WebAssembly kernels and returns `true`, or returns
 * `false` (nothing done) for a task they do not cover or where WebAssembly SIMD is missing.
 */
export function runSimdRowBlock(task: RowTask, from: number, to: number): boolean {
  if (KERNELS === undefined || (task.kind !== 'sparse-dense' && task.kind !== 'transposed-product' && task.kind !== 'multiply-rows')) return false
  if (current?.task.deref() !== task) {
    let run: Prepared | undefined
    try {
      layout ??= new Layout()
      run = prepare(task, layout)
    } catch {
      // The memory could not grow to the task's operands: the JavaScript kernels run it.
      current = undefined
      return false
    }
    if (run === undefined) return false
    current = { task: new WeakRef(task), run }
    clearTimeout(release)
    release = setTimeout(() => {
      layout = undefined
      current = undefined
    }, IDLE_RELEASE_MS)
    release.unref?.()
  }
  current.run(task, from, to)
  return true
}
