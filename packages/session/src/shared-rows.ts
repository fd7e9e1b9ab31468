import { runRowBlock, type RowRunner, type RowTask } from '@rag/vector'

/** Index of the next unclaimed block in a shared task's control array. */
const NEXT = 0
/** Index of the count of finished blocks. */
const DONE = 1
/** Index of the failure flag: 1 once a block failed, on either thread. */
const FAILED = 2

/** Tasks with fewer rows run on the training thread alone: posting them costs more than sharing saves. */
const MIN_SHARED_ROWS = 32
/** A shared task is cut into about this many blocks, claimed one at a time by whichever thread is free. */
const BLOCKS = 64

/** A row task offered to the main thread: its operands in shared memory, claimed block by block. */
export interface SharedRowsMessage {
  readonly kind: 'rows'
  readonly task: RowTask
  /** Three `Int32`s: the next block to claim, the blocks finished, a failure flag. */
  readonly control: SharedArrayBuffer
  /** Rows per block. */
  readonly block: number
}

function isShared(array: ArrayBufferView): boolean {
  return array.buffer instanceof SharedArrayBuffer
}

/**
 * Claims and runs blocks of an offered task until none is left (none, when the other thread
 * already did them all); each is counted done, and a block that throws sets the task's failure
 * flag. Returns how many blocks it ran and the first error it met. The main thread calls it while
 * it waits for the model: it never throws, and the training thread fails the training.
 */
export function helpWithRows({ task, control: buffer, block }: SharedRowsMessage): { ran: number; error?: unknown } {
  const control = new Int32Array(buffer)
  const blocks = Math.ceil(task.rows / block)
  let ran = 0
  let error: unknown
  for (let b = Atomics.add(control, NEXT, 1); b < blocks; b = Atomics.add(control, NEXT, 1), ran++) {
    try {
      runRowBlock(task, b * block, Math.min(task.rows, (b + 1) * block))
    } catch (thrown) {
      error ??= thrown
      Atomics.store(control, FAILED, 1)
    }
    Atomics.add(control, DONE, 1)
    Atomics.notify(control, DONE)
  }
  return error === undefined ? { ran } : { ran, error }
}

/**
 * The training thread's {@link RowRunner}: its arrays live in shared memory, and each task is
 * offered to the main thread (`offer` posts it and wakes it) and cut into blocks that both threads
 * claim; the main thread takes some only while it waits for the model ({@link helpWithRows}),
 * otherwise the training thread runs them all. `run` returns once every block is done. Which
 * thread ran which block does not change a bit of the result (see `RowTask`).
 */
export class SharingRowRunner implements RowRunner {
  readonly #offer: (message: SharedRowsMessage) => void
  /** Shared copies of arrays that were not in shared memory (the sparse matrices), by original. */
  readonly #copies = new WeakMap<ArrayBufferView, ArrayBufferView>()

  constructor(offer: (message: SharedRowsMessage) => void) {
    this.#offer = offer
  }

  float64(length: number): Float64Array {
    return new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT))
  }

  uint8(length: number): Uint8Array {
    return new Uint8Array(new SharedArrayBuffer(length))
  }

  float32(length: number): Float32Array {
    return new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT))
  }

  run(task: RowTask): void {
    const shared = task.rows >= MIN_SHARED_ROWS ? this.#shared(task) : undefined
    if (shared === undefined) {
      runRowBlock(task, 0, task.rows)
      return
    }
    const message: SharedRowsMessage = { kind: 'rows', task: shared, control: new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT), block: Math.ceil(task.rows / BLOCKS) }
    const control = new Int32Array(message.control)
    const blocks = Math.ceil(task.rows / message.block)
    this.#offer(message)
    const { error } = helpWithRows(message)
    for (let done = Atomics.load(control, DONE); done < blocks; done = Atomics.load(control, DONE)) Atomics.wait(control, DONE, done)
    if (error !== undefined) throw error
    if (Atomics.load(control, FAILED) === 1) throw new Error(`A block of the static training's ${task.kind} kernel failed on the main thread.`)
  }

  /**
   * The task with every operand in shared memory: read-only operands (sparse matrices, the
   * model's term vectors) are copied once; `undefined` (run it here alone) when an operand it
   * writes or a dense one is not shared (it was not allocated by this runner), since the other
   * thread could not write or read it.
   */
  #shared(task: RowTask): RowTask | undefined {
    switch (task.kind) {
      case 'sparse-dense':
        if (!isShared(task.dense) || !isShared(task.out)) return undefined
        return { ...task, rowStart: this.#copy(task.rowStart), columns: this.#copy(task.columns), values: this.#copy(task.values) }
      case 'transposed-product':
        return isShared(task.left) && isShared(task.right) && isShared(task.out) ? task : undefined
      case 'substitute':
        return isShared(task.matrix) && isShared(task.rt) && isShared(task.dead) ? task : undefined
      case 'multiply-rows':
        return isShared(task.range) && isShared(task.columns) && isShared(task.out) ? task : undefined
      case 'embed':
        if (!isShared(task.out)) return undefined
        return { ...task, ids: this.#copy(task.ids), starts: this.#copy(task.starts), targets: this.#copy(task.targets), vectors: this.#copy(task.vectors), weights: this.#copy(task.weights) }
    }
  }

  #copy<T extends Uint32Array | Float32Array>(array: T): T {
    if (isShared(array)) return array
    let copy = this.#copies.get(array) as T | undefined
    if (copy === undefined) {
      const Kind = array.constructor as { new (buffer: SharedArrayBuffer): T }
      copy = new Kind(new SharedArrayBuffer(array.byteLength))
      copy.set(array)
      this.#copies.set(array, copy)
    }
    return copy
  }
}
