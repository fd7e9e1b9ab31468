import { lineStart, type LineIndex } from '../lines.js'
import type { LanguageRules, SymbolMatch } from './rules.js'
import { firstRow, lastRow, namedChildrenOf, type SyntaxNode } from './syntax-node.js'

/** One entry of a level: a symbol or the code between symbols, as inclusive 0-based rows. */
export interface LevelItem {
  readonly start: number
  readonly end: number
  /** The symbol node and what it declares; absent for a gap. */
  readonly symbol?: { readonly node: SyntaxNode; readonly match: SymbolMatch }
  /** A gap's nodes, in order: where it may be split. */
  readonly nodes: readonly SyntaxNode[]
  /** A gap's kind: `imports`, `comment` or `code`. */
  readonly gapKind: string
}

interface Entry {
  readonly node: SyntaxNode
  readonly type: string
  readonly start: number
  readonly end: number
  readonly match: SymbolMatch | undefined
  readonly attachable: boolean
}

/** Transparent wrappers nest rarely; the bound keeps pathological input cheap. */
const MAX_FLATTEN_DEPTH = 8

function collect(nodes: readonly SyntaxNode[], rules: LanguageRules, text: string, depth: number, out: Entry[]): void {
  for (const node of nodes) {
    const type = node.type
    const match = rules.symbol(node, type, text)
    if (!match && depth < MAX_FLATTEN_DEPTH && rules.transparent.has(type)) {
      collect(namedChildrenOf(node), rules, text, depth + 1, out)
      continue
    }
    const attachable = !match && rules.attachable.has(type)
    out.push({ node, type, start: firstRow(node), end: lastRow(match?.last ?? node), match, attachable })
  }
}

/** Symbols with the doc comments, decorators and attributes directly above them (no blank line). */
interface SymbolRange {
  readonly start: number
  readonly end: number
  readonly node: SyntaxNode
  readonly match: SymbolMatch
}

function symbolRanges(entries: readonly Entry[]): SymbolRange[] {
  const out: SymbolRange[] = []
  let chainStart = -1
  let chainEnd = -2
  for (const entry of entries) {
    if (entry.attachable) {
      if (chainStart < 0 || entry.start > chainEnd + 1) chainStart = entry.start
      chainEnd = Math.max(chainEnd, entry.end)
      continue
    }
    if (entry.match) {
      const attached = chainStart >= 0 && entry.start <= chainEnd + 1
      const start = attached ? Math.min(chainStart, entry.start) : entry.start
      out.push({ start, end: entry.end, node: entry.node, match: entry.match })
    }
    chainStart = -1
    chainEnd = -2
  }
  return out
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 11) return false
  }
  return true
}

function gapKind(types: readonly string[], rules: LanguageRules): string {
  let code = false
  let imports = false
  for (const type of types) {
    if (rules.comments.has(type) || rules.attachable.has(type)) continue
    if (rules.imports.has(type)) imports = true
    else code = true
  }
  if (code) return 'code'
  if (imports) return 'imports'
  return types.length > 0 ? 'comment' : 'code'
}

/**
 * Lays out one level (the top of a file, or the body of a class) as symbols and gaps that cover
 * rows `first..last` exactly once, in order. Each line belongs to the first symbol that touches
 * it; a symbol wholly inside another's lines is part of that one. Gaps of blank lines join the
 * item before them (the item after, at the start).
 */
export function scanLevel(
  nodes: readonly SyntaxNode[],
  first: number,
  last: number,
  rules: LanguageRules,
  lines: LineIndex,
): LevelItem[] {
  const entries: Entry[] = []
  collect(nodes, rules, lines.text, 0, entries)
  const items: LevelItem[] = []
  let floor = first
  let cursor = 0
  const pushGap = (start: number, end: number): void => {
    while (cursor < entries.length && (entries[cursor] as Entry).end < start) cursor++
    const inGap: SyntaxNode[] = []
    const types: string[] = []
    for (let i = cursor; i < entries.length && (entries[i] as Entry).start <= end; i++) {
      const entry = entries[i] as Entry
      if (!entry.match && entry.end >= start) {
        inGap.push(entry.node)
        types.push(entry.type)
      }
    }
    const blank = inGap.length === 0 && isBlank(lines.text, lineStart(lines, start), lineStart(lines, end + 1))
    const previous = items.at(-1)
    if (blank && previous) items[items.length - 1] = { ...previous, end }
    else items.push({ start, end, nodes: inGap, gapKind: blank ? 'blank' : gapKind(types, rules) })
  }
  for (const range of symbolRanges(entries)) {
    const start = Math.max(range.start, floor)
    const end = Math.min(range.end, last)
    if (start > end) continue
    if (start > floor) pushGap(floor, start - 1)
    const previous = items.at(-1)
    if (previous?.gapKind === 'blank') items.pop()
    const { node, match } = range
    items.push({ start: previous?.gapKind === 'blank' ? previous.start : start, end, symbol: { node, match }, nodes: [], gapKind: '' })
    floor = end + 1
  }
  if (floor <= last) pushGap(floor, last)
  return items
}
