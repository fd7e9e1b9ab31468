import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'
import { COMMAND_EXPECTED } from './entrypoints-expected-commands.js'
import { EXPECTED as FIRST_EXPECTED } from './entrypoints-expected.js'
import { HTTP_EXPECTED } from './entrypoints-expected-http.js'
import { MORE_EXPECTED } from './entrypoints-expected-more.js'
import { FRONTEND_EXPECTED } from './entrypoints-expected-frontend.js'

const FIXTURES = fileURLToPath(new URL('../fixtures/entrypoints/', import.meta.url))
const chunker = createLayeredChunker()
const EXPECTED = { ...FIRST_EXPECTED, ...COMMAND_EXPECTED, ...MORE_EXPECTED, ...HTTP_EXPECTED, ...FRONTEND_EXPECTED }

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files(path, out)
    else out.push(path)
  }
  return out
}

/** Every entrypoint found in one fixture folder: `line kind framework method route -> handler`. */
async function entrypointsOf(folder: string): Promise<string[]> {
  const out: string[] = []
  for (const absolute of files(join(FIXTURES, folder))) {
    const path = relative(FIXTURES, absolute)
    const { layers } = await chunker.chunkWithLayers({ path, content: readFileSync(absolute, 'utf8'), format: 'code' })
    for (const e of layers.entrypoints) {
      out.push(`${path.slice(folder.length + 1)}:${e.startLine} ${e.kind} ${e.framework} ${e.method || '-'} ${e.route || '-'} -> ${e.handler || '-'}`)
    }
  }
  return out
}


describe('entrypoint detectors (C3) on one golden fixture per framework', () => {
  it('has a fixture for every framework of the issue, and an expectation for every fixture', () => {
    const folders = readdirSync(FIXTURES).sort()
    expect(folders).toEqual(Object.keys(EXPECTED).sort())
  })

  for (const [folder, expected] of Object.entries(EXPECTED)) {
    it(`finds exactly the hand-listed entrypoints of ${folder}`, async () => {
      const found = await entrypointsOf(folder)
      const byLine = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true })
      expect([...found].sort(byLine)).toEqual([...expected].sort(byLine))
    })
  }
})
