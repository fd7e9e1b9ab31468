import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resolveRetrieval, storeOptions } from '@rag/session'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCliWorker, type CliWorker, type Step, type StepResult } from '../../src/testing/cli-workers.js'

// Issue 11: random interleavings of `index`, `clear`, `docs add/rm` and tree edits from 2 to 4
// concurrent processes; afterwards one plain `rag index` must leave a store equal to a clean index
// of the tree. Each sequence is reproducible from its number (RAG_INTERLEAVE_SEED shifts them all).

const SEQUENCES = Number(process.env['RAG_INTERLEAVE_SEQUENCES'] ?? 200)
const SEED = Number(process.env['RAG_INTERLEAVE_SEED'] ?? 1)
const PROCESSES = 4
const NAMES = ['src/alpha.ts', 'src/beta.ts', 'src/gamma.py', 'docs/delta.md', 'notes/epsilon.txt', 'src/zeta.ts', 'lib/eta.go', 'theta.md']
const WORDS = ['token', 'session', 'parser', 'retry', 'cache', 'socket', 'index', 'render', 'queue', 'config', 'stream', 'buffer']

/** mulberry32: a small seeded PRNG, so a failing sequence can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function contentFor(path: string, rng: () => number): string {
  const pick = () => WORDS[Math.floor(rng() * WORDS.length)]!
  const stem = path.replace(/\W+/g, '_')
  const variant = Math.floor(rng() * 1e6)
  if (path.endsWith('.md')) return `# ${stem} ${pick()}\n\nThe ${pick()} ${pick()} of ${stem} v${variant}.\n\n## ${pick()}\n\nMore about ${pick()} and ${pick()}.\n`
  if (path.endsWith('.py')) return `def ${stem}_${pick()}(value):\n    """${pick()} ${pick()} v${variant}"""\n    return value\n`
  if (path.endsWith('.go')) return `package eta\n\n// ${stem} ${pick()} v${variant}\nfunc ${stem}${pick()}() int { return ${variant} }\n`
  if (path.endsWith('.txt')) return `${stem} notes: ${pick()} ${pick()} ${pick()} v${variant}\n`
  return `/** ${pick()} ${pick()} of ${stem} v${variant}. */\nexport function ${stem}_${pick()}(input: string): string {\n  return input + '${pick()}'\n}\n`
}

/** The steps of one process: 2 to 5 operations with short pauses between them. */
function processSteps(rng: () => number, proc: number): Step[] {
  const steps: Step[] = []
  const count = 2 + Math.floor(rng() * 4)
  for (let i = 0; i < count; i++) {
    const r = rng()
    const name = NAMES[Math.floor(rng() * NAMES.length)]!
    if (r < 0.3) steps.push({ kind: 'rag', argv: ['--json', 'index', '.'] })
    else if (r < 0.4) steps.push({ kind: 'rag', argv: ['--json', 'clear'] })
    else if (r < 0.5) steps.push({ kind: 'rag', argv: ['--json', 'docs', 'add', '--text', `note ${proc}.${i} about ${WORDS[Math.floor(rng() * WORDS.length)]}`] })
    else if (r < 0.57) steps.push({ kind: 'rag', argv: ['--json', 'docs', 'rm', 'LAST_ADDED'] })
    else if (r < 0.8) steps.push({ kind: 'write', path: name, content: contentFor(name, rng) })
    else if (r < 0.9) steps.push({ kind: 'rename', from: name, to: NAMES[Math.floor(rng() * NAMES.length)]!.replace(/(\.\w+)$/, `-moved$1`) })
    else steps.push({ kind: 'delete', path: name })
    if (rng() < 0.5) steps.push({ kind: 'sleep', ms: Math.floor(rng() * 25) })
  }
  return steps
}

/** Every document as [id, content], sorted: the whole visible state of a store. */
async function snapshot(store: SqliteKnowledgeBase): Promise<[string, string][]> {
  return (await store.list()).map((d): [string, string] => [d.id, d.content]).sort((a, b) => (a[0] < b[0] ? -1 : 1))
}

/**
 * Every hit of a query by each stream the CLI fuses (BM25 and TF-IDF over the whole store) as
 * [id, score], sorted: equal indexes give equal scores; only the order of equal scores may differ
 * between two stores filled in another order, which is why the fused ranking is not compared.
 */
async function ranked(store: SqliteKnowledgeBase, query: string): Promise<{ bm25: [string, number][]; tfidf: [string, number][] }> {
  const sorted = (hits: { document: { id: string }; score: number }[]): [string, number][] =>
    hits.map((h): [string, number] => [h.document.id, h.score]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  return { bm25: sorted(await store.search(query, 1000)), tfidf: sorted(await store.searchTfidf(query, 1000)) }
}

describe('concurrent writers on one index', () => {
  const workers: CliWorker[] = []
  let base: string
  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'rag-interleave-'))
    for (let i = 0; i < PROCESSES; i++) workers.push(startCliWorker())
  })
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()))
    rmSync(base, { recursive: true, force: true })
  })

  it(`leave, after one plain rag index, a store equal to a clean index of the tree (${SEQUENCES} random sequences)`, async () => {
    const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('RAG_')))
    env['XDG_CONFIG_HOME'] = join(base, 'config')
    env['RAG_INDEX_WORKERS'] = '0'
    const settings = resolveRetrieval()
    for (let seq = 0; seq < SEQUENCES; seq++) {
      const label = `sequence ${seq} (seed ${SEED})`
      const rng = prng(SEED * 1_000_003 + seq)
      const root = join(base, `s${seq}`)
      const clean = join(base, `s${seq}-clean`)
      const setup: Step[] = NAMES.filter(() => rng() < 0.75).map((path) => ({ kind: 'write', path, content: contentFor(path, rng) }))
      if (rng() < 0.6) setup.push({ kind: 'rag', argv: ['index', '.'] })
      await workers[0]!.run(root, env, setup.length > 0 ? setup : [{ kind: 'write', path: 'theta.md', content: contentFor('theta.md', rng) }])

      const procs = 2 + Math.floor(rng() * (PROCESSES - 1))
      // Drawn before anything runs, so the steps do not depend on timing.
      const plans = Array.from({ length: procs }, (_, p) => processSteps(rng, p))
      const results = await Promise.all(
        plans.map(async (plan, p) => {
          const out: StepResult[] = []
          for (const step of plan) {
            // `docs rm` removes the document this process added last, when there is one.
            if (step.kind === 'rag' && step.argv[3] === 'LAST_ADDED') {
              const added = [...out].reverse().find((r) => r.kind === 'rag' && r.argv[2] === 'docs' && r.argv[3] === 'add' && r.code === 0)
              if (added?.kind !== 'rag') continue
              const id = (JSON.parse(added.stdout.trim().split('\n').at(-1)!) as { id: string }).id
              out.push(...(await workers[p]!.run(root, env, [{ kind: 'rag', argv: ['--json', 'docs', 'rm', id] }])))
              continue
            }
            out.push(...(await workers[p]!.run(root, env, [step])))
          }
          return out
        }),
      )
      for (const result of results.flat()) {
        if (result.kind !== 'rag') continue
        const [, command, sub] = result.argv
        // Only these may fail: a clear or a removal racing another clear finds nothing to act on.
        const mayFail = command === 'clear' || (command === 'docs' && sub === 'rm')
        if (result.code !== 0 && !(mayFail && result.code === 1)) expect({ label, argv: result.argv, code: result.code, stderr: result.stderr }).toBe('a clean run')
      }

      // Remove what was added by hand, index once, and compare with a clean index of the same tree.
      const list = await workers[0]!.run(root, env, [{ kind: 'rag', argv: ['--json', 'docs', 'list'] }])
      const listed = list[0]?.kind === 'rag' && list[0].code === 0 ? (JSON.parse(list[0].stdout) as { documents: { id: string }[] }).documents.map((d) => d.id) : []
      const finish: Step[] = listed.length > 0 ? [{ kind: 'rag', argv: ['docs', 'rm', ...listed] }] : []
      finish.push({ kind: 'rag', argv: ['index', '.'] })
      const finished = await workers[0]!.run(root, env, finish)
      for (const r of finished) if (r.kind === 'rag') expect({ label, argv: r.argv, code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 })
      cpSync(root, clean, { recursive: true, filter: (src) => !src.includes(`${root}/.rag`) })
      const cleanRun = await workers[1]!.run(clean, env, [{ kind: 'rag', argv: ['index', '.'] }])
      expect({ label, code: (cleanRun[0] as { code: number }).code }).toEqual({ label, code: 0 })

      const messy = await openSqliteKnowledgeBase(join(root, '.rag', 'index.db'), { ...storeOptions(settings), create: false })
      const fresh = await openSqliteKnowledgeBase(join(clean, '.rag', 'index.db'), { ...storeOptions(settings), create: false })
      try {
        expect({ label, documents: await snapshot(messy) }).toEqual({ label, documents: await snapshot(fresh) })
        expect({ label, size: await messy.size() }).toEqual({ label, size: await fresh.size() })
        for (const query of WORDS.slice(0, 10).flatMap((w, i) => [w, `${w} ${WORDS[(i + 5) % WORDS.length]}`])) {
          expect({ label, query, hits: await ranked(messy, query) }).toEqual({ label, query, hits: await ranked(fresh, query) })
        }
      } finally {
        await messy.close()
        await fresh.close()
      }
      rmSync(root, { recursive: true, force: true })
      rmSync(clean, { recursive: true, force: true })
    }
  }, 900_000)
})
