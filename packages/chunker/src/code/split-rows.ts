import { lineStart, type LineIndex } from '../lines.js'
import { lineUnits, type Unit } from '../units.js'
import { firstRow, lastRow, namedChildrenOf, type SyntaxNode } from './syntax-node.js'

/** Deeper than this, an oversize node is cut on lines rather than on its children. */
const MAX_SPLIT_DEPTH = 48

/**
 * Cuts rows `first..last` into units of at most `maxChars` along the boundaries of `nodes` (in
 * document order): each node's rows are a unit; a node too large is cut along its own children,
 * recursively; rows between nodes, and anything still too large, are cut into lines.
 */
export function splitRows(
  lines: LineIndex,
  first: number,
  last: number,
  nodes: readonly SyntaxNode[],
  maxChars: number,
  out: Unit[] = [],
  depth = 0,
): Unit[] {
  const push = (from: number, to: number, node: SyntaxNode | undefined): void => {
    const start = lineStart(lines, from)
    const end = lineStart(lines, to + 1)
    if (end - start <= maxChars) out.push({ start, end })
    else if (node && depth < MAX_SPLIT_DEPTH && node.namedChildCount > 0) {
      splitRows(lines, from, to, namedChildrenOf(node), maxChars, out, depth + 1)
    } else lineUnits(lines, from, to, maxChars, out)
  }
  let cursor = first
  for (const node of nodes) {
    const start = Math.max(firstRow(node), cursor)
    const end = Math.min(lastRow(node), last)
    if (start > end) continue
    if (start > cursor) push(cursor, start - 1, undefined)
    push(start, end, node)
    cursor = end + 1
  }
  if (cursor <= last) push(cursor, last, undefined)
  return out
}
