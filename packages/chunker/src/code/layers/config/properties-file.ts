import type { ConfigDocument, ConfigValue } from './config-document.js'

/** Spring Boot's document separator in a `.properties` file: a comment line of exactly `#---` (or `!---`). */
const DOCUMENT_SEPARATOR = /^[#!]---\s*$/

const ESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', f: '\f' }

/** `\t`, `\n`, `\uXXXX` and `\x` (any other character as itself), as `java.util.Properties` reads them. */
function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) =>
    escaped.length === 5 ? String.fromCharCode(Number.parseInt(escaped.slice(1), 16)) : (ESCAPES[escaped] ?? escaped),
  )
}

/** Whether a physical line continues on the next one: it ends with an odd number of backslashes. */
function continues(line: string): boolean {
  let backslashes = 0
  for (let i = line.length - 1; i >= 0 && line[i] === '\\'; i--) backslashes++
  return backslashes % 2 === 1
}

/** `key=value`, `key: value` or `key value`: the key ends at the first unescaped `=`, `:` or white space. */
function entryOf(logical: string): { key: string; value: string } {
  let end = 0
  while (end < logical.length && !/[=:\s]/.test(logical[end] as string)) end += logical[end] === '\\' ? 2 : 1
  let start = end
  while (start < logical.length && /[ \t\f]/.test(logical[start] as string)) start++
  if (logical[start] === '=' || logical[start] === ':') start++
  while (start < logical.length && /[ \t\f]/.test(logical[start] as string)) start++
  return { key: unescape(logical.slice(0, end)), value: unescape(logical.slice(start)) }
}

/**
 * The documents of a Java `.properties` file (`application.properties`): one, or several split by
 * Spring Boot's `#---` lines. Reads `=`, `:` and space separators, `#` and `!` comment lines,
 * backslash continuations and escapes; a `#` later in a line is part of the value, as in Java.
 *
 * @example
 * readPropertiesDocuments('server.port=8080\nserver.servlet.context-path=/api\n')[0]?.get('server.servlet.context-path') // { value: '/api', line: 2 }
 */
export function readPropertiesDocuments(text: string): ConfigDocument[] {
  const documents: Map<string, ConfigValue>[] = [new Map()]
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  for (let i = 0; i < lines.length; i++) {
    const first = i
    const line = (lines[i] as string).trimStart()
    if (DOCUMENT_SEPARATOR.test(line)) {
      documents.push(new Map())
      continue
    }
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue
    let logical = line
    while (continues(logical) && i + 1 < lines.length) logical = logical.slice(0, -1) + (lines[++i] as string).trimStart()
    const { key, value } = entryOf(logical)
    ;(documents.at(-1) as Map<string, ConfigValue>).set(key, { value: value.trim(), line: first + 1 })
  }
  return documents
}
