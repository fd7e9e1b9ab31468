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

  it('finds the Swift and Dart grammars of @repomix/tree-sitter-wasms and parses with them', async () => {
    expect(grammarPath('swift')).toMatch(/tree-sitter-swift\.wasm$/)
    expect((await parserFor('swift')).parse('struct A { func b() {} }')?.rootNode.child(0)?.type).toBe('class_declaration')
    expect(grammarPath('dart')).toMatch(/tree-sitter-dart\.wasm$/)
    expect((await parserFor('dart')).parse('class A { void b() {} }')?.rootNode.child(0)?.type).toBe('class_definition')
  })

  it('names every vendored grammar in the grammars version', () => {
    expect(grammarsVersion()).toMatch(/\+kotlin-\d+\.\d+\.\d+\+swift-\d+\.\d+\.\d+\+dart-\d+\.\d+\.\d+$/)
  })
})
