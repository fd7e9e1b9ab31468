import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { copyStdlibSubset } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'
import { ORACLE_TIMEOUT_MS, agreement, describeAgreement } from './compare.js'

const ORACLE = fileURLToPath(new URL('./python_definitions.py', import.meta.url))
const chunker = createLayeredChunker()
let root = ''
let paths: string[] = []

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rag-layers-python-'))
  paths = copyStdlibSubset(root)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const key = (path: string, name: string, kind: string, line: number): string => `${path} ${kind} ${name} @${line}`

describe('symbol catalog (C1) against Python\'s ast module', () => {
  it('agrees on (file, name, kind, start line) over a copy of part of the standard library', async () => {
    const oracle = JSON.parse(execFileSync('python3', [ORACLE, root, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as [string, string, string, number][]
    const parsed = new Set(oracle.map(([path]) => path))
    const expected = oracle.map(([path, name, kind, line]) => key(path, name, kind, line))
    const found: string[] = []
    for (const path of paths) {
      // Files Python itself cannot parse have no oracle; they are left out of both sides.
      if (!parsed.has(path)) continue
      const content = readFileSync(join(root, path), 'utf8')
      const { layers } = await chunker.chunkWithLayers({ path, content, format: 'code' })
      for (const s of layers.symbols) found.push(key(s.path, s.name, s.kind, s.startLine))
    }
    const result = agreement(expected, found)
    console.log(`python stdlib subset (${parsed.size} files): ${describeAgreement(result)}`, result.missed.slice(0, 12), result.extra.slice(0, 12))
    expect(result.expected).toBeGreaterThan(5000)
    expect(result.recall).toBeGreaterThanOrEqual(0.95)
    expect(result.precision).toBeGreaterThanOrEqual(0.95)
  }, ORACLE_TIMEOUT_MS)
})
