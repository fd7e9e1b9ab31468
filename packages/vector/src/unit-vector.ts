/**
 * `vector` scaled to unit length, as a new array (a zero vector stays zero: it matches nothing).
 * Non-finite components make the whole vector zero, so one bad value never poisons a ranking.
 */
export function toUnitVector(vector: ArrayLike<number>): Float32Array {
  const out = new Float32Array(vector.length)
  let sum = 0
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!
  if (!(sum > 0) || !Number.isFinite(sum)) return out
  const scale = 1 / Math.sqrt(sum)
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! * scale
  return out
}

/**
 * `vector` itself when it is unit length already (or zero), else {@link toUnitVector} of it: what a
 * caller that copies the vector anyway uses, so 200,000 vectors of a local embedder (unit by
 * construction) are not copied twice. `vector` must hold finite numbers (`checkVectors`).
 */
export function asUnitVector(vector: Float32Array): Float32Array {
  let sum = 0
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!
  return sum === 0 || Math.abs(sum - 1) < 1e-6 ? vector : toUnitVector(vector)
}
