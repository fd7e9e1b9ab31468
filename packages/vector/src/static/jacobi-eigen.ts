/**
 * Eigenvalues and eigenvectors of a small symmetric matrix (`n x n`, row-major) by cyclic Jacobi
 * rotations, until the off-diagonal mass is at rounding level (or 50 sweeps). Returns the values
 * and the vectors as columns of an `n x n` row-major matrix. The input is not changed.
 */
export function symmetricEigen(input: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(input)
  // The eigenvectors are kept as rows (V transposed), so each rotation updates two contiguous
  // rows; the same products and sums as rotating columns, so the result is the same bit for bit.
  const vt = new Float64Array(n * n)
  for (let i = 0; i < n; i++) vt[i * n + i] = 1
  let norm = 0
  for (let i = 0; i < n * n; i++) norm += a[i]! * a[i]!
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2
    if (off <= norm * 1e-24 || off === 0) break
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!
        if (apq === 0) continue
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq)
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
        const c = 1 / Math.sqrt(t * t + 1)
        const s = t * c
        for (let k = 0; k < n; k++) {
          // Rotate columns p and q, then rows p and q (A' = J^T A J).
          const akp = a[k * n + p]!
          const akq = a[k * n + q]!
          a[k * n + p] = c * akp - s * akq
          a[k * n + q] = s * akp + c * akq
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!
          const aqk = a[q * n + k]!
          a[p * n + k] = c * apk - s * aqk
          a[q * n + k] = s * apk + c * aqk
        }
        const vp = p * n
        const vq = q * n
        for (let k = 0; k < n; k++) {
          const vkp = vt[vp + k]!
          const vkq = vt[vq + k]!
          vt[vp + k] = c * vkp - s * vkq
          vt[vq + k] = s * vkp + c * vkq
        }
      }
    }
  }
  const values = new Float64Array(n)
  for (let i = 0; i < n; i++) values[i] = a[i * n + i]!
  const vectors = new Float64Array(n * n)
  for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) vectors[k * n + i] = vt[i * n + k]!
  return { values, vectors }
}
