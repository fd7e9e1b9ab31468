/**
 * `pnpm bench` (full) and `pnpm bench:smoke` / `pnpm test` (smoke) in bench/.
 *
 *   tsx src/main.ts [--smoke] [--out DIR]
 *   tsx src/main.ts --render results/bench.json [--out DIR]   (report and chart again, no measuring)
 *
 * Full runs write `results/REPORT.md`, `results/chart.svg`, `results/bench.json` and
 * `results/quality-grid.csv`; smoke runs write the same files under `results/tmp/smoke/`
 * (ignored by git) and exit non-zero unless every stage produced finite numbers.
 * Needs the @rag packages built (`pnpm build` at the root; turbo does it before `test`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchResult } from './bench-result.js'
import { FULL, SMOKE } from './profile.js'
import { renderChart } from './report/chart.js'
import { gridCsv } from './report/grid-csv.js'
import { renderMarkdown } from './report/markdown.js'
import { runBench } from './run-bench.js'
import { smokeProblems } from './smoke-check.js'

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url))

function writeReport(result: BenchResult, out: string): void {
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'quality-grid.csv'), gridCsv(result.quality.rows))
  writeFileSync(join(out, 'REPORT.md'), renderMarkdown(result))
  writeFileSync(join(out, 'chart.svg'), renderChart(result))
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const smoke = args.includes('--smoke')
  const outAt = args.indexOf('--out')
  const out = outAt >= 0 ? resolve(args[outAt + 1]!) : smoke ? join(RESULTS, 'tmp/smoke') : RESULTS
  const renderAt = args.indexOf('--render')
  if (renderAt >= 0) {
    writeReport(JSON.parse(readFileSync(resolve(args[renderAt + 1]!), 'utf8')) as BenchResult, out)
    return
  }
  const scratch = mkdtempSync(join(tmpdir(), 'rag-bench-'))
  const started = performance.now()
  const log = (line: string): void => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`)
  try {
    const result = await runBench({ profile: smoke ? SMOKE : FULL, scratch, log })
    writeReport(result, out)
    // Five significant digits are plenty for every figure and keep the committed file small.
    writeFileSync(join(out, 'bench.json'), JSON.stringify(result, (_key, value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(5)) : value)))
    log(`wrote ${join(out, 'REPORT.md')} and chart.svg in ${(result.durationMs / 60000).toFixed(1)} min`)
    if (smoke) {
      const problems = smokeProblems(result)
      if (problems.length > 0) {
        for (const p of problems) console.error(`smoke: ${p}`)
        process.exitCode = 1
      } else {
        log('smoke: every stage ran and produced numbers')
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
