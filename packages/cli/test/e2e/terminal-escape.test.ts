import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, lastJson, runRag, type Sandbox } from '../../src/testing/cli-process.js'

// OSC 52 writes the clipboard of many terminals; ESC[2J clears the screen.
const OSC52 = '\u001b]52;c;cm0gLXJmIH4=\u0007'
const CLEAR = '\u001b[2J'
const HOSTILE_CONTENT = `export function clipboardWriter() {\n  return "${OSC52}${CLEAR}payload"\n}\n`
const NEWLINE_NAME = 'src/two\nlines.ts'
const NEWLINE_CONTENT = 'export function newlineNamed() {\n  return "payload"\n}\n'

interface SearchJson {
  results: { file: string; content: string }[]
}

describe('rag: corpus text is escaped in text output, exact in JSON (end to end)', () => {
  let box: Sandbox
  const rag = (args: string[]) => runRag(args, { cwd: box.root, env: box.env })

  beforeAll(async () => {
    box = await createSandbox({ 'src/hostile.ts': HOSTILE_CONTENT, [NEWLINE_NAME]: NEWLINE_CONTENT, [`src/esc${CLEAR}name.ts`]: 'export const payloadName = 1\n', '.gitignore': 'skip-*\n', [`skip-${CLEAR}\n.log`]: 'x\n' })
    const run = await rag(['index'])
    expect(run.code, run.stderr).toBe(0)
  })
  afterAll(async () => {
    await box.dispose()
  })

  it('prints no raw ESC or BEL from a file\'s content or name, and one line per hit', async () => {
    const run = await rag(['search', 'payload', 'clipboardWriter', 'newlineNamed', 'payloadName'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).not.toContain('\u001b')
    expect(run.stdout).not.toContain('\u0007')
    expect(run.stdout).toContain('\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2Jpayload')
    const hits = run.stdout.split('\n').filter((line) => /^ ?\d+\. /.test(line))
    expect(hits).toHaveLength(3)
    expect(hits.find((line) => line.includes('two'))).toMatch(/^ \d\. src\/two\\nlines\.ts:1-3 {2}score /)
    expect(hits.find((line) => line.includes('esc'))).toMatch(/^ \d\. src\/esc\\x1b\[2Jname\.ts:1-1 {2}score /)
    // Every line of the output is a hit, a preview (indented), blank or the summary: the file name's newline split none.
    for (const line of run.stdout.split('\n')) expect(line === '' || /^ ?\d+\. |^ {6}|^\d+ results? for /.test(line), line).toBe(true)
  })

  it('keeps --json exact: raw bytes in content and file names', async () => {
    const json = lastJson<SearchJson>(await rag(['--json', 'search', 'payload', 'clipboardWriter', 'newlineNamed', 'payloadName']))
    const files = json.results.map((r) => r.file).sort()
    expect(files).toEqual([`src/esc${CLEAR}name.ts`, 'src/hostile.ts', NEWLINE_NAME].sort())
    expect(json.results.find((r) => r.file === 'src/hostile.ts')!.content).toBe(HOSTILE_CONTENT)
  })

  it('escapes paths in plan, status and docs list too', async () => {
    const plan = await rag(['plan'])
    expect(plan.stdout).not.toContain('\u001b')
    expect(plan.stdout).toMatch(/^ {2}skip-\\x1b\[2J\\n\.log {2}ignored by \.gitignore/m)
    expect((await rag(['docs', 'add', '--text', `note ${OSC52} here`])).code).toBe(0)
    const docs = await rag(['docs', 'list'])
    expect(docs.stdout).not.toContain('\u001b')
    expect(docs.stdout).toContain('note \\x1b]52;c;cm0gLXJmIH4=\\x07 here')
    const status = await rag(['status'])
    expect(status.code).toBe(0)
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(status.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/)
  })
})
