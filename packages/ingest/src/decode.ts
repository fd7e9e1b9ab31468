/** How a file's bytes became text. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/** A decoded text file, or why it is treated as binary. */
export type DecodeOutcome =
  | {
      readonly ok: true
      /** The text: BOM removed, line endings exactly as in the file. */
      readonly text: string
      /** How the bytes were decoded. */
      readonly encoding: TextEncoding
      /** Invalid UTF-8 sequences replaced by U+FFFD (0 for valid files). */
      readonly replaced: number
    }
  | { readonly ok: false; readonly detail: string }

/** Bytes inspected by the binary sniff, as git's `buffer_is_binary` does. */
export const SNIFF_BYTES = 8000

/** Names the decoding rules; part of every fingerprint, bumped when the rules change. */
export const DECODER_ID = 'decode@1'

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const utf8Lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true })
// windows-1252's 0x80-0x9F (WHATWG mapping; the five undefined bytes stay C1 controls). Node 20's
// TextDecoder('windows-1252') decodes as Latin-1 instead, so the table is ours.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!)
}

function hasNul(bytes: Uint8Array, end: number): boolean {
  return bytes.subarray(0, end).includes(0)
}

// Control characters other than \t \n \v \f \r, ESC (ANSI colours in logs) and backspace.
function controlRatio(text: string): number {
  const n = Math.min(text.length, SNIFF_BYTES)
  if (n === 0) return 0
  let controls = 0
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13 && c !== 27 && c !== 8) || c === 0x7f) controls++
  }
  return controls / n
}

function count(text: string, char: string): number {
  let n = 0
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) n++
  return n
}

function countBytes(bytes: Uint8Array, pattern: readonly number[]): number {
  let n = 0
  for (let i = bytes.indexOf(pattern[0]!); i >= 0 && i + pattern.length <= bytes.length; i = bytes.indexOf(pattern[0]!, i + 1)) {
    if (pattern.every((b, k) => bytes[i + k] === b)) n++
  }
  return n
}

function finish(text: string, encoding: TextEncoding, replaced: number): DecodeOutcome {
  if (controlRatio(text) > 0.1) return { ok: false, detail: 'more than 10% control characters' }
  return { ok: true, text, encoding, replaced }
}

/**
 * Decodes a file's bytes with our documented rules (the extractor's first step):
 *
 * 1. A UTF-8 BOM is stripped; a UTF-16 BOM (LE or BE) selects UTF-16 and is stripped.
 * 2. Otherwise a NUL byte in the first 8,000 bytes means binary (git's test).
 * 3. Valid UTF-8 decodes as UTF-8.
 * 4. Invalid UTF-8 that still holds valid multi-byte sequences is UTF-8 with stray bytes: each
 *    invalid sequence becomes U+FFFD and the count is reported (`replaced`), never hidden.
 * 5. Invalid UTF-8 with no valid multi-byte sequence is a legacy 8-bit file: it decodes as
 *    windows-1252 (a superset of Latin-1 that maps every byte), so accents survive.
 * 6. Any result with more than 10% control characters in its first 8,000 characters is binary.
 *
 * Line endings are kept (CRLF stays CRLF), so line numbers match the file.
 */
export function decodeText(bytes: Uint8Array): DecodeOutcome {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const body = bytes.subarray(3)
    try {
      return finish(utf8Strict.decode(body), 'utf-8', 0)
    } catch {
      const text = utf8Lossy.decode(body)
      return finish(text, 'utf-8', count(text, '\uFFFD') - countBytes(body, [0xef, 0xbf, 0xbd]))
    }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return finish(new TextDecoder('utf-16le').decode(bytes.subarray(2)), 'utf-16le', 0)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return finish(new TextDecoder('utf-16be').decode(bytes.subarray(2)), 'utf-16be', 0)
  if (hasNul(bytes, SNIFF_BYTES)) return { ok: false, detail: 'NUL byte in the first 8000 bytes' }
  try {
    return finish(utf8Strict.decode(bytes), 'utf-8', 0)
  } catch {
    const text = utf8Lossy.decode(bytes)
    const genuine = countBytes(bytes, [0xef, 0xbf, 0xbd])
    const replaced = count(text, '\uFFFD') - genuine
    let multiByte = genuine > 0
    for (let i = 0; i < text.length && !multiByte; i++) {
      const c = text.charCodeAt(i)
      multiByte = c >= 0x80 && c !== 0xfffd
    }
    if (multiByte) return finish(text, 'utf-8', replaced)
    return finish(decodeWindows1252(bytes), 'windows-1252', 0)
  }
}

/** Quick binary test on a file's first bytes, for `plan()`: the same rules 1, 2 and 6. */
export function looksBinary(head: Uint8Array): string | undefined {
  const outcome = decodeText(head.subarray(0, SNIFF_BYTES))
  return outcome.ok ? undefined : outcome.detail
}
