import { createRequire } from 'node:module'
import type * as TreeSitter from 'web-tree-sitter'
import type { Parser } from 'web-tree-sitter'

const require = createRequire(import.meta.url)

let runtime: Promise<typeof TreeSitter> | undefined
const parsers = new Map<string, Promise<Parser>>()

/** Absolute path of a grammar shipped in `@vscode/tree-sitter-wasm`, e.g. `tree-sitter-python.wasm`. */
export function grammarPath(grammar: string): string {
  return require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`)
}

/** Version of `@vscode/tree-sitter-wasm` the grammars come from, or `unknown`. */
export function grammarsVersion(): string {
  try {
    const manifest = require('@vscode/tree-sitter-wasm/package.json') as { version?: unknown }
    return typeof manifest.version === 'string' ? manifest.version : 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * A parser for one grammar. web-tree-sitter is imported and initialised on the first call and
 * each grammar loaded on its first use; both are cached for the life of the process (each worker
 * thread has its own). A failure is cached too, so a missing grammar costs one attempt.
 */
export function parserFor(grammar: string): Promise<Parser> {
  let parser = parsers.get(grammar)
  if (!parser) {
    runtime ??= import('web-tree-sitter').then(async (module) => {
      await module.Parser.init()
      return module
    })
    parser = runtime.then(async ({ Language, Parser }) => {
      const language = await Language.load(grammarPath(grammar))
      return new Parser().setLanguage(language)
    })
    parsers.set(grammar, parser)
  }
  return parser
}
