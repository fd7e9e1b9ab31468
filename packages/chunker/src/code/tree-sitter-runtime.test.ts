import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { grammarPath, grammarsVersion, parserFor, VENDORED_GRAMMARS } from './tree-sitter-runtime.js'

const require = createRequire(import.meta.url)

describe('VENDORED_GRAMMARS', () => {
  it('records the version of the package each grammar is copied from', () => {
    for (const { from, version } of Object.values(VENDORED_GRAMMARS)) {
      const manifest = JSON.parse(readFileSync(require.resolve(`${from}/package.json`), 'utf8')) as { version: string }
      expect(manifest.version, from).toBe(version)
    }
  })
})

describe('grammarPath', () => {
  it('finds the Kotlin grammar from src/ (the devDependency) and parses with it', async () => {
    expect(grammarPath('kotlin')).toMatch(/tree-sitter-kotlin\.wasm$/)
    const parser = await parserFor('kotlin')
    expect(parser.parse('class A { fun b() = 1 }')?.rootNode.child(0)?.type).toBe('class_declaration')
  })

  it('names every vendored grammar in the grammars version', () => {
    expect(grammarsVersion()).toMatch(/\+kotlin-\d+\.\d+\.\d+$/)
  })
})
