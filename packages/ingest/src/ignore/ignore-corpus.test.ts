import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { binaryExtension } from '../format-detection.js'
import { createLimits } from '../limits.js'
import { compileSource } from '../source-options.js'
import { walk, type WalkResult } from '../walk.js'
import { IGNORE_FILE_NAMES } from './read-ignore-files.js'

/** One case of `test/ignore-corpus` (see its README): ignore files, paths, and git's answer. */
interface IgnoreCase {
  readonly source: string
  readonly ignoreFiles: readonly { readonly dir: string; readonly content: string }[]
  readonly paths: readonly string[]
  readonly kept: readonly string[]
}

const corpusUrl = new URL('../../test/ignore-corpus/cases.json.gz', import.meta.url)
const corpus = JSON.parse(gunzipSync(readFileSync(corpusUrl)).toString('utf8')) as Record<string, IgnoreCase>
const names = Object.keys(corpus).sort()

// 101,593 files are created and removed: in memory (tmpfs) where the machine has one, which is
// several times faster than a disk under load; the walk does not care where they are.
function scratchDirectory(): string {
  let base = tmpdir()
  try {
    accessSync('/dev/shm', constants.W_OK)
    base = '/dev/shm'
  } catch {
    // no tmpfs: the system's temporary directory
  }
  return mkdtempSync(join(base, 'rag-ignore-corpus-'))
}
const removals: Promise<void>[] = []
afterAll(async () => {
  await Promise.all(removals)
})

// Everything the walker may admit: no default skips, caps far above the largest case.
const source = compileSource({ defaultSkips: false }, false)
const limits = createLimits({ maxFiles: 100_000, maxEntries: 100_000 })

/**
 * Why the walker skips `path` for a reason other than ignore rules, from its own predicates (never
 * from its output): ignore files are read but never admitted, and binary extensions are skipped
 * without reading. Default skips are off, the files hold no binary content, no path is a symbolic
 * link, and the caps are above every case.
 */
function otherSkipReason(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1)
  if (IGNORE_FILE_NAMES.includes(name.toLowerCase())) return 'ignore-file'
  const binary = binaryExtension(path)
  return binary === undefined ? undefined : `binary extension .${binary}`
}

/** Creates the case under `root`: ignore files with their exact bytes, every other path a small text file. */
function createCase(root: string, c: IgnoreCase): void {
  const content = new Map(c.ignoreFiles.map((f) => [f.dir === '' ? '.gitignore' : `${f.dir}/.gitignore`, f.content]))
  const made = new Set<string>()
  for (const path of c.paths) {
    const parts = path.split('/')
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/')
      if (made.has(dir)) continue
      mkdirSync(join(root, dir))
      made.add(dir)
    }
    writeFileSync(join(root, path), content.get(path) ?? 'x\n')
  }
}

/** `true` when the walk reports `path`, or one of its directories, as skipped by an ignore rule. */
function ignoredByWalk(path: string, skipped: ReadonlyMap<string, WalkResult['skipped'][number]>): boolean | undefined {
  for (let p = path; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const entry = skipped.get(p)
    if (entry) return entry.reason.kind === 'ignored' ? true : p === path ? false : undefined
    if (!p.includes('/')) return undefined
  }
}

async function runCase(root: string, name: string): Promise<{ compared: number; mismatches: string[] }> {
  const c = corpus[name]!
  createCase(root, c)
  const walked = await walk({ root, limits, ...source, ignore: { ignoreCase: false, negation: 'git' }, onError: 'throw' })
  const admitted = new Set(walked.files.map((f) => f.path))
  const skipped = new Map(walked.skipped.map((s) => [s.path, s]))
  const kept = new Set(c.kept)
  const mismatches: string[] = []
  let compared = 0
  for (const path of c.paths) {
    const gitIgnores = !kept.has(path)
    // Every path is accounted for: admitted, or skipped itself or below a skipped directory.
    const ignored = admitted.has(path) ? false : ignoredByWalk(path, skipped)
    if (ignored === undefined) mismatches.push(`${name}: ${path} is neither admitted nor skipped`)
    else if (ignored !== gitIgnores) mismatches.push(`${name}: ${path}: git ${gitIgnores ? 'ignores' : 'keeps'} it, the walk ${ignored ? 'ignores' : 'keeps'} it`)
    // The corpus README's comparison: admitted versus kept, on paths not skipped for another reason.
    if (otherSkipReason(path) !== undefined) continue
    compared++
    if (admitted.has(path) !== kept.has(path)) mismatches.push(`${name}: ${path}: admitted ${admitted.has(path)}, kept by git ${kept.has(path)}`)
  }
  return { compared, mismatches }
}

describe('the walk against git 2.39 on the ignore corpus (344 cases of real and edge-case ignore files)', () => {
  it('admits exactly what git keeps, in every case', async () => {
    expect(names.length).toBe(344)
    const scratch = scratchDirectory()
    const mismatches: string[] = []
    let compared = 0
    let withNegation = 0
    let next = 0
    // A few cases at a time: creating files and walking overlap a little.
    const lane = async (): Promise<void> => {
      while (next < names.length) {
        const index = next++
        const name = names[index]!
        const root = join(scratch, String(index))
        mkdirSync(root)
        const result = await runCase(root, name)
        compared += result.compared
        mismatches.push(...result.mismatches)
        if (corpus[name]!.ignoreFiles.some((f) => /^!/m.test(f.content))) withNegation++
        // Removed in the background, while the next case is created.
        removals.push(rm(root, { recursive: true, force: true }))
      }
    }
    await Promise.all([lane(), lane(), lane()])
    removals.push(Promise.all(removals.splice(0)).then(() => rm(scratch, { recursive: true, force: true })))
    expect(mismatches.slice(0, 20)).toEqual([])
    expect(mismatches).toHaveLength(0)
    // The comparison covers the corpus: 101,593 paths, most of them not skipped for another reason.
    expect(compared).toBeGreaterThan(90_000)
    expect(withNegation).toBeGreaterThanOrEqual(50)
  }, 120_000)
})
