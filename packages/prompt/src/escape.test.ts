import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeXml, unescapeXml } from './escape.js'
import { hostileText } from './testing/hits.js'

// Code points XML 1.0 allows: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  )
}

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f')
  })

  it('returns text without special characters unchanged', () => {
    const text = 'const x = 1\n\treturn x // ünïcödé 日本語 🚀'
    expect(escapeXml(text)).toBe(text)
  })

  it('turns a closing fence tag into inert text', () => {
    expect(escapeXml('</rag-memory>]]>')).toBe('&lt;/rag-memory&gt;]]&gt;')
  })

  it('escapes ampersands of existing entities, so they survive a round trip', () => {
    expect(escapeXml('&lt;')).toBe('&amp;lt;')
  })

  it('writes code points XML 1.0 forbids as character references', () => {
    expect(escapeXml('\u0000\u0008\u000B\u000C\u001B\u001F')).toBe('&#x0;&#x8;&#xB;&#xC;&#x1B;&#x1F;')
    expect(escapeXml('\uFFFE\uFFFF')).toBe('&#xFFFE;&#xFFFF;')
    expect(escapeXml('a\uD800b\uDFFFc')).toBe('a&#xD800;b&#xDFFF;c')
  })

  it('keeps tab, line feed, carriage return, DEL and valid surrogate pairs', () => {
    expect(escapeXml('\t\n\r\u007F\u0085😀')).toBe('\t\n\r\u007F\u0085😀')
  })

  it('produces only XML 1.0 characters and no markup characters, for any input', () => {
    fc.assert(
      fc.property(hostileText(20), (text) => {
        const escaped = escapeXml(text)
        expect(escaped).not.toMatch(/[<>"']/)
        expect(escaped.replace(/&(?:amp|lt|gt|quot|apos|#x[0-9A-F]+);/g, '')).not.toContain('&')
        for (const char of escaped) expect(isXmlChar(char.codePointAt(0) as number)).toBe(true)
      }),
    )
  })
})

describe('unescapeXml', () => {
  it('decodes named entities and character references', () => {
    expect(unescapeXml('&lt;a&gt; &amp; &quot;&apos; &#x1B; &#60; &#xD800;')).toBe(`<a> & "' \u001B < \uD800`)
  })

  it('leaves unknown or out-of-range references alone', () => {
    expect(unescapeXml('&nbsp; &#x110000; & ;')).toBe('&nbsp; &#x110000; & ;')
  })

  it('reverses escapeXml exactly, lone surrogates included', () => {
    fc.assert(
      fc.property(hostileText(20), (text) => {
        expect(unescapeXml(escapeXml(text))).toBe(text)
      }),
      { numRuns: 500 },
    )
  })
})
