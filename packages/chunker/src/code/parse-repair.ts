import type { Node, Parser, Tree } from 'web-tree-sitter'

/**
 * A second reading of a file whose parse has errors: a same-length text with the same line breaks
 * that avoids a grammar's known misreading near the rows where the errors start (0-based), or the
 * text unchanged when nothing there matches. See {@link parseRepaired}.
 */
export type RepairInput = (text: string, errorRows: ReadonlySet<number>) => string

/** Error and missing nodes of a tree, and the rows they start on. */
interface TreeErrors {
  readonly count: number
  readonly rows: ReadonlySet<number>
}

/** Visits only the subtrees that hold an error; a tree without one costs a single check. */
function errorsOf(tree: Tree): TreeErrors {
  const rows = new Set<number>()
  let count = 0
  const pending: Node[] = [tree.rootNode]
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.isError || node.isMissing) {
      count++
      rows.add(node.startPosition.row)
      if (node.isMissing) continue
    }
    if (!node.hasError) continue
    for (const child of node.children) if (child && (child.hasError || child.isMissing)) pending.push(child)
  }
  return { count, rows }
}

/**
 * Parses `text`; when the tree has errors and `repair` rewrites the text near them, parses the
 * rewrite too and keeps whichever tree has fewer errors (the other is deleted). Offsets and rows
 * stay the file's, since a repair keeps the text's length and line breaks. A file that parses
 * cleanly, the usual case, is parsed once.
 */
export function parseRepaired(parser: Parser, text: string, repair: RepairInput | undefined): Tree | null {
  const tree = parser.parse(text)
  if (!tree || !repair || !tree.rootNode.hasError) return tree
  const before = errorsOf(tree)
  const rewritten = repair(text, before.rows)
  if (rewritten === text) return tree
  const second = parser.parse(rewritten)
  if (!second) return tree
  if (errorsOf(second).count < before.count) {
    tree.delete()
    return second
  }
  second.delete()
  return tree
}
