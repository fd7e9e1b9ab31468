import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../run-cli.js'
import { createSandbox, type Sandbox } from '../testing/cli-process.js'

// OSC 52 writes the clipboard of many terminals; ESC[2J clears the screen; CR overwrites; U+202E reorders.
const HOSTILE = 'export function clipboardWriter() {\n  return "\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\rALL TESTS PASSED\u202e"\n}\n'

/** Runs the CLI in this process with stdout a terminal or a pipe; returns what it printed. */
async function prompt(box: Sandbox, isTTY: boolean, args: readonly string[]): Promise<{ code: number; stdout: string }> {
  let stdout = ''
  const code = await runCli(['prompt', ...args], { cwd: box.root, env: box.env, stdout: { isTTY, write: (text: string) => (stdout += text) }, stderr: { write: () => true } })
  return { code, stdout }
}

describe('rag prompt: exact into a pipe, escaped on a terminal', () => {
  let box: Sandbox
  beforeAll(async () => {
    box = await createSandbox({ 'src/hostile.ts': HOSTILE })
    expect(await runCli(['index'], { cwd: box.root, env: box.env, stdout: { write: () => true }, stderr: { write: () => true } })).toBe(0)
  })
  afterAll(async () => {
    await box.dispose()
  })

  it.each(['plain', 'fenced'])('prints no terminal control from the corpus on a terminal (%s format)', async (format) => {
    const { code, stdout } = await prompt(box, true, ['--format', format, 'clipboardWriter'])
    expect(code).toBe(0)
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/)
    expect(stdout).toContain('clipboardWriter')
  })

  it('writes the prompt exactly into a pipe (plain format: the content as indexed)', async () => {
    const { code, stdout } = await prompt(box, false, ['--format', 'plain', 'clipboardWriter'])
    expect(code).toBe(0)
    expect(stdout).toContain('\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\rALL TESTS PASSED\u202e')
  })
})
