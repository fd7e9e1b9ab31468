import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { copyStdlibSubset } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { ORACLE_TIMEOUT_MS, compareImports } from './support/agreement.js'
import { layersOf } from './support/index-files.js'

const ORACLE = fileURLToPath(new URL('./python_imports.py', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'rag-layers-python-imports-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('import edges (C2) against Python\'s import system', () => {
  it('resolves the imports ast finds in a copy of part of the standard library to the files Python would load', async () => {
    const paths = copyStdlibSubset(root)
    const oracle = JSON.parse(execFileSync('python3', [ORACLE, root, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as [string, string, string, string | null][]
    const expected = new Map<string, string | undefined>()
    for (const [path, specifier, name, target] of oracle) expected.set(`${path} ${specifier} ${name}`, target ?? undefined)
    const graph = new LayerGraph(await layersOf(root, paths))
    const actual = new Map<string, string | undefined>()
    for (const path of paths) {
      for (const edge of graph.edgesOf(path)) {
        if (edge.kind !== 'imports') continue
        const target = edge.resolution === 'resolved' ? edge.targetPath : undefined
        for (const { name } of edge.names ?? []) actual.set(`${path} ${edge.target} ${name}`, target)
      }
    }
    const result = compareImports(expected, actual)
    console.log(`python stdlib subset: ${result.right}/${result.inRoot} in-root imports resolved to Python's file, ${result.wrong} to another`, result.missedSamples, result.wrongSamples)
    expect(result.inRoot).toBeGreaterThan(500)
    expect(result.right / result.inRoot).toBeGreaterThanOrEqual(0.9)
    expect(result.wrong).toBe(0)
  }, ORACLE_TIMEOUT_MS)
})
