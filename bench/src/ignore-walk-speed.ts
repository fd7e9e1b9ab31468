/**
 * Walk time of `@rag/ingest` under real and large ignore files, through the public API: the
 * `walkMs` of no-op `ingest()` runs (the stat fast path reads nothing, so the walk, with its
 * ignore matching, is most of the run).
 *
 * Run: `cd bench && npx tsx src/ignore-walk-speed.ts` (build @rag/core, chunker and ingest first).
 * Trees: three repository cases of the ignore corpus (`packages/ingest/test/ignore-corpus`,
 * their real `.gitignore` files over up to 7,000 paths, recreated in a temporary directory), and
 * the largest of them again under a generated 10,000-rule root `.gitignore` (a third literal
 * names, a third anchored directories, a third `**` + `/dirN/*.ts` globs).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { Chunk, Chunker } from '@rag/core'
import { createLimits, FileIngestionService, type IndexState } from '@rag/ingest'

interface IgnoreCase {
  readonly ignoreFiles: readonly { readonly dir: string; readonly content: string }[]
  readonly paths: readonly string[]
}

// One chunk per file without parsing: the walk is what is measured.
const wholeFileChunker: Chunker = {
  id: 'whole-file@1',
  chunk: (file) => Promise.resolve<Chunk[]>([{ id: `${file.path}#0`, content: file.content, metadata: { file: file.path, startLine: 1, endLine: 1 } }]),
}

const corpusPath = new URL('../../packages/ingest/test/ignore-corpus/cases.json.gz', import.meta.url)
const corpus = JSON.parse(gunzipSync(readFileSync(corpusPath)).toString('utf8')) as Record<string, IgnoreCase>

function recreate(root: string, c: IgnoreCase): void {
  const content = new Map(c.ignoreFiles.map((f) => [f.dir === '' ? '.gitignore' : `${f.dir}/.gitignore`, f.content]))
  for (const path of c.paths) {
    const full = join(root, ...path.split('/'))
    mkdirSync(join(full, '..'), { recursive: true })
    writeFileSync(full, content.get(path) ?? 'x\n')
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function walkTimes(root: string): Promise<{ files: number; walkMs: number }> {
  const service = new FileIngestionService({
    chunker: wholeFileChunker,
    workers: 0,
    racyWindowMs: 0,
    limits: createLimits({ maxFiles: 100_000, maxEntries: 200_000, maxIgnoreSelectors: 100_000, maxIgnoreFileBytes: 4 * 1024 * 1024 }),
  })
  let state: IndexState = (await service.ingest(root)).state
  const times: number[] = []
  let files = 0
  for (let run = 0; run < 7; run++) {
    const result = await service.ingest(root, { previous: state })
    state = result.state
    times.push(result.stats.walkMs)
    files = result.stats.files
  }
  return { files, walkMs: median(times) }
}

const scratch = mkdtempSync(join(tmpdir(), 'rag-ignore-walk-'))
try {
  console.log('@rag/ingest walk under ignore files: median walkMs of 7 no-op runs')
  for (const name of ['repo-flutter__packages', 'repo-symfony__symfony', 'repo-pnpm__pnpm']) {
    const root = join(scratch, name)
    recreate(root, corpus[name]!)
    const rules = corpus[name]!.ignoreFiles.reduce((n, f) => n + f.content.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).length, 0)
    const { files, walkMs } = await walkTimes(root)
    console.log(`  ${name.padEnd(26)} ${String(corpus[name]!.ignoreFiles.length).padStart(4)} ignore files, ${String(rules).padStart(5)} rules: ${files} files admitted, walk ${walkMs} ms`)
  }
  const root = join(scratch, 'repo-flutter__packages')
  const generated = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? `gen-${i}.ts` : i % 3 === 1 ? `/out-${i}/` : `**/dir${i}/*.ts`))
  writeFileSync(join(root, '.gitignore'), `${readFileSync(join(root, '.gitignore'), 'utf8')}\n${generated.join('\n')}\n`)
  const { files, walkMs } = await walkTimes(root)
  console.log(`  ${'flutter + 10,000 rules'.padEnd(26)} at the root: ${files} files admitted, walk ${walkMs} ms`)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
