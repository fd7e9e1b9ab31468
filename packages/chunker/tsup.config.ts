import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { defineConfig } from 'tsup'
import { packageBuildConfig } from '../../tsup.base.ts'
import { VENDORED_GRAMMARS } from './src/code/tree-sitter-runtime.ts'

const require = createRequire(import.meta.url)

/** Copies the grammars `@vscode/tree-sitter-wasm` lacks into `dist/grammars/`, where `grammarPath` looks first. */
function copyVendoredGrammars(): void {
  mkdirSync('dist/grammars', { recursive: true })
  for (const [name, { from, folder }] of Object.entries(VENDORED_GRAMMARS)) {
    const file = `tree-sitter-${name}.wasm`
    copyFileSync(require.resolve(`${from}/${folder}${file}`), `dist/grammars/${file}`)
  }
}

export default defineConfig(packageBuildConfig({ onSuccess: async () => copyVendoredGrammars() }))
