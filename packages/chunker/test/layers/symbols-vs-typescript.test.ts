import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'
import { repositoryCorpus, type CorpusFile } from '../../src/testing/corpus.js'
import { ORACLE_TIMEOUT_MS, agreement, describeAgreement } from './compare.js'
import { typescriptDefinitions } from './typescript-oracle.js'

const chunker = createLayeredChunker()

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else if (entry.name.endsWith('.ts')) out.push(path)
  }
  return out
}

/** rxjs ships its TypeScript sources (`rxjs/src`): real code nobody on this project wrote. */
function rxjsCorpus(): CorpusFile[] {
  const root = dirname(createRequire(import.meta.url).resolve('rxjs/package.json'))
  return walk(join(root, 'src'), [])
    .sort()
    .map((path) => ({ path: relative(root, path), content: readFileSync(path, 'utf8') }))
}

const key = (path: string, name: string, kind: string, line: number): string => `${path} ${kind} ${name} @${line}`

async function compare(files: readonly CorpusFile[]) {
  const expected: string[] = []
  const found: string[] = []
  for (const file of files) {
    for (const d of typescriptDefinitions(file.path, file.content)) expected.push(key(d.path, d.name, d.kind, d.line))
    const { layers } = await chunker.chunkWithLayers({ path: file.path, content: file.content, format: 'code' })
    for (const s of layers.symbols) found.push(key(s.path, s.name, s.kind, s.startLine))
  }
  return agreement(expected, found)
}

describe('symbol catalog (C1) against the TypeScript compiler API', () => {
  it('agrees on (file, name, kind, start line) over this repository\'s own sources', async () => {
    const files = repositoryCorpus().filter((f) => /\.(?:[cm]?[jt]s|tsx)$/.test(f.path) && !f.path.includes('/test/fixtures/'))
    const result = await compare(files)
    console.log(`repository (${files.length} files): ${describeAgreement(result)}`, result.missed.slice(0, 10), result.extra.slice(0, 10))
    expect(result.expected).toBeGreaterThan(1000)
    expect(result.recall).toBeGreaterThanOrEqual(0.95)
    expect(result.precision).toBeGreaterThanOrEqual(0.95)
  }, ORACLE_TIMEOUT_MS)

  it('agrees on (file, name, kind, start line) over rxjs\'s TypeScript sources', async () => {
    const files = rxjsCorpus()
    const result = await compare(files)
    console.log(`rxjs (${files.length} files): ${describeAgreement(result)}`, result.missed.slice(0, 10), result.extra.slice(0, 10))
    expect(result.expected).toBeGreaterThan(800)
    expect(result.recall).toBeGreaterThanOrEqual(0.95)
    expect(result.precision).toBeGreaterThanOrEqual(0.95)
  }, ORACLE_TIMEOUT_MS)
})
