import { childOfType, defineRules, fieldText, textOf, type LanguageRules, type SymbolMatch } from '../rules.js'
import type { SyntaxNode } from '../syntax-node.js'

/** The receiver type of a Go method: `func (s *Server[T]) Run()` gives `Server`. */
function goReceiver(node: SyntaxNode, text: string): string {
  const receiver = node.childForFieldName('receiver')
  if (!receiver) return ''
  const match = /\(\s*(?:[A-Za-z_]\w*\s+)?\*?\s*([A-Za-z_]\w*)/.exec(textOf(receiver, text))
  return match ? (match[1] as string) : ''
}

function goMethod(node: SyntaxNode, text: string): SymbolMatch | null {
  const receiver = goReceiver(node, text)
  const name = fieldText(node, 'name', text) ?? ''
  return { kind: 'method', name, decl: node, body: node.childForFieldName('body'), container: false, ...(receiver ? { qualifier: receiver } : {}) }
}

const GO_TYPE_KINDS: Readonly<Record<string, string>> = { struct_type: 'struct', interface_type: 'interface' }

/** The kind of a Go type spec's type node: `struct`, `interface`, or `type` for any other. */
export function goTypeKind(type: SyntaxNode | null): string {
  return (type && GO_TYPE_KINDS[type.type]) ?? 'type'
}

/** `type T struct {...}` is a struct, `type I interface {...}` an interface, others a type. */
function goType(node: SyntaxNode, text: string): SymbolMatch | null {
  const spec = childOfType(node, 'type_spec') ?? childOfType(node, 'type_alias')
  if (!spec) return null
  const type = spec.childForFieldName('type')
  const kind = goTypeKind(type)
  // No body: the signature is the first line, `type T struct`, keyword included.
  return { kind, name: fieldText(spec, 'name', text) ?? '', decl: node, body: null, container: false }
}

/** Rules for Go. */
export const goRules: LanguageRules = defineRules({
  symbols: { function_declaration: { kind: 'function' } },
  custom: { method_declaration: goMethod, type_declaration: goType },
  comments: ['comment'],
  imports: ['package_clause', 'import_declaration'],
})
