import { describe, expect, it } from 'vitest'
import { createOutput } from './output.js'

function capture(): { out: string[]; err: string[]; output: ReturnType<typeof createOutput> } {
  const out: string[] = []
  const err: string[] = []
  const output = createOutput({ write: (t: string) => out.push(t) }, { write: (t: string) => err.push(t) }, { json: false, debug: false })
  return { out, err, output }
}

describe('createOutput', () => {
  it('escapes what a terminal would act on in lines and notes, keeping line feeds', () => {
    const { out, err, output } = capture()
    output.line('a\u001b]52;c;aGk=\u0007b\nc\r')
    output.note('warning: \u001b[2J\u009b')
    expect(out.join('')).toBe('a\\x1b]52;c;aGk=\\x07b\nc\\r\n')
    expect(err.join('')).toBe('warning: \\x1b[2J\\x9b\n')
  })

  it('writes `write` and `emit` exactly', () => {
    const { out, output } = capture()
    output.write('raw\u001b[0m')
    output.emit({ file: 'a\nb\u001b' })
    expect(out.join('')).toBe('raw\u001b[0m{"file":"a\\nb\\u001b"}\n')
  })
})
