import { namedChildrenOf, type SyntaxNode } from './syntax-node.js'

/** Names defined by one statement of module-level code that no symbol rule covers. */
function namesOf(node: SyntaxNode, text: string, out: string[]): void {
  const name = (field: SyntaxNode | null): void => {
    if (field !== null && field.type === 'identifier') out.push(text.slice(field.startIndex, field.endIndex))
  }
  switch (node.type) {
    // Python: `current_app = LocalProxy(...)`, `API_V1: str = "/api/v1"`.
    case 'expression_statement':
      for (const child of namedChildrenOf(node)) if (child.type === 'assignment') name(child.childForFieldName('left'))
      return
    // JavaScript, TypeScript: `const config = load()`, `var x = 1`; also exported.
    case 'lexical_declaration':
    case 'variable_declaration':
      for (const child of namedChildrenOf(node)) if (child.type === 'variable_declarator') name(child.childForFieldName('name'))
      return
    case 'export_statement':
      for (const child of namedChildrenOf(node)) namesOf(child, text, out)
      return
    // Go: `var ErrNotFound = errors.New(...)`, a `const ( ... )` block.
    case 'var_declaration':
    case 'const_declaration':
      for (const spec of namedChildrenOf(node)) {
        if (spec.type !== 'var_spec' && spec.type !== 'const_spec' && spec.type !== 'var_spec_list') continue
        for (const each of spec.type === 'var_spec_list' ? namedChildrenOf(spec) : [spec]) for (const part of namedChildrenOf(each)) if (part.type === 'identifier') name(part)
      }
      return
  }
}

/**
 * The names the module-level statements of a chunk of code between symbols define (`current_app`
 * of Flask's `globals.py`, `export const config = ...`, Go's `var ErrNotFound = ...`), in order,
 * each once: what a lookup by name finds them by (the chunk's `defines` metadata).
 */
export function gapNames(nodes: readonly SyntaxNode[], text: string): string[] {
  const out: string[] = []
  for (const node of nodes) namesOf(node, text, out)
  return [...new Set(out)]
}
