const NAMED: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

// The five markup characters, plus every code point XML 1.0 forbids (C0 controls other than
// tab, LF and CR; lone surrogates; U+FFFE and U+FFFF). With the `u` flag a well-formed surrogate
// pair is one code point above U+FFFF and does not match the surrogate range; a lone one does.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_ESCAPE = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ESCAPE_ALL = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu

const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7}));/g
const NAMED_REVERSE: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function escapeOne(char: string): string {
  const named = NAMED[char]
  if (named !== undefined) return named
  return `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`
}

/**
 * Escapes text for use as XML character data or an attribute value, so it can never open or close
 * an element: `&` `<` `>` `"` `'` become `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`.
 *
 * Code points that XML 1.0 forbids outright (C0 controls other than tab, line feed and carriage
 * return; lone UTF-16 surrogates; U+FFFE; U+FFFF) become hexadecimal character references such as
 * `&#x1B;` or `&#xD800;`. That keeps the text lossless ({@link unescapeXml} restores it exactly),
 * ASCII-visible to a model and encodable as UTF-8, at the price that a strict XML 1.0 parser
 * rejects those particular references. Everything else, including tab, newlines and all valid
 * Unicode, passes through unchanged.
 *
 * @example
 * escapeXml('a < b && "c"') // 'a &lt; b &amp;&amp; &quot;c&quot;'
 */
export function escapeXml(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPE_ALL, escapeOne) : text
}

/**
 * Reverses {@link escapeXml}: decodes the five named entities and decimal or hexadecimal
 * character references (including references to lone surrogates). Any other `&...;` sequence is
 * left as it is. For every string `s`, `unescapeXml(escapeXml(s)) === s`.
 *
 * @example
 * unescapeXml('&lt;rag-memory&gt; &#x1B;') // '<rag-memory> \u001B'
 */
export function unescapeXml(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(REFERENCE, (whole, name: string | undefined, hex: string | undefined, dec: string | undefined) => {
    if (name !== undefined) return NAMED_REVERSE[name] ?? whole
    const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec ?? '', 10)
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole
  })
}
