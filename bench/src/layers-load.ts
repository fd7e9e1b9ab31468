/**
 * What a process that did not build the index pays for the code layers: `rag deps` (a reverse
 * dependency query, depth 2) and a one-file edit re-indexed, each in a new process over a store
 * indexed with `layers: true` (the same real Python code as `layers-cost.ts`). Both load every
 * file's layer records from SQLite and resolve the whole graph before they answer.
 *
 * Run: `cd bench && npx tsx src/layers-load.ts [--mb 8] [--runs 2] [--checkout /path/to/other]`
 * (build the packages first). `--checkout` runs the same steps, alternating, with the built
 * packages of another checkout too (e.g. `/work/main`), so a change is compared side by side in
 * one run. Reported: wall and CPU time (user + system of every thread) of each child process's
 * query or run, best of `--runs`.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as Session from '@rag/session'
import type * as StoreSqlite from '@rag/store-sqlite'
import { readRealCode, realCodeFiles, WORKSPACE_ROOT, type LoadedFile } from './corpus/real-code.js'
import { writeTree } from './corpus/write-tree.js'
import { runChildStep, type StepResult } from './speed/child-step.js'

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : undefined
}

const MEGABYTES = Number(option('mb') ?? 8)
const RUNS = Number(option('runs') ?? 2)
/** The file queried and edited: a module many others import, when the sample has it. */
const PREFERRED_EDITED = 'python-stdlib/json/decoder.py'

/** {@link PREFERRED_EDITED} when the sample holds it (8 MB does), else the sample's largest Python file. */
function editedFile(files: readonly LoadedFile[]): string {
  if (files.some((file) => file.label === PREFERRED_EDITED)) return PREFERRED_EDITED
  const python = files.filter((file) => file.label.endsWith('.py')).sort((a, b) => b.content.length - a.content.length || (a.label < b.label ? -1 : 1))
  if (python[0] === undefined) throw new Error('the sample holds no Python file to edit')
  return python[0].label
}

/** The child's steps, run in a fresh process: `index`, `deps` or `edit` of `edited` over `root` into `store`. */
async function child(checkout: string, step: string, root: string, store: string, edited: string): Promise<void> {
  const session = (await import(join(checkout, 'packages/session/dist/index.js'))) as typeof Session
  const sqlite = (await import(join(checkout, 'packages/store-sqlite/dist/index.js'))) as typeof StoreSqlite
  const settings = session.resolveRetrieval('recommended')
  const kb = await sqlite.openSqliteKnowledgeBase(store, session.storeOptions(settings))
  const rag = session.openRag(kb, { layers: true, ingest: { limits: { maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 } } })
  const cpu = (): number => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  const started = performance.now()
  const before = cpu()
  let answer = ''
  if (step === 'index') answer = `${(await rag.indexDirectory(root)).stats.chunks} chunks`
  if (step === 'deps') answer = `${(await rag.dependencies(edited, { reverse: true, depth: 2 })).length} steps`
  if (step === 'edit') {
    appendFileSync(join(root, edited), `\ndef added_${Date.now()}():\n    return scanstring('x', 0)\n`)
    answer = `${(await rag.indexDirectory(root)).layeredFiles ?? 0} files re-extracted`
  }
  const result = { ms: performance.now() - started, cpu: cpu() - before, answer }
  await kb.close()
  console.log(JSON.stringify(result))
}

function runChild(checkout: string, step: string, root: string, store: string, edited: string): StepResult {
  return runChildStep(import.meta.url, [checkout, step, root, store, edited])
}

async function main(): Promise<void> {
  const checkouts = [WORKSPACE_ROOT, ...(option('checkout') ? [option('checkout') as string] : [])]
  const files = readRealCode(realCodeFiles({ sources: ['python-stdlib'], maxBytes: MEGABYTES * 1e6, order: 'hashed', skipDirs: ['test', 'tests'] }))
  const edited = editedFile(files)
  console.log(`edited and queried: ${edited}`)
  const work = mkdtempSync(join(tmpdir(), 'rag-layers-load-'))
  try {
    const roots = checkouts.map((_, i) => join(work, `root-${i}`))
    for (const root of roots) writeTree(files, root)
    const stores = checkouts.map((_, i) => join(work, `store-${i}.db`))
    checkouts.forEach((checkout, i) => console.log(`${checkout}: indexed ${runChild(checkout, 'index', roots[i] as string, stores[i] as string, edited).answer}`))
    const best = new Map<string, StepResult>()
    for (let run = 0; run < RUNS; run++) {
      for (const step of ['deps', 'edit']) {
        checkouts.forEach((checkout, i) => {
          const result = runChild(checkout, step, roots[i] as string, stores[i] as string, edited)
          console.log(`run ${run + 1} ${step} ${checkout}: ${result.ms.toFixed(0)} ms (cpu ${result.cpu.toFixed(0)}), ${result.answer}`)
          const key = `${step}\0${checkout}`
          const old = best.get(key)
          if (!old || result.cpu < old.cpu) best.set(key, result)
        })
      }
    }
    console.log(`\n| step | checkout | wall ms | CPU ms | answer |\n|---|---|---|---|---|`)
    for (const [key, result] of best) {
      const [step, checkout] = key.split('\0')
      console.log(`| ${step} | ${checkout} | ${result.ms.toFixed(0)} | ${result.cpu.toFixed(0)} | ${result.answer} |`)
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const at = process.argv.indexOf('--child')
if (at >= 0) {
  const [checkout, step, root, store, edited] = process.argv.slice(at + 1) as [string, string, string, string, string]
  await child(checkout, step, root, store, edited)
} else {
  await main()
}
