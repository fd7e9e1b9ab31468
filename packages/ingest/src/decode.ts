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
export const DECODER_ID = 'decode@2'

/**
 * Binary when control characters are more than this share of the characters, in the first 8,000
 * or in the whole file. Random bytes (compressed streams, images) decode to about 10 to 12 %;
 * text rarely has any (the most found in 263,000 text files on a development machine: 2.7 %, a
 * minified parser with literal control characters in its tables).
 */
export const MAX_CONTROL_SHARE = 0.1

/**
 * Binary when more than this share of the characters had to be replaced (invalid UTF-8) and more
 * than {@link MAX_CONTROL_SHARE_WITH_REPLACEMENTS} are control characters: binary data that happens
 * to hold valid multi-byte sequences, such as a PDF-based `.ai` file whose first 8,000 bytes are
 * XML metadata (34 % replaced, 9 % control characters). Text in a legacy encoding read as UTF-8
 * has many replacements but no control characters, and stays text.
 */
export const MAX_REPLACED_SHARE = 0.01

/** See {@link MAX_REPLACED_SHARE}. */
export const MAX_CONTROL_SHARE_WITH_REPLACEMENTS = 0.01

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

// Control characters other than \t \n \v \f \r, ESC (ANSI colours in logs) and backspace; DEL;
// and the C1 range, which text never needs.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x07\x0e-\x1a\x1c-\x1f\x7f-\x9f]/g

/**
 * How many control characters `text` holds, in all and among its first `head` characters. A
 * native regular expression search: text with none (nearly all of it) costs one scan that builds
 * nothing, where a loop over every character ran unoptimized in each fresh chunking worker.
 */
function countControls(text: string, head: number): { all: number; inHead: number } {
  let all = 0
  let inHead = 0
  CONTROL.lastIndex = 0
  for (let found = CONTROL.exec(text); found !== null; found = CONTROL.exec(text)) {
    all++
    if (found.index < head) inHead++
  }
  return { all, inHead }
}

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`

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
  if (text.length === 0) return { ok: true, text, encoding, replaced }
  const head = Math.min(text.length, SNIFF_BYTES)
  const { all: controls, inHead: headControls } = countControls(text, head)
  if (headControls / head > MAX_CONTROL_SHARE) {
    return { ok: false, detail: `${percent(headControls / head)} control characters in the first ${head} characters (more than ${percent(MAX_CONTROL_SHARE)})` }
  }
  const controlShare = controls / text.length
  if (controlShare > MAX_CONTROL_SHARE) {
    return { ok: false, detail: `${percent(controlShare)} control characters (more than ${percent(MAX_CONTROL_SHARE)})` }
  }
  const replacedShare = replaced / text.length
  if (replacedShare > MAX_REPLACED_SHARE && controlShare > MAX_CONTROL_SHARE_WITH_REPLACEMENTS) {
    return {
      ok: false,
      detail: `${percent(replacedShare)} of characters are invalid UTF-8 and ${percent(controlShare)} are control characters (more than ${percent(MAX_REPLACED_SHARE)} and ${percent(MAX_CONTROL_SHARE_WITH_REPLACEMENTS)})`,
    }
  }
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
 * 6. Binary by content: more than 10 % control characters (C0 other than tab, line breaks, form
 *    feed, ESC and backspace; DEL; C1) in the first 8,000 characters or in the whole file, or more
 *    than 1 % of the characters replaced in rule 4 together with more than 1 % control characters
 *    (binary data past the first 8,000 bytes, e.g. a PDF-based `.ai` file).
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
