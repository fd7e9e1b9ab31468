/** Most implicit QL iterations spent on one eigenvalue before it is taken as it stands (two or three is usual). */
const MAX_ITERATIONS = 64

/**
 * Eigenvalues and eigenvectors of a small symmetric matrix (`n x n`, row-major): Householder
 * reduction to tridiagonal form, then the implicit QL algorithm with Wilkinson-style shifts (the
 * `tred2`/`tql2` pair of EISPACK, as in JAMA): a few `n³` flops in all, where cyclic Jacobi
 * spends about `4n³` per sweep, over several sweeps. Returns the values in ascending order and the vectors
 * as the columns of an `n x n` row-major matrix (orthonormal; their signs are arbitrary). The input
 * is not changed.
 */
export function symmetricEigen(input: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const v = Float64Array.from(input.subarray(0, n * n))
  const d = new Float64Array(n)
  const e = new Float64Array(n)
  if (n === 0) return { values: d, vectors: v }
  householderTridiagonal(v, d, e, n)
  // QL rotates pairs of columns of V: rotate rows of its transpose instead (contiguous).
  const vt = transpose(v, n)
  implicitQl(vt, d, e, n)
  return { values: d, vectors: transpose(vt, n) }
}

function transpose(matrix: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[j * n + i] = matrix[i * n + j]!
  return out
}

/**
 * Reduces the symmetric matrix in `v` to tridiagonal form (`d` its diagonal, `e` its subdiagonal
 * in `e[1..n-1]`) and leaves in `v` the orthogonal matrix of the reduction (`tred2`).
 */
function householderTridiagonal(v: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) d[j] = v[(n - 1) * n + j]!
  for (let i = n - 1; i > 0; i--) {
    // Scale to avoid under- and overflow.
    let scale = 0
    let h = 0
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]!)
    if (scale === 0) {
      e[i] = d[i - 1]!
      for (let j = 0; j < i; j++) {
        d[j] = v[(i - 1) * n + j]!
        v[i * n + j] = 0
        v[j * n + i] = 0
      }
    } else {
      // The Householder vector.
      for (let k = 0; k < i; k++) {
        d[k]! /= scale
        h += d[k]! * d[k]!
      }
      let f = d[i - 1]!
      let g = Math.sqrt(h)
      if (f > 0) g = -g
      e[i] = scale * g
      h -= f * g
      d[i - 1] = f - g
      for (let j = 0; j < i; j++) e[j] = 0
      // The similarity transformation of the remaining columns.
      for (let j = 0; j < i; j++) {
        f = d[j]!
        v[j * n + i] = f
        g = e[j]! + v[j * n + j]! * f
        for (let k = j + 1; k <= i - 1; k++) {
          g += v[k * n + j]! * d[k]!
          e[k]! += v[k * n + j]! * f
        }
        e[j] = g
      }
      f = 0
      for (let j = 0; j < i; j++) {
        e[j]! /= h
        f += e[j]! * d[j]!
      }
      const hh = f / (h + h)
      for (let j = 0; j < i; j++) e[j]! -= hh * d[j]!
      for (let j = 0; j < i; j++) {
        f = d[j]!
        g = e[j]!
        for (let k = j; k <= i - 1; k++) v[k * n + j]! -= f * e[k]! + g * d[k]!
        d[j] = v[(i - 1) * n + j]!
        v[i * n + j] = 0
      }
    }
    d[i] = h
  }
  // Accumulate the transformations.
  for (let i = 0; i < n - 1; i++) {
    v[(n - 1) * n + i] = v[i * n + i]!
    v[i * n + i] = 1
    const h = d[i + 1]!
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = v[k * n + i + 1]! / h
      for (let j = 0; j <= i; j++) {
        let g = 0
        for (let k = 0; k <= i; k++) g += v[k * n + i + 1]! * v[k * n + j]!
        for (let k = 0; k <= i; k++) v[k * n + j]! -= g * d[k]!
      }
    }
    for (let k = 0; k <= i; k++) v[k * n + i + 1] = 0
  }
  for (let j = 0; j < n; j++) {
    d[j] = v[(n - 1) * n + j]!
    v[(n - 1) * n + j] = 0
  }
  v[(n - 1) * n + n - 1] = 1
  e[0] = 0
}

/**
 * Diagonalises the tridiagonal matrix (`d`, `e`) by implicit QL iterations (`tql2`), applying each
 * rotation to the rows of `vt` (the transposed reduction); then sorts the eigenvalues ascending,
 * with their rows.
 */
function implicitQl(vt: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) e[i - 1] = e[i]!
  e[n - 1] = 0
  let f = 0
  let tst1 = 0
  const eps = 2 ** -52
  for (let l = 0; l < n; l++) {
    // Find a small subdiagonal element.
    tst1 = Math.max(tst1, Math.abs(d[l]!) + Math.abs(e[l]!))
    let m = l
    while (m < n - 1 && !(Math.abs(e[m]!) <= eps * tst1)) m++
    if (m > l) {
      for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
        // The implicit shift.
        let g = d[l]!
        let p = (d[l + 1]! - g) / (2 * e[l]!)
        let r = Math.hypot(p, 1)
        if (p < 0) r = -r
        d[l] = e[l]! / (p + r)
        d[l + 1] = e[l]! * (p + r)
        const dl1 = d[l + 1]!
        let h = g - d[l]!
        for (let i = l + 2; i < n; i++) d[i]! -= h
        f += h
        // The implicit QL transformation.
        p = d[m]!
        let c = 1
        let c2 = c
        let c3 = c
        const el1 = e[l + 1]!
        let s = 0
        let s2 = 0
        for (let i = m - 1; i >= l; i--) {
          c3 = c2
          c2 = c
          s2 = s
          g = c * e[i]!
          h = c * p
          r = Math.hypot(p, e[i]!)
          e[i + 1] = s * r
          s = e[i]! / r
          c = p / r
          p = c * d[i]! - s * g
          d[i + 1] = h + s * (c * g + s * d[i]!)
          // Rows i and i + 1 of the transposed vectors.
          const upper = i * n
          const lower = upper + n
          for (let k = 0; k < n; k++) {
            const below = vt[lower + k]!
            vt[lower + k] = s * vt[upper + k]! + c * below
            vt[upper + k] = c * vt[upper + k]! - s * below
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]!) / dl1
        e[l] = s * p
        d[l] = c * p
        if (!(Math.abs(e[l]!) > eps * tst1)) break
      }
    }
    d[l] = d[l]! + f
    e[l] = 0
  }
  // Sort ascending (selection sort: n swaps of rows at most).
  for (let i = 0; i < n - 1; i++) {
    let k = i
    let p = d[i]!
    for (let j = i + 1; j < n; j++) {
      if (d[j]! < p) {
        k = j
        p = d[j]!
      }
    }
    if (k !== i) {
      d[k] = d[i]!
      d[i] = p
      for (let j = 0; j < n; j++) {
        const swap = vt[i * n + j]!
        vt[i * n + j] = vt[k * n + j]!
        vt[k * n + j] = swap
      }
    }
  }
}
