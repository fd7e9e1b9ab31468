import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type * as TreeSitter from 'web-tree-sitter'
import type { Parser } from 'web-tree-sitter'

const require = createRequire(import.meta.url)

let runtime: Promise<typeof TreeSitter> | undefined
const parsers = new Map<string, Promise<Parser>>()

/** Where a vendored grammar's `.wasm` comes from: `<from>/<folder>tree-sitter-<grammar>.wasm`. */
export interface VendoredGrammar {
  /** The npm package. */
  readonly from: string
  /** Its version (a devDependency pinned to it). */
  readonly version: string
  /** The folder of the package holding the file, with a trailing `/`; `''` for its root. */
  readonly folder: string
}

/**
 * Grammars `@vscode/tree-sitter-wasm` lacks, with the package each `.wasm` comes from and its
 * version. The build copies them into `dist/grammars/` (see `tsup.config.ts`): the packages
 * themselves are only devDependencies, since they carry native-addon install scripts and
 * runtime dependencies the chunker does not need (Kotlin's), or dozens of grammars it does not
 * use (`@repomix/tree-sitter-wasms`, prebuilt for the current ABI: the Swift and Dart packages of
 * npm ship no loadable `.wasm`).
 */
export const VENDORED_GRAMMARS: Readonly<Record<string, VendoredGrammar>> = {
  kotlin: { from: '@tree-sitter-grammars/tree-sitter-kotlin', version: '1.1.0', folder: '' },
  swift: { from: '@repomix/tree-sitter-wasms', version: '0.1.17', folder: 'out/' },
  dart: { from: '@repomix/tree-sitter-wasms', version: '0.1.17', folder: 'out/' },
}

/**
 * Absolute path of a grammar's `.wasm`, e.g. `tree-sitter-python.wasm`: from
 * `@vscode/tree-sitter-wasm`, or for a {@link VENDORED_GRAMMARS} one, the copy beside the built
 * module (`dist/grammars/`), else (tests running from `src/`) the devDependency's own file.
 */
export function grammarPath(grammar: string): string {
  const vendored = VENDORED_GRAMMARS[grammar]
  if (!vendored) return require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`)
  const file = `tree-sitter-${grammar}.wasm`
  const beside = fileURLToPath(new URL(`./grammars/${file}`, import.meta.url))
  return existsSync(beside) ? beside : require.resolve(`${vendored.from}/${vendored.folder}${file}`)
}

/**
 * Version of `@vscode/tree-sitter-wasm` the grammars come from (`unknown` when it cannot be read),
 * followed by each vendored grammar's: `0.3.1+kotlin-1.1.0+swift-0.1.17+dart-0.1.17`.
 */
export function grammarsVersion(): string {
  let version = 'unknown'
  try {
    const manifest = require('@vscode/tree-sitter-wasm/package.json') as { version?: unknown }
    if (typeof manifest.version === 'string') version = manifest.version
  } catch {
    // keep `unknown`
  }
  return [version, ...Object.entries(VENDORED_GRAMMARS).map(([name, { version: v }]) => `${name}-${v}`)].join('+')
}

function runtimeReady(): Promise<typeof TreeSitter> {
  runtime ??= import('web-tree-sitter').then(async (module) => {
    await module.Parser.init()
    return module
  })
  return runtime
}

/**
 * Imports and initialises web-tree-sitter's runtime (its own WebAssembly module, shared by every
 * grammar) in this thread now, instead of on the first parse; later calls return at once.
 *
 * V8 compiles a WebAssembly module once per process when its bytes are the same (worker threads
 * included) and keeps the tiers it was compiled for. A host that gives grammars baseline code
 * only (`--liftoff-only`, as `rag index` does: optimizing the grammars' large lexers costs more
 * than it saves) can load the runtime first and set that flag after: the runtime's few hot
 * functions are then still optimized, once for all threads, while every grammar stays baseline.
 *
 * @example
 * await loadTreeSitterRuntime()
 * setFlagsFromString('--liftoff-only') // node:v8; grammars load later, in the chunking workers
 */
export async function loadTreeSitterRuntime(): Promise<void> {
  await runtimeReady()
}

/**
 * A parser for one grammar. web-tree-sitter is imported and initialised on the first call (see
 * {@link loadTreeSitterRuntime}) and each grammar loaded on its first use; both are cached for the
 * life of the process (each worker thread has its own). A failure is cached too, so a missing
 * grammar costs one attempt.
 */
export function parserFor(grammar: string): Promise<Parser> {
  let parser = parsers.get(grammar)
  if (!parser) {
    parser = runtimeReady().then(async ({ Language, Parser }) => {
      const language = await Language.load(grammarPath(grammar))
      return new Parser().setLanguage(language)
    })
    parsers.set(grammar, parser)
  }
  return parser
}
