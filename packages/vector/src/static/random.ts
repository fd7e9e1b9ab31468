/**
 * A seeded pseudo-random generator (splitmix32): the same seed gives the same sequence on every
 * machine, which is what makes training deterministic.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x9e3779b9) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    z ^= z >>> 16
    return (z >>> 0) / 4294967296
  }
}

/** Standard normal samples from a uniform generator (Box-Muller). */
export function gaussian(random: () => number): () => number {
  let spare: number | undefined
  return () => {
    if (spare !== undefined) {
      const value = spare
      spare = undefined
      return value
    }
    const u = 1 - random()
    const v = random()
    const r = Math.sqrt(-2 * Math.log(u))
    spare = r * Math.sin(2 * Math.PI * v)
    return r * Math.cos(2 * Math.PI * v)
  }
}
