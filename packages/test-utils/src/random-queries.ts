import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A seeded pseudo-random generator (splitmix32) for tests: the same seed gives the same sequence
 * on every machine, so a random test fails the same way wherever it runs.
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

/**
 * `count` queries of one to three consecutive identifier-like words from random lines of a real
 * corpus's own files (`files`, relative to `root`): what a developer might type, drawn the same way
 * for the same `seed`.
 */
export function randomWordQueries(root: string, files: readonly string[], count: number, seed: number): string[] {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const queries: string[] = []
  while (queries.length < count) {
    const lines = readFileSync(join(root, pick(files)), 'utf8').split('\n')
    const words = pick(lines).match(/[A-Za-z_][A-Za-z0-9_]{2,}/g) ?? []
    if (words.length === 0) continue
    const start = Math.floor(random() * words.length)
    queries.push(words.slice(start, start + 1 + Math.floor(random() * 3)).join(' '))
  }
  return queries
}
