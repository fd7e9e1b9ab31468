/**
 * Speed and memory of `BM25Stream` at 50,000 chunks of real code: TypeScript's compiler sources,
 * the Python standard library, then other packages under node_modules (`.js .ts .mjs .cjs`) until
 * there are enough, cut into 60-line chunks (identical files read once).
 *
 * Run: `cd bench && npx tsx src/bm25-speed.ts [--chunks 50000] [--lines 60]` (build @rag/bm25 first).
 * Reports, per analyzer: indexing time for one batch (wall and main-thread CPU, five runs; CPU
 * time is the figure to trust on a busy machine), heap growth against the chunk text, query p50/p95
 * over typical 2-5 word code queries, and the time to replace 10% of the chunks.
 */
import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { Analyzer, Document } from '@rag/core'
import { BM25Stream, codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'
import { pythonStdlibDir, walkFiles } from './corpus/real-code.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? Number(process.argv[at + 1]) : fallback
}

const CHUNKS = option('chunks', 50_000)
const LINES = option('lines', 60)
const ROOT = new URL('../..', import.meta.url).pathname

const QUERIES = [
  'parse json response',
  'create source file',
  'type checker diagnostics',
  'read file async',
  'http server request handler',
  'regular expression match groups',
  'socket connection timeout',
  'emit declaration file',
  'resolve module name',
  'unicode string encoding',
  'thread lock acquire release',
  'json decode error',
  'symbol table lookup',
  'syntax tree visitor',
  'get auth token',
  'database connection pool',
  'compile regex pattern',
  'walk directory tree',
  'hash map insert',
  'format date time zone',
  'parse command line arguments',
  'buffer write bytes',
  'import module spec loader',
  'error message stack trace',
  'sort list by key',
  'temporary directory cleanup',
  'generic type parameter constraint',
  'incremental build program',
  'watch file changes',
  'quote string escape',
]

/** Files under `dir` whose name ends with one of `extensions` and that hold more than 1 KiB, in a stable order. */
function walk(dir: string, extensions: readonly string[]): string[] {
  return walkFiles(dir, (path) => extensions.some((e) => path.endsWith(e)) && lstatSync(path).size > 1024)
}

function sourceFiles(): string[] {
  const pnpm = join(ROOT, 'node_modules/.pnpm')
  const typescript = readdirSync(pnpm)
    .filter((d) => d.startsWith('typescript@'))
    .flatMap((d) => walk(join(pnpm, d, 'node_modules/typescript/lib'), ['.js']))
  const python = walk(pythonStdlibDir(), ['.py'])
  const otherJs = walk(pnpm, ['.js', '.ts', '.mjs', '.cjs'])
  return [...typescript, ...python, ...otherJs]
}

/** 50,000 chunks of `LINES` lines from distinct files (identical files are read once). */
function loadChunks(): Document[] {
  const seen = new Set<string>()
  const chunks: Document[] = []
  for (const path of sourceFiles()) {
    if (chunks.length >= CHUNKS) break
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      continue
    }
    const digest = createHash('sha1').update(text).digest('hex')
    if (seen.has(digest)) continue
    seen.add(digest)
    const lines = text.split('\n')
    const file = relative(ROOT, path)
    for (let start = 0; start < lines.length && chunks.length < CHUNKS; start += LINES) {
      const content = lines.slice(start, start + LINES).join('\n')
      if (content.trim().length === 0) continue
      chunks.push({ id: `${file}#${start + 1}`, content, metadata: { file, startLine: start + 1, endLine: Math.min(lines.length, start + LINES) } })
    }
  }
  return chunks
}

function heapUsed(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

/** CPU time of this (main) thread in ms, from /proc on Linux: unlike wall time, it ignores other processes. */
function threadCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

async function measure(analyzer: Analyzer, chunks: Document[], textChars: number): Promise<void> {
  const create = () => new BM25Stream({ analyzer, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
  const before = heapUsed()
  let stream = create()
  const walls: number[] = []
  const cpus: number[] = []
  const timeAdd = async (s: BM25Stream) => {
    const c0 = threadCpuMs()
    const t0 = performance.now()
    await s.add(chunks)
    walls.push(performance.now() - t0)
    cpus.push(threadCpuMs() - c0)
  }
  await timeAdd(stream)
  const growth = heapUsed() - before
  // Four more builds (the first one also warms up the JIT); the last one answers the queries.
  for (let run = 0; run < 4; run++) {
    stream = create()
    await timeAdd(stream)
  }

  for (let round = 0; round < 3; round++) for (const q of QUERIES) await stream.search(q, 10)
  const times: number[] = []
  let hits = 0
  for (let round = 0; round < 20; round++) {
    for (const q of QUERIES) {
      const s = performance.now()
      const results = await stream.search(q, 10)
      times.push(performance.now() - s)
      hits += results.length
    }
  }
  times.sort((a, b) => a - b)

  const tenth = chunks.filter((_, i) => i % 10 === 0)
  const fresh = tenth.map((d) => ({ ...d, id: `${d.id}+`, content: `${d.content}\n// revised` }))
  const r0 = performance.now()
  await stream.replaceDocuments(
    tenth.map((d) => d.id),
    fresh,
  )
  const replaceMs = performance.now() - r0

  const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(' / ')
  console.log(`\n${analyzer.name}`)
  console.log(`  index ${chunks.length} chunks in one batch, 5 runs: wall ${ms(walls)} ms; main-thread CPU ${ms(cpus)} ms`)
  console.log(`  heap growth (first build): ${mb(growth)} = ${(growth / textChars).toFixed(2)}x the chunk text`)
  console.log(
    `  query (topK 10, ${times.length} runs, ${(hits / times.length).toFixed(1)} hits avg): p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`,
  )
  console.log(`  replace 10% (${tenth.length} out, ${fresh.length} in): ${replaceMs.toFixed(0)} ms`)
}

async function main(): Promise<void> {
  const chunks = loadChunks()
  const textChars = chunks.reduce((n, d) => n + d.content.length, 0)
  const files = new Set(chunks.map((d) => d.metadata['file'])).size
  console.log(`node ${process.version}; load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} CPUs; ${chunks.length} chunks of ${LINES} lines from ${files} files; chunk text ${mb(textChars)} (${textChars} chars)`)
  for (const analyzer of [compatibleAnalyzer, codeAwareAnalyzer]) await measure(analyzer, chunks, textChars)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
