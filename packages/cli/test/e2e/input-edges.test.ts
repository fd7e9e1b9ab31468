import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, runRag, type Sandbox } from '../../src/testing/cli-process.js'

describe('rag: odd command-line input (end to end)', () => {
  let box: Sandbox
  const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })

  beforeAll(async () => {
    box = await createSandbox({ 'src/flags.ts': 'export const usage = "rag search -- --json finds the literal text"\n' })
    expect((await rag(['index'])).code).toBe(0)
  })
  afterAll(async () => {
    await box.dispose()
  })

  it('treats everything after -- as the query: `rag search -- --json` prints text, not JSON', async () => {
    const run = await rag(['search', '--', '--json'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.startsWith('{')).toBe(false)
    expect(run.stdout).toMatch(/ for "--json" in /)
    // Before `--`, --json still switches to JSON.
    const json = await rag(['--json', 'search', '--', '--debug'])
    expect(JSON.parse(json.stdout)).toMatchObject({ query: '--debug' })
  })

  it('refuses a --path over 64 KiB with a usage error naming the flag and the limit (exit 2)', async () => {
    const path = `${'a/'.repeat(40_000)}*`
    const run = await rag(['search', '--path', path, 'usage'])
    expect(run.code).toBe(2)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr.trim()).toMatch(/^error: --path must be at most 65536 characters \(a glob or a directory\); received one of 80001: "a\/a\/a\/.*… \(80001 chars\)"\.$/)
    expect(run.stderr.length).toBeLessThan(400)
    const prompt = await rag(['prompt', '--path', path, 'usage'])
    expect(prompt.code).toBe(2)
    expect(prompt.stderr).toMatch(/^error: --path must be at most 65536 characters/)
  })

  it('does not echo a 100 KB query back in full', async () => {
    const query = 'q'.repeat(100_000)
    const run = await rag(['search', query])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.length).toBeLessThan(600)
    expect(run.stdout).toContain(`"${'q'.repeat(200)}… (100000 chars)"`)
  })
})
