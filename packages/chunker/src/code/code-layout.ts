import { lineCount, lineStart, type LineIndex } from '../lines.js'
import { mergeSmall, type Block } from '../merge-small.js'
import type { Segment } from '../segment.js'
import type { MetadataValue } from '@rag/core'
import { gapNames } from './gap-names.js'
import { packUnits } from '../units.js'
import type { LanguageRules, SymbolMatch } from './rules.js'
import { scanLevel, type LevelItem } from './scan-level.js'
import { symbolIdentity } from './symbol-identity.js'
import { signatureOf } from './signature.js'
import { splitRows } from './split-rows.js'
import { namedChildrenOf, type SyntaxNode } from './syntax-node.js'

/** Sizes and rules for one file. */
export interface CodeLayoutOptions {
  readonly maxChars: number
  readonly minChars: number
}

interface Scope {
  /** Qualified name of the enclosing symbol, `''` at the top. */
  readonly qname: string
  /** Kind of the enclosing symbol, `''` at the top. */
  readonly kind: string
  /** The enclosing container's own segment, whose fields its header and other gaps share. */
  readonly owner: Segment | undefined
  readonly depth: number
}

interface Context {
  readonly lines: LineIndex
  readonly rules: LanguageRules
  readonly options: CodeLayoutOptions
}

/** Containers nested deeper than this are cut like any other large symbol. */
const MAX_CONTAINER_DEPTH = 16

/** The symbol's segment over `start..end`; its signature is computed later, and only if it is kept. */
function symbolSegment(match: SymbolMatch, scope: Scope, context: Context, start: number, end: number): Segment {
  const { kind, name, qname, parent } = symbolIdentity(match, scope.qname, scope.kind, context.rules)
  const { text } = context.lines
  const dropAttributes = context.rules.attributesInSignature
  return { start, end, kind, symbol: name, qname, signature: () => signatureOf(match, text, dropAttributes, (match.last ?? match.decl).endIndex), parent }
}

/** The `defines` metadata of a gap of module-level code: the names its statements assign ({@link gapNames}). */
function definesOf(item: LevelItem, text: string): { extra?: Record<string, MetadataValue> } {
  if (item.gapKind !== 'code') return {}
  const names = gapNames(item.nodes, text)
  return names.length === 0 ? {} : { extra: { defines: names.join(', ') } }
}

/** A piece of a gap cut for size defines what the statements starting in it assign, not the whole gap's names. */
function piecesDefine(pieces: readonly Segment[], item: LevelItem, text: string): Segment[] {
  return pieces.map((piece) => {
    const { defines: _whole, ...extra } = piece.extra ?? {}
    const names = item.gapKind === 'code' ? gapNames(item.nodes.filter((node) => node.startIndex >= piece.start && node.startIndex < piece.end), text) : []
    return { ...piece, extra: names.length === 0 ? extra : { ...extra, defines: names.join(', ') } }
  })
}

/** A symbol or gap too large for one chunk, cut into pieces numbered `part` of `parts`. */
function pieces(context: Context, item: LevelItem, nodes: readonly SyntaxNode[], fields: Segment): Segment[] {
  const units = splitRows(context.lines, item.start, item.end, nodes, context.options.maxChars)
  const packed = packUnits(units, context.options.maxChars)
  return packed.map((u, i) => ({ ...fields, start: u.start, end: u.end, extra: { ...fields.extra, part: i + 1, parts: packed.length } }))
}

function layoutItems(context: Context, items: readonly LevelItem[], scope: Scope): Block[] {
  const { lines, options } = context
  const blocks: Block[] = []
  for (const item of items) {
    const start = lineStart(lines, item.start)
    const end = lineStart(lines, item.end + 1)
    const fits = end - start <= options.maxChars
    if (!item.symbol) {
      const owner = scope.owner
      const segment: Segment = owner
        ? { start, end, kind: owner.kind, symbol: owner.symbol, qname: owner.qname, signature: owner.signature, parent: owner.parent, named: false }
        : { start, end, kind: item.gapKind === 'blank' ? 'code' : item.gapKind, symbol: '', qname: '', signature: '', parent: '', ...definesOf(item, lines.text) }
      blocks.push(fits ? segment : owner ? pieces(context, item, item.nodes, segment) : piecesDefine(pieces(context, item, item.nodes, segment), item, lines.text))
      continue
    }
    const { node, match } = item.symbol
    const segment = symbolSegment(match, scope, context, start, end)
    if (fits) blocks.push(segment)
    else if (match.container && match.body && scope.depth < MAX_CONTAINER_DEPTH) {
      const members = scanLevel(namedChildrenOf(match.body), item.start, item.end, context.rules, lines)
      const inner = layoutItems(context, members, {
        qname: segment.qname || scope.qname,
        kind: segment.kind,
        owner: segment,
        depth: scope.depth + 1,
      })
      blocks.push(mergeSmall(inner, options.minChars, options.maxChars))
    } else blocks.push(pieces(context, item, match.last ? [node, match.last] : [node], segment))
  }
  return blocks
}

/**
 * Lays out a parsed file as symbol chunks: each top-level symbol (with its doc comment and
 * decorators) is a chunk; code between symbols is a chunk; a large container becomes its header
 * plus its members; anything still too large is cut on child boundaries, then lines. Chunks are
 * whole lines (a line longer than `maxChars` is cut inside), contiguous and in order.
 */
export function layoutCode(root: SyntaxNode, lines: LineIndex, rules: LanguageRules, options: CodeLayoutOptions): Segment[] {
  const rows = lineCount(lines)
  if (rows === 0) return []
  const context: Context = { lines, rules, options }
  const items = scanLevel(namedChildrenOf(root), 0, rows - 1, rules, lines)
  const blocks = layoutItems(context, items, { qname: '', kind: '', owner: undefined, depth: 0 })
  // Signatures are computed here, for the chunks that keep one, while the tree is still alive.
  return mergeSmall(blocks, options.minChars, options.maxChars).map((segment) =>
    typeof segment.signature === 'string' ? segment : { ...segment, signature: segment.signature() },
  )
}
