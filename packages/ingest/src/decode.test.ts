import { readFileSync } from 'node:fs'
import { deflateSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { setup, tree } from './testing/helpers.js'
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

  it('calls text with more than 10% control characters binary, in the first 8,000 characters or the whole file', () => {
    expect(decodeText(bytes([1, 2, 3, 4], 'abcdefgh'))).toEqual({ ok: false, detail: '33.3% control characters in the first 12 characters (more than 10.0%)' })
    expect(decodeText(bytes('\x1b[31mred\x1b[0m\tand\ttabs\f\n'))).toMatchObject({ ok: true })
    const lateControls = bytes('a'.repeat(8000), Array.from({ length: 3000 }, (_, i) => [1, 2, 3][i % 3]!), 'b'.repeat(2000))
    expect(decodeText(lateControls)).toEqual({ ok: false, detail: '23.1% control characters (more than 10.0%)' })
  })

  it('counts C0 controls, DEL and C1 controls, and not tab, line breaks, form feed, backspace or ESC', () => {
    // 10 characters each: 9 letters and one of them.
    const counted = ['\x01', '\x07', '\x0e', '\x1a', '\x1c', '\x1f', '\x7f', '\x80', '\x85', '\x9f']
    const exempt = ['\t', '\n', '\v', '\f', '\r', '\x08', '\x1b', '\xa0', '\u2028']
    for (const c of counted) expect(decodeText(bytes(`abcdefgh${c}${c}`)), JSON.stringify(c)).toEqual({ ok: false, detail: '20.0% control characters in the first 10 characters (more than 10.0%)' })
    for (const c of exempt) expect(decodeText(bytes(`abcdefgh${c}${c}`)), JSON.stringify(c)).toMatchObject({ ok: true })
    // Exactly 10 %, in the head and in all: text.
    expect(decodeText(bytes(`abcdefghi\x01`.repeat(1000)))).toMatchObject({ ok: true })
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

/** A deterministic noise image: what a photo or a compressed stream looks like to a decoder. */
function noise(length: number, seed = 7): Buffer {
  const out = Buffer.alloc(length)
  let x = seed
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    out[i] = x >>> 24
  }
  return out
}

/**
 * A valid PDF laid out as Illustrator lays out an `.ai` file: an XMP metadata stream first (so the
 * first 8,000 bytes are text without a NUL), then a Flate-compressed image.
 */
function pdfWithMetadataFirst(): Buffer {
  const description = (i: number): string => `   <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:Label>layer ${i}</xmp:Label></rdf:Description>\n`
  const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n${Array.from({ length: 90 }, (_, i) => description(i)).join('')}</rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>`
  const image = deflateSync(noise(64 * 64 * 3))
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [4 0 R] /Count 1 >>'),
    Buffer.concat([Buffer.from(`<< /Type /Metadata /Subtype /XML /Length ${Buffer.byteLength(xmp)} >>\nstream\n${xmp}\nendstream`)]),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 64 64] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 6 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`), image, Buffer.from('\nendstream')]),
    Buffer.from('<< /Length 27 >>\nstream\nq 64 0 0 64 0 0 cm /Im0 Do Q\nendstream'),
  ]
  const parts: Buffer[] = [Buffer.from('%PDF-1.6\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  let length = parts[0]!.length
  objects.forEach((body, i) => {
    offsets.push(length)
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')])
    parts.push(object)
    length += object.length
  })
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`))
  return Buffer.concat(parts)
}

/** A valid 32x32 RGB PNG of noise. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (data: Buffer): number => {
    let c = 0xffffffff
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(32, 0)
  header.writeUInt32BE(32, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.concat(Array.from({ length: 32 }, (_, y) => Buffer.concat([Buffer.from([0]), noise(96, y + 1)])))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

describe('binary files that pass the NUL sniff', () => {
  it('skips a real PDF-based .ai logo (no NUL in its first 20,539 bytes, 50,605 characters replaced)', () => {
    // sindresorhus/ky's media/logo.ai (MIT): see test/fixtures/binary/README.md.
    const logo = readFileSync(new URL('../test/fixtures/binary/ky-logo.ai', import.meta.url))
    expect(logo.subarray(0, 8000).includes(0)).toBe(false)
    expect(decodeText(logo)).toEqual({ ok: false, detail: '34.0% of characters are invalid UTF-8 and 9.2% are control characters (more than 1.0% and 1.0%)' })
  })

  it('skips a PDF whose metadata fills the first 8,000 bytes, and any real image or archive', () => {
    const pdf = pdfWithMetadataFirst()
    expect(pdf.subarray(0, 8000).includes(0)).toBe(false)
    expect(decodeText(pdf)).toMatchObject({ ok: false, detail: expect.stringMatching(/% of characters are invalid UTF-8 and .*% are control characters/) })
    expect(decodeText(png())).toMatchObject({ ok: false })
    expect(decodeText(gzipSync(noise(20_000)))).toMatchObject({ ok: false })
    expect(decodeText(deflateSync(noise(20_000)).subarray(0, 7000).filter((b) => b !== 0))).toMatchObject({ ok: false })
  })

  it('keeps text: a legacy-encoded file, UTF-8 with stray bytes, and minified code with literal control characters', () => {
    // KOI8-R Russian comments around C code: many bytes are not UTF-8, none is a control character.
    const koi8 = Buffer.from(
      '2f2f20f3dfc5dbd820d6c520c5dda320dcd4c9c820cdd1c7cbc9c820c6d2c1cec3d5dad3cbc9c820c2d5cccfcb2c20c4c120d7d9d0c5ca20dec1c02e0a696e74206d61696e28766f696429207b2072657475726e20303b207d202f2a20cbcfcec5c320c6c1caccc1202a2f0a',
      'hex',
    )
    expect(decodeText(koi8)).toMatchObject({ ok: true })
    const line = bytes('const name = "caf', [0xe9], '"; // ok ✓\n')
    expect(decodeText(Buffer.concat(Array.from({ length: 50 }, () => line)))).toMatchObject({ ok: true, encoding: 'utf-8', replaced: 50 })
    // 2.7 % control characters, like a minified parser's tables.
    const table = Array.from({ length: 1000 }, (_, i) => (i % 37 === 0 ? String.fromCharCode(1 + (i % 20)) : 'x')).join('')
    expect(decodeText(bytes(`var t="${table}";\n`))).toMatchObject({ ok: true })
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
