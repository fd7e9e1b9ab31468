/**
 * The `k`-th largest of the first `size` values (`1 <= k <= size`), counting repeats: the score a
 * document must reach to be among the best `k`. A min-heap of `k` values, so O(size log k) time
 * at worst and O(k) memory; most values fail one comparison with the heap's root. The top-k
 * selections of the in-memory streams and the stores cut their candidates at it before ranking
 * the few that pass with their own tie-break.
 *
 * @example
 * kthLargest(new Float64Array([0.5, 3, 2, 2]), 4, 3) // 2
 */
export function kthLargest(values: ArrayLike<number>, size: number, k: number): number {
  const heap = new Float64Array(k)
  for (let i = 0; i < k; i++) {
    let at = i
    heap[at] = values[i]!
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (heap[parent]! <= heap[at]!) break
      const swap = heap[parent]!
      heap[parent] = heap[at]!
      heap[at] = swap
      at = parent
    }
  }
  for (let i = k; i < size; i++) {
    const value = values[i]!
    if (value <= heap[0]!) continue
    heap[0] = value
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= k) break
      const right = left + 1
      const child = right < k && heap[right]! < heap[left]! ? right : left
      if (heap[at]! <= heap[child]!) break
      const swap = heap[child]!
      heap[child] = heap[at]!
      heap[at] = swap
      at = child
    }
  }
  return heap[0]!
}
