/** Most implicit QL iterations spent on one eigenvalue before it is taken as it stands (two or three is usual). */
const MAX_ITERATIONS = 64

/**
 * Eigenvalues and eigenvectors of a small symmetric matrix (`n x n`, row-major): Householder
 * reduction to tridiagonal form, then the implicit QL algorithm with Wilkinson-style shifts (the
 * `tred2`/`tql2` pair of EISPACK, as in JAMA): a few `n³` flops in all, where cyclic Jacobi
 * spends about `4n³` per sweep, over several sweeps. Returns the values in ascending order and
 * the vectors as the columns of an `n x n` row-major matrix (orthonormal; their signs are
 * arbitrary). The input is not changed.
 */
export function symmetricEigen(input: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  // Everything runs on the transpose of JAMA's V (its columns are rows here, so every inner loop
  // reads and writes contiguous memory); the same operations in the same order.
  const vt = transpose(input, n)
  const d = new Float64Array(n)
  const e = new Float64Array(n)
  if (n === 0) return { values: d, vectors: vt }
  householderTridiagonal(vt, d, e, n)
  implicitQl(vt, d, e, n)
  return { values: d, vectors: transpose(vt, n) }
}

// The inner loops of the reduction, as functions of their own: each is called thousands of times,
// so it is optimized early, where a loop inside the reduction would wait for on-stack replacement.

/** `g + Σ vt[row + k] d[k]` over `k` in `j + 1 .. i - 1`, adding `vt[row + k] f` to each `e[k]` on the way. */
function dotAndAdd(vt: Float64Array, row: number, d: Float64Array, e: Float64Array, j: number, i: number, f: number, g: number): number {
  for (let k = j + 1; k <= i - 1; k++) {
    g += vt[row + k]! * d[k]!
    e[k]! += vt[row + k]! * f
  }
  return g
}

/** `vt[row + k] -= f e[k] + g d[k]` for `k` in `j .. i - 1`. */
function subtractTwo(vt: Float64Array, row: number, j: number, i: number, f: number, e: Float64Array, g: number, d: Float64Array): void {
  for (let k = j; k <= i - 1; k++) vt[row + k]! -= f * e[k]! + g * d[k]!
}

/** `Σ vt[a + k] vt[b + k]` over `k` in `0 .. length - 1`. */
function dot(vt: Float64Array, a: number, b: number, length: number): number {
  let sum = 0
  for (let k = 0; k < length; k++) sum += vt[a + k]! * vt[b + k]!
  return sum
}

/** `vt[row + k] -= g d[k]` for `k` in `0 .. length - 1`. */
function subtractScaled(vt: Float64Array, row: number, length: number, g: number, d: Float64Array): void {
  for (let k = 0; k < length; k++) vt[row + k]! -= g * d[k]!
}

function transpose(matrix: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[j * n + i] = matrix[i * n + j]!
  return out
}

/**
 * Reduces the symmetric matrix in `vt` to tridiagonal form (`d` its diagonal, `e` its subdiagonal
 * in `e[1..n-1]`) and leaves in `vt` the transposed orthogonal matrix of the reduction (`tred2`,
 * with `V[a][b]` at `vt[b * n + a]`).
 */
function householderTridiagonal(vt: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) d[j] = vt[j * n + n - 1]!
  for (let i = n - 1; i > 0; i--) {
    // Scale to avoid under- and overflow.
    let scale = 0
    let h = 0
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]!)
    if (scale === 0) {
      e[i] = d[i - 1]!
      for (let j = 0; j < i; j++) {
        d[j] = vt[j * n + i - 1]!
        vt[j * n + i] = 0
        vt[i * n + j] = 0
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
        vt[i * n + j] = f
        const row = j * n
        e[j] = dotAndAdd(vt, row, d, e, j, i, f, e[j]! + vt[row + j]! * f)
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
        const row = j * n
        subtractTwo(vt, row, j, i, f, e, g, d)
        d[j] = vt[row + i - 1]!
        vt[row + i] = 0
      }
    }
    d[i] = h
  }
  // Accumulate the transformations.
  for (let i = 0; i < n - 1; i++) {
    vt[i * n + n - 1] = vt[i * n + i]!
    vt[i * n + i] = 1
    const h = d[i + 1]!
    const next = (i + 1) * n
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = vt[next + k]! / h
      for (let j = 0; j <= i; j++) {
        const row = j * n
        subtractScaled(vt, row, i + 1, dot(vt, next, row, i + 1), d)
      }
    }
    for (let k = 0; k <= i; k++) vt[next + k] = 0
  }
  for (let j = 0; j < n; j++) {
    d[j] = vt[j * n + n - 1]!
    vt[j * n + n - 1] = 0
  }
  vt[(n - 1) * n + n - 1] = 1
  e[0] = 0
}

/**
 * Rotates the rows at `upper` and `upper + n` of `vt` (rows `i` and `i + 1` of the transposed
 * vectors). A function of its own: called thousands of times, it is optimized early, where a loop
 * inside the QL iteration would wait for on-stack replacement.
 */
function rotateRows(vt: Float64Array, upper: number, n: number, c: number, s: number): void {
  const lower = upper + n
  for (let k = 0; k < n; k++) {
    const below = vt[lower + k]!
    vt[lower + k] = s * vt[upper + k]! + c * below
    vt[upper + k] = c * vt[upper + k]! - s * below
  }
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
          rotateRows(vt, i * n, n, c, s)
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
