/**
 * Wall-clock latency of one-shot `rag` commands (a new process each: start-up, opening the index,
 * the command itself) on an index of the bench's largest corpus: the speed suite's 8x Python
 * corpus (the machine's Python standard library, files in the fixed hashed order, the first 24 M
 * characters; `runScaling` of `speed/scaling.ts`), indexed with `rag index`.
 *
 * Run: `cd bench && pnpm exec tsx src/cli-latency.ts [--runs 20] [--dir /tmp/rag-cli-latency]
 * [--cli ../packages/cli/dist/cli.js ...] [--reindex]`. The corpus and its index are kept in `--dir`
 * and reused by later runs (`--reindex` builds them again, with the first `--cli`). Each command
 * runs `--runs` times after one untimed run, each time with the next query of a fixed list; wall
 * time from spawn to exit, and the child's CPU time (user + system, from `/proc/self/stat`, 10 ms
 * ticks). With several `--cli` (say a build of `main` and this one), their runs alternate, so each
 * sees the same load: compare them side by side. Prints a table and writes `cli-latency.json` to
 * `--dir`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readRealCode, realCodeFiles, type LoadedFile } from './corpus/real-code.js'
import { childrenCpuMs } from './speed/children-cpu.js'
import { percentile } from './speed/stats.js'

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}

/** The speed suite's largest scale: 8 x 3,000,000 characters (`FULL.scales`, `FULL.baseChars`). */
const LARGEST_CHARS = 8 * 3_000_000
const RUNS = Number(arg('runs') ?? 20)
const DIR = resolve(arg('dir') ?? '/tmp/rag-cli-latency')
const CLIS = (() => {
  const given = process.argv.flatMap((a, i) => (a === '--cli' && process.argv[i + 1] !== undefined ? [resolve(process.argv[i + 1]!)] : []))
  return given.length > 0 ? given : [fileURLToPath(new URL('../../packages/cli/dist/cli.js', import.meta.url))]
})()
const TREE = join(DIR, 'python')

const QUERIES = [
  'parse json configuration file',
  'socket connection timeout retry',
  'resolve module name',
  'http request headers',
  'unicode decode error',
  'read file line by line',
  'thread pool executor shutdown',
  'compare two strings ignoring case',
  'format date time zone',
  'Fix the email header parser when a line is folded',
  'add a timeout option to urlopen',
  'zipfile extract fails on symlinks',
]

/** One `rag` command line to time; `{query}` is replaced by the next query. */
interface CommandCase {
  readonly name: string
  readonly args: readonly string[]
}

const CASES: readonly CommandCase[] = [
  { name: 'rag search -k 10', args: ['search', '-k', '10', '{query}'] },
  { name: 'rag search --files', args: ['search', '--files', '{query}'] },
  { name: 'rag status', args: ['status'] },
  { name: 'rag --version', args: ['--version'] },
]

/** p50/p95 of one command, milliseconds. */
interface CommandTiming {
  readonly cli: string
  readonly command: string
  readonly runs: number
  readonly wallP50: number
  readonly wallP95: number
  readonly cpuP50: number
  readonly cpuP95: number
}

/** The first files whose text adds up to at most `chars` (as the speed suite's `prefix`). */
function prefix(files: readonly LoadedFile[], chars: number): LoadedFile[] {
  const out: LoadedFile[] = []
  let total = 0
  for (const file of files) {
    if (out.length > 0 && total + file.content.length > chars) break
    out.push(file)
    total += file.content.length
  }
  return out
}

function rag(args: readonly string[], cli: string = CLIS[0]!): { wall: number; cpu: number; stdout: string } {
  const cpuBefore = childrenCpuMs()
  const started = performance.now()
  const result = spawnSync(process.execPath, [cli, '--root', TREE, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const wall = performance.now() - started
  if (result.status !== 0) throw new Error(`rag ${args.join(' ')} exited with ${result.status}: ${result.stderr}`)
  return { wall, cpu: childrenCpuMs() - cpuBefore, stdout: result.stdout }
}

function buildIndex(): void {
  rmSync(DIR, { recursive: true, force: true })
  const files = prefix(readRealCode(realCodeFiles({ sources: ['python-stdlib'], maxBytes: LARGEST_CHARS * 1.1, order: 'hashed' })), LARGEST_CHARS)
  for (const file of files) {
    const target = join(TREE, file.label.replace(/^python-stdlib\//, ''))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, file.content)
  }
  const chars = files.reduce((sum, f) => sum + f.content.length, 0)
  console.error(`corpus: ${files.length} files, ${(chars / 1e6).toFixed(1)} M chars in ${TREE}`)
  const { wall } = rag(['index', TREE])
  console.error(`rag index: ${(wall / 1000).toFixed(1)} s`)
}

function main(): void {
  if (process.argv.includes('--reindex') || !existsSync(join(TREE, '.rag'))) buildIndex()
  const status = JSON.parse(rag(['--json', 'status']).stdout) as { files?: number; chunks?: number }
  console.error(`index: ${status.files} files, ${status.chunks} chunks; cli ${CLIS.join(', ')}`)
  const timings: CommandTiming[] = []
  for (const { name, args } of CASES) {
    let next = 0
    const line = (): string[] => args.map((a) => (a === '{query}' ? QUERIES[next++ % QUERIES.length]! : a))
    for (const cli of CLIS) rag(line(), cli)
    const wall = CLIS.map((): number[] => [])
    const cpu = CLIS.map((): number[] => [])
    for (let run = 0; run < RUNS; run++) {
      const command = line()
      // Every build runs the same command line, in turn (the first alternates), under the same load.
      const order = CLIS.map((_, i) => i)
      if (run % 2 === 1) order.reverse()
      for (const i of order) {
        const timed = rag(command, CLIS[i])
        wall[i]!.push(timed.wall)
        cpu[i]!.push(timed.cpu)
      }
    }
    CLIS.forEach((cli, i) => {
      timings.push({ cli, command: name, runs: RUNS, wallP50: percentile(wall[i]!, 50), wallP95: percentile(wall[i]!, 95), cpuP50: percentile(cpu[i]!, 50), cpuP95: percentile(cpu[i]!, 95) })
    })
  }
  const load = loadavg().map((v) => Number(v.toFixed(2)))
  const result = { clis: CLIS, tree: TREE, files: status.files, chunks: status.chunks, loadavg: load, timings }
  writeFileSync(join(DIR, 'cli-latency.json'), `${JSON.stringify(result, null, 2)}\n`)
  console.log(`${status.chunks} chunks, ${status.files} files; load average ${load.join(' / ')}`)
  console.log('| command | cli | wall p50 ms | wall p95 ms | CPU p50 ms | CPU p95 ms |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const t of timings) console.log(`| ${t.command} | ${t.cli} | ${t.wallP50.toFixed(0)} | ${t.wallP95.toFixed(0)} | ${t.cpuP50.toFixed(0)} | ${t.cpuP95.toFixed(0)} |`)
}

main()
