/** Row `a` ranks before row `b`: higher score, or the same score and a lower row. */
function before(scoreA: number, rowA: number, scoreB: number, rowB: number): boolean {
  return scoreA > scoreB || (scoreA === scoreB && rowA < rowB)
}

/**
 * The rows among `scores[0 .. count)` with the `k` highest scores above `minScore`, best first
 * (ties: lower row first). A bounded min-heap: O(count log k) time, O(k) memory.
 */
export function topRows(scores: Float32Array, count: number, k: number, minScore: number): Uint32Array {
  const heap = new Uint32Array(Math.min(k, count))
  const size = heap.length
  let filled = 0
  for (let row = 0; row < count; row++) {
    const score = scores[row]!
    if (!(score > minScore)) continue
    if (filled < size) {
      let at = filled++
      while (at > 0) {
        const parent = (at - 1) >> 1
        const p = heap[parent]!
        if (!before(scores[p]!, p, score, row)) break
        heap[at] = p
        at = parent
      }
      heap[at] = row
    } else if (size > 0 && before(score, row, scores[heap[0]!]!, heap[0]!)) {
      siftDown(heap, size, row, scores)
    }
  }
  for (let end = filled - 1; end > 0; end--) {
    const worst = heap[0]!
    siftDown(heap, end, heap[end]!, scores)
    heap[end] = worst
  }
  return heap.subarray(0, filled)
}

/** Places `row` at the root of the min-heap `heap[0 .. size)` and sifts it down. */
function siftDown(heap: Uint32Array, size: number, row: number, scores: Float32Array): void {
  const score = scores[row]!
  let at = 0
  for (;;) {
    const left = 2 * at + 1
    if (left >= size) break
    const right = left + 1
    let child = left
    if (right < size && before(scores[heap[left]!]!, heap[left]!, scores[heap[right]!]!, heap[right]!)) child = right
    const c = heap[child]!
    if (!before(score, row, scores[c]!, c)) break
    heap[at] = c
    at = child
  }
  heap[at] = row
}
