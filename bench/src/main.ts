/**
 * `pnpm bench` (full) and `pnpm bench:smoke` / `pnpm test` (smoke) in bench/.
 *
 *   tsx src/main.ts [--smoke] [--out DIR]
 *   tsx src/main.ts --only localization [--smoke] [--out DIR]   (one suite alone)
 *   tsx src/main.ts --only localization --queries questions [--out DIR]   (the question set on the same corpora)
 *   tsx src/main.ts --only localization [--repos ky,click] ...   (those repositories alone)
 *   tsx src/main.ts --render results/bench.json [--out DIR]   (report and chart again, no measuring)
 *
 * Full runs write `results/REPORT.md`, `results/chart.svg`, `results/bench.json` and
 * `results/quality-grid.csv`; smoke runs write the same files under `results/tmp/smoke/`
 * (ignored by git) and exit non-zero unless every stage produced finite numbers. `--only
 * localization` runs that suite alone: when the output folder already holds a `bench.json`, the
 * new figures replace its `localization` and the localization section of `REPORT.md`; else it
 * writes `localization.json` and a `REPORT.md` with that section only. With `--queries questions`
 * the suite ranks for the question set instead (no latency or CodeSearchNet runs) and writes
 * `questions.json` and `QUESTIONS.md`, leaving the rest of the folder as it was.
 * Needs the @rag packages built (`pnpm build` at the root; turbo does it before `test`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchResult } from './bench-result.js'
import { LOCALIZATION_REPOS } from './corpus/localization-data.js'
import { runLocalization } from './localization/run-localization.js'
import type { LocalizationResult } from './localization/result.js'
import { localizationSystems } from './localization/systems.js'
import { FULL, SMOKE } from './profile.js'
import { renderLocalization } from './report/localization-tables.js'
import { renderChart } from './report/chart.js'
import { gridCsv } from './report/grid-csv.js'
import { renderMarkdown } from './report/markdown.js'
import { runBench } from './run-bench.js'
import { localizationProblems, questionSetProblems, smokeProblems } from './smoke-check.js'

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url))

function writeReport(result: BenchResult, out: string): void {
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'quality-grid.csv'), gridCsv(result.quality.rows))
  writeFileSync(join(out, 'REPORT.md'), renderMarkdown(result))
  writeFileSync(join(out, 'chart.svg'), renderChart(result))
}

/** Writes a number-trimmed JSON file: five significant digits are plenty and keep committed files small. */
function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(5)) : v)))
}

/**
 * `report` with its localization section replaced by `section` (that section runs from its `## `
 * heading to the next one); without one, `section` goes before `## Speed`, or at the end.
 */
function spliceSection(report: string, section: string): string {
  const heading = section.slice(0, section.indexOf('\n') + 1)
  const start = report.indexOf(heading)
  const at = start >= 0 ? start : report.indexOf('\n## Speed\n') + 1
  if (at <= 0) return `${report.trimEnd()}\n\n${section}\n`
  const next = start >= 0 ? report.indexOf('\n## ', start + heading.length) : -1
  const end = start < 0 ? at : next < 0 ? report.length : next + 1
  return `${report.slice(0, at)}${section.trimEnd()}\n\n${report.slice(end)}`
}

/** `--only localization`: the suite alone, merged into the folder's `bench.json` when there is one. */
function writeLocalization(localization: LocalizationResult, out: string): void {
  mkdirSync(out, { recursive: true })
  const benchJson = join(out, 'bench.json')
  if (!existsSync(benchJson)) {
    writeJson(join(out, 'localization.json'), localization)
    writeFileSync(join(out, 'REPORT.md'), `# @rag benchmark report (localization suite only)\n\n${renderLocalization(localization)}`)
    return
  }
  const merged: BenchResult = { ...(JSON.parse(readFileSync(benchJson, 'utf8')) as BenchResult), localization }
  writeJson(benchJson, merged)
  // Only the localization section of the report changes: the rest was rendered from full-precision
  // figures, which bench.json no longer holds (re-rendering would move some last digits).
  const reportPath = join(out, 'REPORT.md')
  const section = renderLocalization(localization)
  writeFileSync(reportPath, existsSync(reportPath) ? spliceSection(readFileSync(reportPath, 'utf8'), section) : renderMarkdown(merged))
}

function reportProblems(problems: readonly string[], log: (line: string) => void): void {
  if (problems.length > 0) {
    for (const p of problems) console.error(`smoke: ${p}`)
    process.exitCode = 1
  } else {
    log('smoke: every stage ran and produced numbers')
  }
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
  const onlyAt = args.indexOf('--only')
  const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined
  if (only !== undefined && only !== 'localization') throw new Error(`--only takes "localization"; received ${JSON.stringify(only)}.`)
  const queriesAt = args.indexOf('--queries')
  const querySet = queriesAt >= 0 ? args[queriesAt + 1] : 'commits'
  if (querySet !== 'commits' && querySet !== 'questions') throw new Error(`--queries takes "commits" or "questions"; received ${JSON.stringify(querySet)}.`)
  if (querySet === 'questions' && only !== 'localization') throw new Error('--queries questions needs --only localization.')
  const reposAt = args.indexOf('--repos')
  const chosen = reposAt >= 0 ? args[reposAt + 1]!.split(',') : undefined
  const base = smoke ? SMOKE : FULL
  const unknown = chosen?.filter((id) => !(LOCALIZATION_REPOS as readonly string[]).includes(id)) ?? []
  if (unknown.length > 0) throw new Error(`--repos takes ids of ${LOCALIZATION_REPOS.join(', ')}; received ${unknown.join(', ')}.`)
  const profile = chosen === undefined ? base : { ...base, localization: { ...base.localization, repos: chosen } }
  const scratch = mkdtempSync(join(tmpdir(), 'rag-bench-'))
  const started = performance.now()
  const log = (line: string): void => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`)
  try {
    if (only === 'localization' && querySet === 'questions') {
      const { latency: _latency, codeSearchNet: _csn, ...rest } = profile.localization
      const questions = await runLocalization({ profile: { ...rest, querySet }, scratch, log, systems: localizationSystems() })
      mkdirSync(out, { recursive: true })
      writeJson(join(out, 'questions.json'), questions)
      writeFileSync(join(out, 'QUESTIONS.md'), `# @rag benchmark report (question set)\n\n${renderLocalization(questions)}`)
      log(`wrote the question-set figures into ${join(out, 'QUESTIONS.md')}`)
      return
    }
    if (only === 'localization') {
      const localization = await runLocalization({ profile: profile.localization, scratch, log, systems: localizationSystems() })
      writeLocalization(localization, out)
      log(`wrote the localization figures into ${out}`)
      if (smoke) reportProblems(localizationProblems(localization), log)
      return
    }
    const result = await runBench({ profile, scratch, log })
    writeReport(result, out)
    writeJson(join(out, 'bench.json'), result)
    log(`wrote ${join(out, 'REPORT.md')} and chart.svg in ${(result.durationMs / 60000).toFixed(1)} min`)
    if (smoke) reportProblems([...smokeProblems(result), ...questionSetProblems()], log)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
