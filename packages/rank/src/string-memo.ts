/**
 * A pure function of one string, remembered for the last `capacity` distinct arguments or so
 * (the whole memory is dropped when it fills: no per-call bookkeeping). For the per-path facts a
 * ranking asks of the same few thousand paths on every query (`pathCategories`, `companionKey`).
 */
export function memoizeString<T>(compute: (input: string) => T, capacity = 65_536): (input: string) => T {
  let memory = new Map<string, T>()
  return (input) => {
    const known = memory.get(input)
    if (known !== undefined) return known
    const value = compute(input)
    if (memory.size >= capacity) memory = new Map()
    memory.set(input, value)
    return value
  }
}
