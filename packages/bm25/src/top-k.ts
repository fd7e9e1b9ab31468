/** The document id of a slot, read only to break a tie. */
export type SlotId = (slot: number) => string

/**
 * `a` ranks before `b`: higher score, or the same score and the smaller document id (code-unit
 * order), so the order of equal scores depends on what is indexed, never on the order it was
 * added in (an index updated file by file ranks like one built from scratch).
 */
function before(scoreA: number, slotA: number, scoreB: number, slotB: number, idOf: SlotId): boolean {
  return scoreA > scoreB || (scoreA === scoreB && slotA !== slotB && idOf(slotA) < idOf(slotB))
}

/**
 * The best `k` of `count` candidates `slots[0 .. count)`, scored by `scores[slot]`, best first:
 * higher score first, ties by the smaller id (`idOf`). A bounded min-heap, so O(count log k) time
 * and O(k) memory however large `count` is.
 */
export function selectTopK(scores: Float64Array, slots: Uint32Array, count: number, k: number, idOf: SlotId): Uint32Array {
  const size = Math.min(k, count)
  const heap = new Uint32Array(size)
  let filled = 0
  for (let i = 0; i < count; i++) {
    const slot = slots[i]!
    const score = scores[slot]!
    if (filled < size) {
      // Sift up: the root holds the worst candidate kept so far.
      let at = filled++
      while (at > 0) {
        const parent = (at - 1) >> 1
        const p = heap[parent]!
        if (!before(scores[p]!, p, score, slot, idOf)) break
        heap[at] = p
        at = parent
      }
      heap[at] = slot
    } else if (size > 0 && before(score, slot, scores[heap[0]!]!, heap[0]!, idOf)) {
      siftDown(heap, size, slot, scores, idOf)
    }
  }
  // Pop the worst to the back until the heap is empty: the array ends up best first.
  for (let end = filled - 1; end > 0; end--) {
    const worst = heap[0]!
    siftDown(heap, end, heap[end]!, scores, idOf)
    heap[end] = worst
  }
  return heap
}

/** Places `slot` at the root of the min-heap `heap[0 .. size)` and sifts it down. */
function siftDown(heap: Uint32Array, size: number, slot: number, scores: Float64Array, idOf: SlotId): void {
  const score = scores[slot]!
  let at = 0
  for (;;) {
    const left = 2 * at + 1
    if (left >= size) break
    const right = left + 1
    let child = left
    if (right < size && before(scores[heap[left]!]!, heap[left]!, scores[heap[right]!]!, heap[right]!, idOf)) child = right
    const c = heap[child]!
    if (!before(score, slot, scores[c]!, c, idOf)) break
    heap[at] = c
    at = child
  }
  heap[at] = slot
}
