import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SseParser, type SseEvent } from './sse-parser.js'

function parseAll(chunks: readonly string[], max = 1_000_000): SseEvent[] {
  const parser = new SseParser(max)
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()]
}

describe('SseParser', () => {
  it('dispatches on a blank line, joins data lines and skips comments and unknown fields', () => {
    const body = ': ping\n\ndata: one\ndata:two\nid: 7\nretry: 100\n\nevent: error\ndata: {"x":1}\n\n'
    expect(parseAll([body])).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'error', data: '{"x":1}' },
    ])
  })

  it('treats LF, CR and CRLF alike, also when a CRLF is split across chunks', () => {
    expect(parseAll(['data: a\r', '\ndata: b\r', '\r', 'data: c\n', '\n'])).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'message', data: 'c' },
    ])
  })

  it('keeps a last event that lacks its blank line', () => {
    expect(parseAll(['data: [DONE]'])).toEqual([{ event: 'message', data: '[DONE]' }])
  })

  it('finds the same events however the body is split into chunks', () => {
    const line = fc.stringMatching(/^[^\r\n]{0,20}$/)
    const event = fc.record({ name: fc.option(fc.stringMatching(/^[a-z]{1,8}$/), { nil: undefined }), data: fc.array(line, { minLength: 1, maxLength: 3 }) })
    fc.assert(
      fc.property(fc.array(event, { maxLength: 6 }), fc.constantFrom('\n', '\r', '\r\n'), fc.array(fc.nat(), { maxLength: 10 }), (events, nl, cuts) => {
        const body = events.map((e) => `${e.name ? `event: ${e.name}${nl}` : ''}${e.data.map((d) => `data: ${d}`).join(nl)}${nl}${nl}`).join('')
        const points = [...new Set(cuts.map((c) => c % (body.length + 1)))].sort((a, b) => a - b)
        const chunks = [0, ...points].map((start, i) => body.slice(start, [...points, body.length][i]))
        const expected = events.map((e) => ({ event: e.name ?? 'message', data: e.data.join('\n') }))
        expect(parseAll(chunks)).toEqual(expected)
        expect(parseAll([body])).toEqual(expected)
      }),
    )
  })

  it('refuses a runaway line or event', () => {
    expect(() => parseAll(['data: ' + 'x'.repeat(200)], 100)).toThrow(RangeError)
    expect(() => parseAll([Array.from({ length: 30 }, () => 'data: 0123456789\n').join('')], 100)).toThrow(RangeError)
  })
})
