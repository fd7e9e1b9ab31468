import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { INDEXING_V8_FLAGS } from './indexing-v8-flags.js'

describe('INDEXING_V8_FLAGS', () => {
  // `v8.setFlagsFromString` ignores a flag it does not know: a flag renamed by a later V8 would
  // silently stop working. Each must be one this Node's V8 lists, with a value of its type.
  it('are flags this V8 knows', () => {
    const listed = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout
    for (const flag of INDEXING_V8_FLAGS) {
      const [name, value] = flag.split('=')
      expect(listed, flag).toMatch(new RegExp(`^\\s+${name}\\s`, 'm'))
      if (value !== undefined) expect(listed, flag).toMatch(new RegExp(`${name}\\s[^\\n]*\\n\\s+type: int`))
    }
  })

  it('are accepted by node on the command line', () => {
    const run = spawnSync(process.execPath, [...INDEXING_V8_FLAGS, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: 'ok', stderr: '' })
  })
})
