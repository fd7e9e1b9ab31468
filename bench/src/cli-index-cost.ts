/**
 * What a user's `rag index` costs from scratch: the real binary in a fresh process per run (start-up,
 * the grammars' WebAssembly compiled anew, every thread's JIT cold, the commit), over the same
 * real code as `layers-cost.ts` and `static-cost.ts`, once plain, once with `--layers` and once with
 * `--embedder static`. Those two scripts time `indexDirectory` in a process an earlier index has
 * warmed; this one times what `rag index` on a new checkout takes, which is what the 4 MB/s targets
 * of issues 12 and 13 are about for a user.
 *
 * Run: `cd bench && npx tsx src/cli-index-cost.ts [--mb 8] [--runs 3] [--cli ../packages/cli/dist/cli.js]`
 * (build the packages first). Runs alternate (plain, layers, static, plain, ...) so machine load
 * hits all alike; each mode's fastest run is reported, wall (spawn to exit) and the child's CPU time
 * (user + system of every thread, from `/proc/self/stat`, 10 ms ticks).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readRealCode, realCodeFiles } from './corpus/real-code.js'
import { writeTree } from './corpus/write-tree.js'
import { childrenCpuMs } from './speed/children-cpu.js'

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1]! : fallback
}

const MEGABYTES = Number(option('mb', '8'))
const RUNS = Number(option('runs', '3'))
const CLI = resolve(option('cli', fileURLToPath(new URL('../../packages/cli/dist/cli.js', import.meta.url))))
const MODES = [
  { name: 'plain', flags: [] },
  { name: 'layers', flags: ['--layers'] },
  { name: 'static', flags: ['--embedder', 'static'] },
] as const

/** One `rag index` of `dir` from scratch (its `.rag` removed first), timed. */
function index(dir: string, flags: readonly string[]): { wall: number; cpu: number } {
  rmSync(join(dir, '.rag'), { recursive: true, force: true })
  const cpu = childrenCpuMs()
  const started = performance.now()
  const result = spawnSync(process.execPath, [CLI, 'index', dir, ...flags], { encoding: 'utf8' })
  const wall = performance.now() - started
  if (result.status !== 0) throw new Error(`rag index ${flags.join(' ')} exited with ${result.status}: ${result.stderr}`)
  return { wall, cpu: childrenCpuMs() - cpu }
}

const files = readRealCode(realCodeFiles({ sources: ['python-stdlib'], maxBytes: MEGABYTES * 1e6, order: 'hashed', skipDirs: ['test', 'tests'] }))
const dir = mkdtempSync(join(tmpdir(), 'rag-cli-index-cost-'))
try {
  const bytes = writeTree(files, dir)
  index(dir, []) // the files into the page cache
  const best = new Map<string, { wall: number; cpu: number }>()
  for (let run = 0; run < RUNS; run++) {
    for (const mode of MODES) {
      const timed = index(dir, mode.flags)
      console.log(`run ${run + 1} ${mode.name}: ${timed.wall.toFixed(0)} ms wall, ${timed.cpu} ms CPU`)
      const known = best.get(mode.name)
      if (known === undefined || timed.wall < known.wall) best.set(mode.name, timed)
    }
  }
  const plain = best.get('plain')!
  console.log(`\n${files.length} files, ${(bytes / 1e6).toFixed(1)} MB (Python stdlib); node ${process.version}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; fastest of ${RUNS}\n`)
  console.log('| rag index | wall ms | MB/s | adds (wall) | CPU ms | adds (CPU) |')
  console.log('|---|---|---|---|---|---|')
  for (const mode of MODES) {
    const { wall, cpu } = best.get(mode.name)!
    const adds = (value: number, base: number): string => (mode.name === 'plain' ? '' : `+${((100 * (value - base)) / base).toFixed(1)} %`)
    console.log(`| ${['', ...mode.flags].join(' ').trim() || '(plain)'} | ${wall.toFixed(0)} | ${(bytes / 1e6 / (wall / 1000)).toFixed(2)} | ${adds(wall, plain.wall)} | ${cpu} | ${adds(cpu, plain.cpu)} |`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
