/**
 * Picks the best `k` of `count` scored candidates with a bounded min-heap: O(count · log k) time,
 * O(k) memory. Higher scores win; equal scores go to the smaller id (code-unit order), so the
 * result never depends on insertion or hash order.
 *
 * @param slots candidate document slots, `count` of them used
 * @param scores the score of each candidate, parallel to `slots`
 * @param idOf the document id of a slot, consulted only to break ties
 * @returns positions into `slots`, best first
 */
export function selectTopK(
  slots: Uint32Array,
  scores: Float64Array,
  count: number,
  k: number,
  idOf: (slot: number) => string,
): number[] {
  // `a` ranks below `b`: lower score, or the same score and a larger id.
  const worse = (a: number, b: number): boolean => {
    const sa = scores[a]!
    const sb = scores[b]!
    return sa < sb || (sa === sb && idOf(slots[a]!) > idOf(slots[b]!))
  }
  const size = Math.min(k, count)
  const heap = new Int32Array(size)
  let used = 0

  const siftUp = (at: number): void => {
    const item = heap[at]!
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (!worse(item, heap[parent]!)) break
      heap[at] = heap[parent]!
      at = parent
    }
    heap[at] = item
  }
  const siftDown = (at: number): void => {
    const item = heap[at]!
    for (;;) {
      let child = 2 * at + 1
      if (child >= used) break
      if (child + 1 < used && worse(heap[child + 1]!, heap[child]!)) child++
      if (!worse(heap[child]!, item)) break
      heap[at] = heap[child]!
      at = child
    }
    heap[at] = item
  }

  for (let i = 0; i < count; i++) {
    if (used < size) {
      heap[used] = i
      siftUp(used++)
    } else if (worse(heap[0]!, i)) {
      heap[0] = i
      siftDown(0)
    }
  }
  return Array.from(heap.subarray(0, used)).sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0))
}
