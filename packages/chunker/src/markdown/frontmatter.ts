import type { MetadataValue } from '@rag/core'
import { quotedScalarEnd, unquoteYaml } from '../yaml-scalars.js'

/** A YAML frontmatter block at the top of a markdown file. */
export interface Frontmatter {
  /** Number of lines the block takes, both `---` fences included. */
  readonly lineCount: number
  /** Its keys as flat metadata: lists joined with `, `, nested keys as `parent.child`. */
  readonly fields: Readonly<Record<string, MetadataValue>>
}

const OPEN = /^---[ \t]*\r?$/
const CLOSE = /^(?:---|\.\.\.)[ \t]*\r?$/
const KEY = /^([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*))?$/
const LIST_ITEM = /^-(?:[ \t]+(.*))?$/

/** Drops a trailing ` # comment`; a quoted scalar ends at its closing quote. */
function stripComment(raw: string): string {
  const lead = raw.length - raw.trimStart().length
  if (raw[lead] === '"' || raw[lead] === "'") {
    const end = quotedScalarEnd(raw, lead)
    return end === -1 ? raw : raw.slice(0, end)
  }
  const at = raw.search(/(^|[ \t])#/)
  return at === -1 ? raw : raw.slice(0, at)
}

/** One scalar: numbers and `true`/`false` typed, quotes removed, `null` and `~` dropped. */
function scalar(raw: string): MetadataValue | undefined {
  const text = stripComment(raw).trim()
  if (text === '' || text === '~' || text === 'null') return undefined
  if (text === 'true' || text === 'false') return text === 'true'
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(text)) return Number(text)
  return unquoteYaml(text)
}

/** `[a, "b, c", d]` as a list of strings. */
function flowList(raw: string): string[] {
  const inner = raw.trim().slice(1, -1)
  const items: string[] = []
  let current = ''
  let quote = ''
  for (const ch of inner) {
    if (quote) {
      current += ch
      if (ch === quote) quote = ''
    } else if (ch === '"' || ch === "'") {
      current += ch
      quote = ch
    } else if (ch === ',') {
      items.push(current)
      current = ''
    } else current += ch
  }
  items.push(current)
  return items.map(unquoteYaml).filter((item) => item !== '')
}

const indentOf = (line: string): number => line.length - line.trimStart().length

/**
 * Reads the YAML frontmatter at the top of a markdown text, if any. A tiny parser for the flat
 * subset documents use: `key: scalar`, `key: [a, b]`, `key:` followed by `- item` lines, nested
 * `key:` blocks (flattened to `key.child`), `|` and `>` block scalars and `#` comments. Anything
 * else is kept as its raw text. It never throws; without a closing `---` there is no frontmatter.
 */
export function parseFrontmatter(text: string): Frontmatter | undefined {
  if (!text.startsWith('---')) return undefined
  const lines = text.split('\n', 2001)
  if (!OPEN.test(lines[0] as string)) return undefined
  const close = lines.findIndex((line, i) => i > 0 && CLOSE.test(line))
  if (close < 0) return undefined
  const body = lines.slice(1, close).map((line) => line.replace(/\r$/, ''))
  const fields: Record<string, MetadataValue> = {}
  readBlock(body, 0, body.length, '', fields)
  return { lineCount: close + 1, fields }
}

function readBlock(lines: readonly string[], from: number, to: number, prefix: string, out: Record<string, MetadataValue>): void {
  let i = from
  while (i < to) {
    const line = lines[i] as string
    const trimmed = line.trim()
    const match = trimmed === '' || trimmed.startsWith('#') ? null : KEY.exec(trimmed)
    i++
    if (!match) continue
    const key = prefix + unquoteYaml(match[1] as string)
    const rest = stripComment(match[2] ?? '').trim()
    const indent = indentOf(line)
    let end = i
    const belongs = (l: string): boolean =>
      l.trim() === '' || indentOf(l) > indent || (rest === '' && indentOf(l) === indent && LIST_ITEM.test(l.trim()))
    while (end < to && belongs(lines[end] as string)) end++
    if (rest.startsWith('|') || rest.startsWith('>')) {
      const block = lines.slice(i, end).map((l) => l.trim())
      out[key] = rest.startsWith('|') ? block.join('\n').trim() : block.join(' ').replace(/\s+/g, ' ').trim()
    } else if (rest.startsWith('[') && rest.endsWith(']')) {
      out[key] = flowList(rest).join(', ')
    } else if (rest !== '') {
      const value = scalar(match[2] ?? '')
      if (value !== undefined) out[key] = value
    } else {
      const children = lines.slice(i, end).filter((l) => l.trim() !== '' && !l.trim().startsWith('#'))
      if (children.length > 0 && children.every((l) => LIST_ITEM.test(l.trim()))) {
        const items = children.map((l) => scalar(LIST_ITEM.exec(l.trim())?.[1] ?? '')).filter((v) => v !== undefined)
        out[key] = items.join(', ')
      } else if (children.length > 0) readBlock(lines, i, end, `${key}.`, out)
    }
    i = Math.max(i, end)
  }
}
