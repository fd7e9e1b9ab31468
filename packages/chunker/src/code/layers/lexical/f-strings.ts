/** Writes a mask in order: everything before `to` is kept (code), or blanked (line breaks kept). */
export interface MaskWriter {
  keep(to: number): void
  blank(to: number): void
}

/** An f-string opener: its prefix (`f`, `rf`, `Fr`, ...) and quote (`"`, `'`, `"""`, `'''`). */
export const F_STRING_OPENER = /^([rR]?[fF][rR]?)("""|'''|"|')$/

/**
 * Masks a Python f-string that starts at `start` with the opener `prefix` + `quote`: its literal
 * parts are blanked like any string's, while the expressions of its replacement fields
 * (`f"{_format(x)!r:>10}"`) stay code, so the calls in them are seen. A field's conversion and
 * format spec are blanked, strings inside an expression too; `{{` and `}}` are literal braces; in a
 * non-raw string `\N{NAME}` is an escape. As before Python 3.12, the f-string's own quote ends it
 * even inside a field. Returns the offset after the f-string (the end of the line or text when it
 * is unterminated).
 */
export function maskFString(text: string, start: number, prefix: string, quote: string, out: MaskWriter): number {
  const length = text.length
  const raw = /[rR]/.test(prefix)
  const triple = quote.length === 3
  const q = quote.charCodeAt(0)
  /** Whether the f-string's closing quote (or an unterminated line's end) is at `k`. */
  const ends = (k: number): boolean => (text.charCodeAt(k) === q && (!triple || text.startsWith(quote, k))) || (!triple && text.charCodeAt(k) === 10)

  /** A replacement field's inside from `from` (after its `{`): returns the offset after its `}`, or where the f-string ends. */
  const field = (from: number): number => {
    let depth = 0
    let k = from
    while (k < length && !ends(k)) {
      const c = text.charCodeAt(k)
      if (c === 34 || c === 39) {
        // A string inside the expression (of the other quote): its inside is blank.
        let close = k + 1
        while (close < length && text.charCodeAt(close) !== c && !ends(close)) close++
        if (close >= length || text.charCodeAt(close) !== c) {
          out.keep(close)
          return close
        }
        out.keep(k + 1)
        out.blank(close)
        k = close + 1
        continue
      }
      if (c === 40 || c === 91 || c === 123) depth++
      else if ((c === 41 || c === 93) && depth > 0) depth--
      else if (c === 125) {
        if (depth === 0) {
          out.keep(k + 1)
          return k + 1
        }
        depth--
      } else if (depth === 0 && (c === 58 || (c === 33 && text.charCodeAt(k + 1) !== 61))) {
        // `:spec` or `!r`: blank to the field's closing brace (nested fields of the spec too).
        out.keep(k)
        let nested = 0
        let end = k + 1
        for (; end < length && !ends(end); end++) {
          const d = text.charCodeAt(end)
          if (d === 123) nested++
          else if (d === 125 && nested-- === 0) break
        }
        out.blank(end)
        if (text.charCodeAt(end) !== 125) return end
        out.keep(end + 1)
        return end + 1
      }
      k++
    }
    // Unterminated: the expression read so far is still code.
    out.keep(k)
    return k
  }

  out.keep(start + prefix.length + quote.length)
  let k = start + prefix.length + quote.length
  while (k < length) {
    const c = text.charCodeAt(k)
    if (c === 92) {
      const named = !raw && text.charCodeAt(k + 1) === 78 && text.charCodeAt(k + 2) === 123
      const close = named ? text.indexOf('}', k + 3) : -1
      k = close >= 0 ? close + 1 : k + 2
      continue
    }
    if (ends(k)) {
      if (text.charCodeAt(k) === 10) break
      out.blank(k)
      out.keep(k + quote.length)
      return k + quote.length
    }
    if (c === 123) {
      if (text.charCodeAt(k + 1) === 123) {
        k += 2
        continue
      }
      out.blank(k)
      out.keep(k + 1)
      k = field(k + 1)
      continue
    }
    k++
  }
  k = Math.min(k, length)
  out.blank(k)
  return k
}
