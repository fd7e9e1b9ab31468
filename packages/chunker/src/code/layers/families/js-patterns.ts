import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'

/** Destructuring patterns of a declarator's name. */
export const PATTERNS: ReadonlySet<string> = new Set(['object_pattern', 'array_pattern'])

/**
 * The names a destructuring pattern binds, in order: `{ a, b: c, ...rest }` binds `a`, `c` and
 * `rest`; `[x, , y = 1]` binds `x` and `y`; nested patterns too.
 */
export function patternNames(pattern: SyntaxNode, text: string, depth = 0): string[] {
  const names: string[] = []
  for (const child of namedChildrenOf(pattern)) {
    const node = child.type === 'pair_pattern' ? child.childForFieldName('value') : child.type === 'assignment_pattern' || child.type === 'object_assignment_pattern' ? child.childForFieldName('left') : child
    if (!node) continue
    if (node.type === 'identifier' || node.type === 'shorthand_property_identifier_pattern') names.push(text.slice(node.startIndex, node.endIndex))
    else if (node.type === 'rest_pattern') names.push(...patternNames(node, text, depth + 1))
    else if (PATTERNS.has(node.type) && depth < 8) names.push(...patternNames(node, text, depth + 1))
  }
  return names
}
