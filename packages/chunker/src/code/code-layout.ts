import { lineCount, lineStart, type LineIndex } from '../lines.js'
import { mergeSmall, type Block } from '../merge-small.js'
import type { Segment } from '../segment.js'
import { packUnits } from '../units.js'
import type { LanguageRules, SymbolMatch } from './rules.js'
import { scanLevel, type LevelItem } from './scan-level.js'
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
  /** The enclosing container's own segment fields, given to its header and other gaps. */
  readonly owner: Omit<Segment, 'start' | 'end'> | undefined
  readonly depth: number
}

interface Context {
  readonly lines: LineIndex
  readonly rules: LanguageRules
  readonly options: CodeLayoutOptions
}

/** Containers nested deeper than this are cut like any other large symbol. */
const MAX_CONTAINER_DEPTH = 16

const dotted = (name: string): string => name.replace(/::|\\/g, '.')

function symbolFields(match: SymbolMatch, scope: Scope, context: Context): Omit<Segment, 'start' | 'end'> {
  const kind = match.kind === 'function' && context.rules.methodParents.has(scope.kind) ? 'method' : match.kind
  const parent = [scope.qname, dotted(match.qualifier ?? '')].filter(Boolean).join('.')
  const qname = [parent, dotted(match.name)].filter(Boolean).join('.')
  return { kind, symbol: match.name, qname, signature: signatureOf(match, context.lines.text, context.rules.attributesInSignature), parent }
}

function pieces(context: Context, item: LevelItem, nodes: readonly SyntaxNode[], fields: Omit<Segment, 'start' | 'end'>): Block {
  const units = splitRows(context.lines, item.start, item.end, nodes, context.options.maxChars)
  return { segments: packUnits(units, context.options.maxChars).map((u) => ({ ...fields, ...u })), whole: false }
}

function layoutItems(context: Context, items: readonly LevelItem[], scope: Scope): Block[] {
  const { lines, options } = context
  const blocks: Block[] = []
  for (const item of items) {
    const start = lineStart(lines, item.start)
    const end = lineStart(lines, item.end + 1)
    const fits = end - start <= options.maxChars
    if (!item.symbol) {
      const kind = item.gapKind === 'blank' ? 'code' : item.gapKind
      const fields = scope.owner ?? { kind, symbol: '', qname: '', signature: '', parent: '' }
      blocks.push(fits ? { segments: [{ ...fields, start, end }], whole: true } : pieces(context, item, item.nodes, fields))
      continue
    }
    const { node, match } = item.symbol
    const fields = symbolFields(match, scope, context)
    if (fits) blocks.push({ segments: [{ ...fields, start, end }], whole: true })
    else if (match.container && match.body && scope.depth < MAX_CONTAINER_DEPTH) {
      const members = scanLevel(namedChildrenOf(match.body), item.start, item.end, context.rules, lines)
      const inner = layoutItems(context, members, {
        qname: fields.qname || scope.qname,
        kind: fields.kind,
        owner: fields,
        depth: scope.depth + 1,
      })
      blocks.push({ segments: mergeSmall(inner, options.minChars, options.maxChars), whole: false })
    } else blocks.push(pieces(context, item, [node], fields))
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
  return mergeSmall(blocks, options.minChars, options.maxChars)
}
