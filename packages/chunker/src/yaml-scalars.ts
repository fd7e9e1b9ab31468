/** Escapes of a double-quoted YAML scalar that stand for one character. */
const DOUBLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '0': '\0', '"': '"', '\\': '\\', '/': '/', ' ': ' ' }

/**
 * A YAML scalar's text, unquoted: `'it''s'` gives `it's`, `"a\tb"` gives `a<TAB>b`, `"\u00e9"`
 * gives `é`; a plain scalar is returned trimmed.
 */
export function unquoteYaml(raw: string): string {
  const text = raw.trim()
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replaceAll("''", "'")
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) =>
      escaped.length === 5 ? String.fromCharCode(Number.parseInt(escaped.slice(1), 16)) : (DOUBLE_ESCAPES[escaped] ?? escaped),
    )
  }
  return text
}

/** Where a quoted YAML scalar starting at `start` ends (the index after its closing quote), or -1 when it does not close. */
export function quotedScalarEnd(line: string, start: number): number {
  const quote = line[start]
  for (let i = start + 1; i < line.length; i++) {
    if (quote === '"' && line[i] === '\\') i++
    else if (line[i] === quote) {
      if (quote === "'" && line[i + 1] === "'") i++
      else return i + 1
    }
  }
  return -1
}
