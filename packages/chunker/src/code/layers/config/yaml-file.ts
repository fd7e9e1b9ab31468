import { quotedScalarEnd, unquoteYaml } from '../../../yaml-scalars.js'
import type { ConfigDocument, ConfigValue } from './config-document.js'

/** Where a quoted scalar starting at `start` ends (the index after its closing quote), or the line's length. */
function quotedEnd(line: string, start: number): number {
  const end = quotedScalarEnd(line, start)
  return end < 0 ? line.length : end
}

/** The line without its comment: a `#` at its start or after white space, outside quotes. */
function withoutComment(line: string): string {
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if ((c === '"' || c === "'") && (i === 0 || /[\s:[{,]/.test(line[i - 1] as string))) i = quotedEnd(line, i) - 1
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) return line.slice(0, i)
  }
  return line
}

/** A mapping entry `key: value` (the key plain or quoted; `value` `''` when the entry opens a nested block). */
function entryOf(content: string): { key: string; value: string } | undefined {
  let keyEnd = 0
  if (content.startsWith('"') || content.startsWith("'")) keyEnd = quotedEnd(content, 0)
  const colon = /:(?:\s|$)/.exec(content.slice(keyEnd))
  if (!colon) return undefined
  const key = content.slice(0, keyEnd + colon.index).trim()
  return { key: unquoteYaml(key), value: content.slice(keyEnd + colon.index + 1).trim() }
}

/** A scalar value as written after its key, without a tag or anchor; `undefined` for anything else (a collection, an alias). */
function scalarOf(written: string): string | undefined {
  const value = written.replace(/^(?:[!&][^\s]*\s+)+/, '')
  if (/^[[{*|>]/.test(value) || /^[!&]/.test(value)) return undefined
  if (value === '~' || value === 'null') return ''
  return unquoteYaml(value)
}

/** A flow sequence of plain or quoted scalars on one line: `[GET, POST]`, `['a', "b"]`. */
const FLOW_SEQUENCE = /^\[([^[\]{}]*)\]$/

/** The items of a flow sequence of scalars, or `undefined` for any other value. */
function flowItems(written: string): string[] | undefined {
  const inner = FLOW_SEQUENCE.exec(written)?.[1]
  if (inner === undefined) return undefined
  const items = inner.split(',').map((item) => item.trim()).filter((item) => item !== '')
  return items.every((item) => !/^[&*!|>]/.test(item)) ? items.map((item) => unquoteYaml(item)) : undefined
}

/**
 * The documents of a YAML configuration file (`application.yml`), read only as far as Spring Boot
 * and Quarkus settings need: nested block mappings flattened to dotted keys
 * (`server:\n  servlet:\n    context-path: /api` gives `server.servlet.context-path`), plain and
 * quoted scalars, sequences of scalars (`[GET, POST]`, or `- GET` lines under their key: `items`),
 * `#` comments, `---` between documents. Other sequences, block scalars (`|`, `>`) and flow
 * collections are skipped with everything nested in them, as are lines that are not a mapping
 * entry.
 *
 * @example
 * readYamlDocuments('server:\n  servlet:\n    context-path: "/api" # the API\n')[0]?.get('server.servlet.context-path') // { value: '/api', line: 3 }
 */
export function readYamlDocuments(text: string): ConfigDocument[] {
  const documents: Map<string, ConfigValue>[] = [new Map()]
  // The mapping keys the current line is nested in, with their indentation and line.
  let parents: { indent: number; key: string; line: number }[] = []
  // Lines indented deeper than this belong to something skipped (a sequence, a block scalar).
  let skipDeeperThan = -1
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string
    if (/^(?:---|\.\.\.)(?:\s|$)/.test(raw)) {
      if (raw.startsWith('---')) documents.push(new Map())
      parents = []
      skipDeeperThan = -1
      continue
    }
    const line = withoutComment(raw).trimEnd()
    const content = line.trimStart()
    if (content === '' || content.startsWith('%')) continue
    const indent = line.length - content.length
    if (skipDeeperThan >= 0 && indent > skipDeeperThan) continue
    skipDeeperThan = -1
    while (parents.length > 0 && (parents.at(-1) as { indent: number }).indent >= indent) parents.pop()
    if (content === '-' || content.startsWith('- ')) {
      // `methods:` then `- GET`: a scalar item of the sequence the key just above opens.
      const item = scalarOf(content.slice(1).trim())
      const parent = parents.at(-1)
      if (item !== undefined && item !== '' && entryOf(content.slice(1).trim()) === undefined && parent !== undefined) {
        const key = parents.map((p) => p.key).join('.')
        const document = documents.at(-1) as Map<string, ConfigValue>
        const items = document.get(key)?.items ?? []
        document.set(key, { value: '', line: parent.line, items: [...items, item] })
      }
      skipDeeperThan = indent
      continue
    }
    const entry = entryOf(content)
    if (!entry) continue
    const key = [...parents.map((p) => p.key), entry.key].join('.')
    if (entry.value === '') {
      parents.push({ indent, key: entry.key, line: i + 1 })
      continue
    }
    const items = flowItems(entry.value)
    const value = items === undefined ? scalarOf(entry.value) : ''
    if (value === undefined) skipDeeperThan = indent
    else (documents.at(-1) as Map<string, ConfigValue>).set(key, { value, line: i + 1, ...(items === undefined ? {} : { items }) })
  }
  return documents
}
