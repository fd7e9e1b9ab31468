import { execFileSync } from 'node:child_process'
import { readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, runRag, type RagRun, type Sandbox } from '../../src/testing/cli-process.js'

/** One line on stderr, no stack trace, nothing on stdout. */
function expectOneLineError(run: RagRun, code: number, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(code)
  const lines = run.stderr.trimEnd().split('\n')
  expect(lines, run.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(pattern)
  expect(run.stderr).not.toMatch(/\n\s+at /)
  expect(run.stdout).toBe('')
}

describe('rag errors: one clear line and the right exit code', () => {
  let box: Sandbox
  const rag = (args: string[], cwd = box.root, env = box.env) => runRag(args, { cwd, env })

  beforeAll(async () => {
    box = await createSandbox({ 'src/a.ts': 'export function alpha(): number {\n  return 1\n}\n' })
    expect((await rag(['index'])).code).toBe(0)
  })
  afterAll(async () => {
    await box.dispose()
  })

  it('-k 0 is a usage error (2)', async () => {
    expectOneLineError(await rag(['search', 'alpha', '-k', '0']), 2, /^error: option '-k, --top-k <n>' argument '0' is invalid\. expected a positive integer\.$/)
    expectOneLineError(await rag(['prompt', 'alpha', '--max-tokens', 'many']), 2, /argument 'many' is invalid/)
  })

  it('an unknown flag, an unknown command, a bad choice and a missing argument are usage errors (2)', async () => {
    expectOneLineError(await rag(['search', 'alpha', '--frobnicate']), 2, /^error: unknown option '--frobnicate'/)
    expectOneLineError(await rag(['frobnicate']), 2, /^error: unknown command 'frobnicate'/)
    expectOneLineError(await rag(['prompt', 'alpha', '--format', 'xml']), 2, /Allowed choices are fenced, plain/)
    expectOneLineError(await rag(['search']), 2, /^error: missing required argument 'query'$/)
  })

  it('with --json, a usage error is also one JSON document on stdout, as every other error is', async () => {
    for (const [args, message] of [
      [['--json', 'search', 'alpha', '-k', '0'], /^option '-k, --top-k <n>' argument '0' is invalid/],
      [['--json', 'frobnicate'], /^unknown command 'frobnicate'/],
      [['--json', 'search'], /^missing required argument 'query'$/],
    ] as const) {
      const run = await rag([...args])
      expect(run.code).toBe(2)
      expect(run.stdout.trim().split('\n')).toHaveLength(1)
      expect(JSON.parse(run.stdout)).toEqual({ error: { code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) } })
    }
  })

  it('a directory that does not exist fails (1)', async () => {
    expectOneLineError(await rag(['index', join(box.root, 'missing')]), 1, /^error: .*\/missing does not exist; expected a directory to index\.$/)
  })

  it('a file instead of a directory fails (1)', async () => {
    expectOneLineError(await rag(['index', 'src/a.ts']), 1, /^error: src\/a\.ts is a file, not a directory; index the directory that contains it\.$/)
  })

  it('a root that cannot be read as a directory (a FIFO, a dangling symbolic link) fails (1)', async () => {
    const fifo = join(box.root, '..', 'pipe')
    execFileSync('mkfifo', [fifo])
    expectOneLineError(await rag(['index', fifo]), 1, /is a FIFO \(named pipe\), not a directory\.$/)
    const dangling = join(box.root, '..', 'dangling')
    await symlink(join(box.root, '..', 'nowhere'), dangling)
    expectOneLineError(await rag(['index', dangling]), 1, /is a symbolic link whose target cannot be reached \(ENOENT\); expected a directory\.$/)
    expectOneLineError(await rag(['search', 'alpha', '--root', dangling]), 1, /symbolic link whose target cannot be reached/)
  })

  it('searching where there is no index fails (1) and says what to run', async () => {
    expectOneLineError(await rag(['search', 'alpha'], join(box.root, '..')), 1, /^error: No index found in .* or any parent directory; run `rag index <dir>` first\.$/)
  })

  it('an invalid configuration value names key, file and expected type (2)', async () => {
    await writeFile(join(box.root, 'rag.config.json'), JSON.stringify({ search: { topK: 'ten' } }))
    expectOneLineError(
      await rag(['search', 'alpha']),
      2,
      /^error: Invalid configuration: search\.topK in .*\/rag\.config\.json must be a positive integer; received "ten"\.$/,
    )
    await writeFile(join(box.root, 'rag.config.json'), '{ "search": ')
    expectOneLineError(await rag(['config']), 2, /^error: Invalid configuration: .*rag\.config\.json is not valid JSON/)
    await rm(join(box.root, 'rag.config.json'))
    expectOneLineError(await rag(['search', 'alpha'], box.root, { ...box.env, RAG_ANALYZER: 'fancy' }), 2, /analyzer in the environment variable RAG_ANALYZER must be one of "compatible", "code-aware"; received "fancy"\./)
  })

  it('--debug adds the stack; --json adds the error as JSON on stdout', async () => {
    const debug = await rag(['--debug', 'index', 'src/a.ts'])
    expect(debug.code).toBe(1)
    expect(debug.stderr).toMatch(/\n\s+at /)
    const json = await rag(['--json', 'index', 'src/a.ts'])
    expect(lastJson(json)).toEqual({ error: { code: 'INVALID_ARGUMENT', message: 'src/a.ts is a file, not a directory; index the directory that contains it.' } })
  })

  it.each([
    ['garbage instead of SQLite', (_bytes: Buffer) => Buffer.from('this is not a database, just garbage bytes '.repeat(200))],
    ['damaged pages after a valid header', (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 4096), Buffer.alloc(bytes.length - 4096, 0xab)])],
  ])('a corrupt .rag database (%s) fails (1) with advice, and `rag clear` recovers', async (_kind, corrupt) => {
    const db = join(box.root, '.rag', 'index.db')
    expect((await rag(['index'])).code).toBe(0)
    // Fold the WAL into the file first, so the damage hits committed pages.
    expect((await rag(['status'])).code).toBe(0)
    for (const suffix of ['-wal', '-shm']) await rm(`${db}${suffix}`, { force: true })
    await writeFile(db, corrupt(await readFile(db)))
    const pattern = /^error: .*index\.db: (the SQLite store is corrupt|not a SQLite database).*; run `rag clear` to delete the index at .*\.rag, then `rag index`\.$/
    expectOneLineError(await rag(['search', 'alpha']), 1, pattern)
    expectOneLineError(await rag(['index']), 1, pattern)
    expectOneLineError(await rag(['status']), 1, pattern)

    const clear = await rag(['clear'])
    expect(clear.code).toBe(0)
    expect(clear.stdout).toMatch(/^Deleted the unreadable index at /)
    expect((await rag(['index'])).code).toBe(0)
    expect(lastJson<{ results: unknown[] }>(await rag(['--json', 'search', 'alpha'])).results).toHaveLength(1)
  })

  it('an index built with another analyzer is refused for indexing but still searched with its own', async () => {
    const env = { ...box.env, RAG_ANALYZER: 'compatible' }
    expectOneLineError(await rag(['index'], box.root, env), 1, /^error: The index at .* was built with analyzer code-aware, but the configuration asks for compatible; run `rag clear`/)
    expect(lastJson<{ results: unknown[] }>(await rag(['--json', 'search', 'alpha'], box.root, env)).results).toHaveLength(1)
  })
})
