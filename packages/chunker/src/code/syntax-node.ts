/**
 * The part of a tree-sitter node the chunker reads. `web-tree-sitter`'s `Node` satisfies it, and
 * so can a hand-built fake in a test.
 */
export interface SyntaxNode {
  readonly type: string
  /** Offset of the first character (UTF-16 code units, like JavaScript string indices). */
  readonly startIndex: number
  /** Offset just past the last character. */
  readonly endIndex: number
  readonly startPosition: { readonly row: number; readonly column: number }
  readonly endPosition: { readonly row: number; readonly column: number }
  readonly namedChildren: readonly (SyntaxNode | null)[]
  readonly namedChildCount: number
  childForFieldName(name: string): SyntaxNode | null
  /** The node around this one (`web-tree-sitter`'s nodes have it; a hand-built fake may not). */
  readonly parent?: SyntaxNode | null
  /** The next named node of the same parent (`web-tree-sitter`'s nodes have it; a hand-built fake may not). */
  readonly nextNamedSibling?: SyntaxNode | null
  /** The previous named node of the same parent (`web-tree-sitter`'s nodes have it; a hand-built fake may not). */
  readonly previousNamedSibling?: SyntaxNode | null
}

/** The 0-based first row of a node. */
export function firstRow(node: SyntaxNode): number {
  return node.startPosition.row
}

/**
 * The 0-based last row a node really occupies: a node that ends at column 0 (it swallowed the
 * line break, as some comments do) ends on the row before.
 */
export function lastRow(node: SyntaxNode): number {
  const { row, column } = node.endPosition
  return column === 0 && row > node.startPosition.row ? row - 1 : row
}

/** The non-null named children of a node. */
export function namedChildrenOf(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = []
  for (const child of node.namedChildren) if (child) out.push(child)
  return out
}
