/**
 * Chunking throughput of `@rag/chunker` against raw tree-sitter parse throughput on the same
 * files: TypeScript sources found in node_modules (rxjs sources, @types/node and TypeScript's own
 * `.d.ts` libraries) and the Python standard library.
 *
 * Run: `cd bench && npx tsx src/chunker-throughput.ts [--mb 6] [--rounds 3]` (build @rag/chunker
 * first). For each file of each corpus it times a raw parse (web-tree-sitter with the grammar
 * @rag/chunker ships with; the tree is deleted) and then a full chunking with the default options,
 * back to back, in `rounds` rounds after one warm-up round, and sums each file's best time on each
 * side. The target: chunking costs at most 25 % on top of the parse (chunk MB/s >= 80 % of parse
 * MB/s).
 *
 * A third timing per file chunks with layer extraction (`createLayeredChunker().chunkWithLayers`:
 * the same chunks plus seed 003's symbols, edges and entrypoints from the same parse); the
 * `layers` column is its cost on top of plain chunking (target: at most 15 % of indexing time).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLayeredChunker, createNormalizedDocumentChunker, languageForPath } from '@rag/chunker'
import { pythonStdlibDir, rxjsSourceDir, walkFiles } from './corpus/real-code.js'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : fallback
}

const MEGABYTES = option('mb', 6)
const ROUNDS = option('rounds', 5)
const ROOT = new URL('../..', import.meta.url).pathname
/** The chunker does not parse files above this size by default; keep both sides comparable. */
const MAX_FILE = 1024 * 1024

/** The part of web-tree-sitter this script uses, declared here because bench does not depend on it. */
interface TreeSitter {
  Parser: { init(): Promise<void>; new (): Parser }
  Language: { load(path: string): Promise<unknown> }
}
interface Parser {
  setLanguage(language: unknown): Parser
  parse(text: string): { delete(): void } | null
}

interface Corpus {
  readonly name: string
  readonly grammar: string
  readonly files: { path: string; content: string }[]
}

/** Test directories are not what a user indexes; leave them out. */
const SKIP_TESTS = new Set(['test', 'tests'])

function take(name: string, grammar: string, paths: string[]): Corpus {
  const files: Corpus['files'] = []
  let bytes = 0
  for (const path of paths) {
    if (bytes >= MEGABYTES * 1024 * 1024) break
    if (statSync(path).size > MAX_FILE) continue
    const content = readFileSync(path, 'utf8')
    files.push({ path: path.slice(ROOT.length), content })
    bytes += content.length
  }
  return { name, grammar, files }
}

function corpora(): Corpus[] {
  const pnpm = join(ROOT, 'node_modules/.pnpm')
  const ts: string[] = []
  walkFiles(rxjsSourceDir(), (p) => p.endsWith('.ts'), SKIP_TESTS, ts)
  for (const dir of readdirSync(pnpm).filter((d) => d.startsWith('@types+node@') || d.startsWith('typescript@'))) {
    const pkg = dir.startsWith('@types') ? 'node_modules/@types/node' : 'node_modules/typescript/lib'
    walkFiles(join(pnpm, dir, pkg), (p) => p.endsWith('.ts'), SKIP_TESTS, ts)
  }
  const py = walkFiles(pythonStdlibDir(), (p) => p.endsWith('.py'), SKIP_TESTS)
  return [take('TypeScript (node_modules)', 'typescript', ts), take('Python stdlib', 'python', py)]
}

async function loadTreeSitter(): Promise<(grammar: string) => Promise<Parser>> {
  const chunkerRequire = createRequire(createRequire(import.meta.url).resolve('@rag/chunker/package.json'))
  // The ESM build, the one @rag/chunker imports (require.resolve would give the CommonJS copy).
  const entry = chunkerRequire.resolve('web-tree-sitter').replace(/\.cjs$/, '.js')
  const ts = (await import(pathToFileURL(entry).href)) as TreeSitter
  await ts.Parser.init()
  return async (grammar) => {
    const wasm = chunkerRequire.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`)
    return new ts.Parser().setLanguage(await ts.Language.load(wasm))
  }
}

const mbPerSecond = (chars: number, ms: number): number => chars / 1024 / 1024 / (ms / 1000)

async function main(): Promise<void> {
  const parserFor = await loadTreeSitter()
  const chunker = createNormalizedDocumentChunker()
  const layered = createLayeredChunker()
  console.log(`chunker ${chunker.id}; per-file best of ${ROUNDS} rounds; node ${process.version}\n`)
  const rows: string[] = []
  for (const corpus of corpora()) {
    const parser = await parserFor(corpus.grammar)
    const chars = corpus.files.reduce((sum, f) => sum + f.content.length, 0)
    // Paired timing: each file is parsed, then chunked, back to back, `rounds` times; the best
    // time of each file on each side is kept, so load from other processes hits both sides alike.
    const bestParse = corpus.files.map(() => Infinity)
    const bestChunk = corpus.files.map(() => Infinity)
    const bestLayered = corpus.files.map(() => Infinity)
    let chunks = 0
    let records = 0
    let fallbacks = 0
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [i, file] of corpus.files.entries()) {
        let started = performance.now()
        parser.parse(file.content)?.delete()
        const parsed = performance.now() - started
        started = performance.now()
        const out = await chunker.chunk({
          path: file.path,
          content: file.content,
          format: 'code',
          language: languageForPath(file.path) ?? corpus.grammar,
        })
        const chunked = performance.now() - started
        started = performance.now()
        const withLayers = await layered.chunkWithLayers({
          path: file.path,
          content: file.content,
          format: 'code',
          language: languageForPath(file.path) ?? corpus.grammar,
        })
        const layeredMs = performance.now() - started
        if (round === 0) {
          chunks += out.length
          const { symbols, edges, entrypoints } = withLayers.layers
          records += symbols.length + edges.length + entrypoints.length
          if (out[0]?.metadata['fallback']) fallbacks++
          continue
        }
        bestParse[i] = Math.min(bestParse[i] as number, parsed)
        bestChunk[i] = Math.min(bestChunk[i] as number, chunked)
        bestLayered[i] = Math.min(bestLayered[i] as number, layeredMs)
      }
    }
    const parseMs = bestParse.reduce((a, b) => a + b, 0)
    const chunkMs = bestChunk.reduce((a, b) => a + b, 0)
    const layeredMs = bestLayered.reduce((a, b) => a + b, 0)
    const parseRate = mbPerSecond(chars, parseMs)
    const chunkRate = mbPerSecond(chars, chunkMs)
    const layeredRate = mbPerSecond(chars, layeredMs)
    rows.push(
      `| ${corpus.name} | ${corpus.files.length} | ${(chars / 1024 / 1024).toFixed(2)} | ${parseRate.toFixed(2)} | ${chunkRate.toFixed(2)} | ${((chunkRate / parseRate) * 100).toFixed(0)} % | ${(((chunkMs - parseMs) / parseMs) * 100).toFixed(0)} % | ${layeredRate.toFixed(2)} | ${(((layeredMs - chunkMs) / chunkMs) * 100).toFixed(1)} % | ${chunks} | ${records} | ${fallbacks} |`,
    )
  }
  console.log('| corpus | files | MB (chars) | parse MB/s | chunk MB/s | chunk / parse | overhead | chunk + layers MB/s | layers / chunk | chunks | layer records | fallbacks |')
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

await main()
