import { describe, expect, it } from 'vitest'
import { setup, tree } from '../test/helpers.js'
import { decodeText } from './decode.js'

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))))

describe('decodeText', () => {
  it('decodes UTF-8 and strips a UTF-8 BOM, keeping line endings', () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], 'a\r\nb\n'))).toEqual({ ok: true, text: 'a\r\nb\n', encoding: 'utf-8', replaced: 0 })
    expect(decodeText(bytes('héllo ✓\n'))).toMatchObject({ ok: true, text: 'héllo ✓\n', replaced: 0 })
  })

  it('decodes UTF-16 with a BOM, either byte order', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\n', 'utf16le')])
    expect(decodeText(le)).toMatchObject({ ok: true, text: 'hi\n', encoding: 'utf-16le' })
    const be = Buffer.from([0xfe, 0xff, 0x00, 0x68, 0x00, 0x69])
    expect(decodeText(be)).toMatchObject({ ok: true, text: 'hi', encoding: 'utf-16be' })
  })

  it('calls a NUL byte in the first 8,000 bytes binary, and not one after', () => {
    expect(decodeText(bytes('abc', [0], 'def'))).toEqual({ ok: false, detail: 'NUL byte in the first 8000 bytes' })
    expect(decodeText(bytes('a'.repeat(8000), [0]))).toMatchObject({ ok: true })
  })

  it('calls text with more than 10% control characters binary', () => {
    expect(decodeText(bytes([1, 2, 3, 4], 'abcdefgh'))).toEqual({ ok: false, detail: 'more than 10% control characters' })
    expect(decodeText(bytes('\x1b[31mred\x1b[0m\tand\ttabs\n'))).toMatchObject({ ok: true })
  })

  it('replaces stray bytes in otherwise UTF-8 text with U+FFFD and counts them', () => {
    const outcome = decodeText(bytes('naïve ', [0xff], ' café ', [0xc3], '\n'))
    expect(outcome).toMatchObject({ ok: true, encoding: 'utf-8', replaced: 2, text: 'naïve \uFFFD café \uFFFD\n' })
  })

  it('does not count a genuine U+FFFD as a replacement', () => {
    expect(decodeText(bytes('ok \uFFFD ', [0xff]))).toMatchObject({ ok: true, replaced: 1 })
  })

  it('decodes a legacy 8-bit file (no valid multi-byte sequence) as windows-1252', () => {
    expect(decodeText(bytes('caf', [0xe9], ' cr', [0xe8], 'me ', [0x80], '\n'))).toEqual({ ok: true, text: 'café crème €\n', encoding: 'windows-1252', replaced: 0 })
  })
})

describe('line numbers through ingestion', () => {
  it('keeps CRLF and a BOM from shifting chunk line numbers', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i + 1} ${'word '.repeat(6)}`)
    const root = tree({ 'crlf.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n')]) })
    const { kb, indexer } = setup()
    await indexer.index(root)
    const chunks = await kb.list()
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) {
      const first = Number(/line (\d+)/.exec(chunk.content)![1])
      expect(chunk.metadata['startLine']).toBe(first)
      expect(chunk.content.charCodeAt(0)).not.toBe(0xfeff)
    }
  })

  it('indexes a binary-looking file under a text extension as a reported skip, and warns about replaced bytes', async () => {
    const root = tree({ 'clip.ts': Buffer.from([0x47, 0x00, 0x11, 0x10, 0x00]), 'stray.txt': bytes('abc ', [0xff], ' é\n') })
    const { indexer } = setup()
    const report = await indexer.index(root)
    expect(report.skipped).toContainEqual({ path: 'clip.ts', type: 'file', reason: { kind: 'binary', detail: 'NUL byte in the first 8000 bytes' } })
    expect(report.warnings).toEqual([{ code: 'INVALID_UTF8', path: 'stray.txt', message: '1 invalid UTF-8 sequence(s) in stray.txt were replaced by U+FFFD.' }])
  })
})
