/** NUL separates tokens for the `ascii` tokenizer anyway; a space keeps the column plain text. */
const NUL = /\0/g

/** Prepares analyzed terms for the FTS5 `terms` column: one space-separated string. */
export function termsColumn(terms: readonly string[]): string {
  return joinedTermsColumn(terms.join(' '))
}

/** {@link termsColumn} of terms joined by single spaces already. */
export function joinedTermsColumn(joined: string): string {
  return joined.replace(NUL, ' ')
}

/**
 * One token of FTS5's `ascii` tokenizer as this store configures it: a run of ASCII letters,
 * digits, `_` and non-ASCII characters (all of which are token characters); every other ASCII
 * character separates.
 */
const FTS_TOKEN = /[0-9A-Z_a-z\u0080-\uffff]+/g
const ASCII_UPPER = /[A-Z]/g

/**
 * The tokens FTS5 indexes for a text: runs of {@link FTS_TOKEN}, with ASCII letters folded to
 * lower case (the `ascii` tokenizer leaves other letters alone). An analyzed term of the built-in
 * analyzers is exactly one token; a term such as `a.b` is two.
 *
 * @example
 * ftsTokens('Foo.bar_baz Ünï') // ['foo', 'bar_baz', 'Ünï']
 */
export function ftsTokens(text: string): string[] {
  const tokens = text.match(FTS_TOKEN) ?? []
  for (let i = 0; i < tokens.length; i++) tokens[i] = tokens[i]!.replace(ASCII_UPPER, (c) => c.toLowerCase())
  return tokens
}

/** 1 for the ASCII characters of {@link FTS_TOKEN} (every non-ASCII UTF-16 unit is one too). */
const ASCII_TOKEN = new Uint8Array(128)
for (let c = 0; c < 128; c++) ASCII_TOKEN[c] = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || (c >= 0x61 && c <= 0x7a) ? 1 : 0

/**
 * How many tokens FTS5 indexes for `text` (the length of {@link ftsTokens}, without building it):
 * the runs of {@link FTS_TOKEN}'s characters, counted in one pass over the UTF-16 units (a
 * regular expression builds a match object per token, a million for 8 MB of code).
 */
export function countFtsTokens(text: string): number {
  let count = 0
  let inside = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const token = c >= 0x80 || ASCII_TOKEN[c] === 1
    if (token && !inside) count++
    inside = token
  }
  return count
}
