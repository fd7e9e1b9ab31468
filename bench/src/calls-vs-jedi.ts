/**
 * Python call edges (C2) against jedi, a Python static analyser that is not our code: for each
 * call site of a copy of real Python packages (Flask and Click, as installed beside the machine's
 * python3), what jedi's `goto` (following imports) says it calls, and what the graph's edge for it
 * says. Reports, like the TypeScript checker test of `@rag/layers` (`calls-vs-typescript.test.ts`):
 * precision (of the calls linked to one definition, the share linked to jedi's) and recall (of the
 * calls of a definition the index holds, the share linked to it).
 *
 * jedi's inference is not deterministic: two runs answer a few sites differently (Werkzeug's
 * `self.headers.get()` now `Headers.get`, now typeshed's `Mapping.get`), so jedi runs `--runs`
 * times (2 by default) and a site whose answers differ is left out, and counted.
 *
 * Run: `cd bench && npx tsx src/calls-vs-jedi.ts [--packages flask,click] [--runs 2] [--all]` (build
 * the packages first; needs python3 with jedi, which this machine's python3 has; about a minute a
 * run). `--all` lists every wrong and missed call instead of a sample.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLayeredChunker } from '@rag/chunker'
import type { EdgeRecord, FileLayers, SymbolRecord } from '@rag/core'
import { LayerGraph } from '@rag/layers'

interface JediCall {
  readonly file: string
  readonly line: number
  readonly name: string
  readonly receiver: string
  readonly target: { readonly path: string; readonly line: number; readonly type: string } | null
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1]! : fallback
}

function pythonFiles(root: string, dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() && entry.name !== '__pycache__') pythonFiles(root, path, out)
    else if (entry.isFile() && entry.name.endsWith('.py')) out.push(relative(root, path))
  }
  return out
}

/** The receiver as the extraction writes it: a plain dotted name, `super` for `super()`, else `?`. */
const writtenReceiver = (receiver: string): string =>
  receiver === '' || /^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*$/.test(receiver) ? receiver : /^super\((?:[\w.]+,\s*\w+)?\)$/.test(receiver) ? 'super' : '?'

/**
 * The type the extraction gives a `?` receiver that is one call of a dotted name, `Parser()` for
 * `Parser(self, source)` (such calls get an edge per type), else `undefined`.
 */
function calledType(receiver: string): string | undefined {
  const call = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\((.*)\)$/s.exec(receiver.replace(/\s+/g, ''))
  if (call === null) return undefined
  let depth = 0
  for (const c of call[2]!.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, '')) {
    if (c === '(') depth++
    else if (c === ')' && --depth < 0) return undefined
  }
  return depth === 0 ? `${call[1]}()` : undefined
}

/** The call edge of a site: its source symbol's edge for this callee and receiver, innermost symbol first. */
function edgeOf(edges: readonly EdgeRecord[], call: JediCall, graph: LayerGraph): EdgeRecord | undefined {
  const receiver = writtenReceiver(call.receiver)
  const type = receiver === '?' ? calledType(call.receiver) : undefined
  let best: EdgeRecord | undefined
  let bestSize = Infinity
  for (const edge of edges) {
    if (edge.target !== call.name || (edge.receiver ?? '') !== receiver) continue
    if (receiver === '?' && edge.receiverType !== type) continue
    const source = edge.sourceSymbolId ? graph.symbol(edge.sourceSymbolId) : undefined
    const size = source ? (source.startLine <= call.line && call.line <= source.endLine ? source.endLine - source.startLine : Infinity) : 1e9
    if (size < bestSize) [best, bestSize] = [edge, size]
  }
  return best
}

/** How many times jedi runs: a site its runs answer differently is left out (jedi's inference is not deterministic). */
const RUNS = Number(option('runs', '2'))

/** The sites every run answers alike (the script lists them in the same order each run), and how many it does not. */
function agreed(runs: readonly (readonly JediCall[])[]): { calls: JediCall[]; unsure: number } {
  const [first = [], ...others] = runs
  const key = (call: JediCall | undefined): string => JSON.stringify(call)
  if (others.some((run) => run.length !== first.length)) throw new Error('jedi listed a different number of call sites in two runs')
  const calls = first.filter((call, i) => others.every((run) => key(run[i]) === key(call)))
  return { calls, unsure: first.length - calls.length }
}

async function main(): Promise<void> {
  const packages = option('packages', 'flask,click').split(',')
  const root = mkdtempSync(join(tmpdir(), 'rag-calls-jedi-'))
  try {
    for (const name of packages) {
      const dir = execFileSync('python3', ['-c', `import ${name}, os; print(os.path.dirname(${name}.__file__))`], { encoding: 'utf8' }).trim()
      cpSync(dir, join(root, name), { recursive: true, filter: (path) => !path.includes('__pycache__') })
    }
    const files = pythonFiles(root)
    const chunker = createLayeredChunker()
    const layers: FileLayers[] = []
    for (const path of files) layers.push((await chunker.chunkWithLayers({ path, content: readFileSync(join(root, path), 'utf8'), format: 'auto' })).layers)
    const graph = new LayerGraph(layers)
    const script = fileURLToPath(new URL('./calls/jedi_calls.py', import.meta.url))
    const started = performance.now()
    const runs = Array.from({ length: RUNS }, () =>
      execFileSync('python3', [script, root, ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as JediCall),
    )
    const jediMs = (performance.now() - started) / RUNS
    const { calls, unsure } = agreed(runs)
    const indexedFiles = new Set(files)
    let indexed = 0
    let definite = 0
    let right = 0
    const wrong: string[] = []
    const missed: string[] = []
    for (const call of calls) {
      const path = call.target && call.target.path.startsWith(`${root}/`) ? call.target.path.slice(root.length + 1) : undefined
      const at = call.target?.line ?? 0
      const expected: SymbolRecord | undefined =
        path !== undefined && indexedFiles.has(path) ? graph.symbols({ name: call.name }).find((s) => s.path === path && s.startLine <= at && at <= s.endLine) : undefined
      if (expected) indexed++
      const edge = edgeOf(graph.edgesOf(call.file).filter((e) => e.kind === 'calls'), call, graph)
      const target = edge && (edge.resolution === 'resolved' || (edge.resolution === 'by-name' && edge.candidates === 1)) && edge.targetSymbolId ? graph.symbol(edge.targetSymbolId) : undefined
      const where = `${call.file}:${call.line} ${call.receiver ? `${call.receiver}.` : ''}${call.name}`
      if (target) {
        definite++
        // Overloads and definitions per platform (`if WIN: def f` / `else: def f`) of one name in one file are one callee.
        if (target.id === expected?.id || (expected !== undefined && target.path === expected.path && target.qname === expected.qname.replace(/~\d+$/, ''))) right++
        else wrong.push(`${where} -> ${target.id} (${edge!.resolution}), jedi: ${call.target ? `${path ?? call.target.path}:${at}` : 'none'}`)
      } else if (expected) missed.push(`${where} -> ${expected.id}, ours ${edge ? `${edge.resolution} (${edge.candidates})` : 'no edge'}`)
    }
    const share = (n: number, d: number): string => (d === 0 ? '-' : (n / d).toFixed(3))
    console.log(`${packages.join(' + ')}: ${files.length} files, ${calls.length + unsure} call sites (jedi ${(jediMs / 1000).toFixed(0)} s a run)`)
    if (RUNS > 1) console.log(`left out: ${unsure} sites that jedi's ${RUNS} runs answer differently`)
    console.log(`calls of an indexed definition: ${indexed}; linked to one definition: ${definite}, ${right} of them jedi's`)
    console.log(`precision ${share(right, definite)}, recall ${share(right, indexed)}`)
    const sample = (list: string[]): string => (process.argv.includes('--all') ? list : list.filter((_, i) => i % Math.max(1, Math.floor(list.length / 40)) === 0).slice(0, 40)).join('\n  ')
    console.log(`wrong (${wrong.length}):\n  ${sample(wrong)}`)
    console.log(`missed (${missed.length}):\n  ${sample(missed)}`)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

await main()
