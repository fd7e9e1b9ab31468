import { defineRules, fieldText, type LanguageRules, type RulesDefinition, type SymbolMatch } from '../rules.js'
import { typescriptRepair } from './typescript-repair.js'
import { namedChildrenOf, type SyntaxNode } from '../syntax-node.js'

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function'])
const CLASS_VALUES = new Set(['class', 'class_expression'])

/** `const f = () => {}` and `const C = class {}` are a function and a class. */
function variableSymbol(node: SyntaxNode, text: string): SymbolMatch | null {
  const declarators = namedChildrenOf(node).filter((child) => child.type === 'variable_declarator')
  if (declarators.length !== 1) return null
  const declarator = declarators[0] as SyntaxNode
  const value = declarator.childForFieldName('value')
  if (!value) return null
  const name = fieldText(declarator, 'name', text) ?? ''
  if (FUNCTION_VALUES.has(value.type)) {
    return { kind: 'function', name, decl: node, body: value.childForFieldName('body'), container: false }
  }
  if (CLASS_VALUES.has(value.type)) {
    return { kind: 'class', name, decl: node, body: value.childForFieldName('body'), container: true }
  }
  return null
}

/** A class property holding a function (`onClick = () => {}`) is a method. */
function fieldSymbol(node: SyntaxNode, text: string): SymbolMatch | null {
  const value = node.childForFieldName('value')
  if (!value || !FUNCTION_VALUES.has(value.type)) return null
  const name = fieldText(node, 'name', text) ?? ''
  return { kind: 'method', name, decl: node, body: value.childForFieldName('body'), container: false }
}

/** The table of TypeScript, TSX and JavaScript (also read by the component languages' rules). */
export const javascriptLike: RulesDefinition = {
  symbols: {
    function_declaration: { kind: 'function' },
    generator_function_declaration: { kind: 'function' },
    function_signature: { kind: 'function' },
    class_declaration: { kind: 'class', container: true },
    abstract_class_declaration: { kind: 'class', container: true },
    interface_declaration: { kind: 'interface', container: true },
    type_alias_declaration: { kind: 'type', body: 'value' },
    enum_declaration: { kind: 'enum' },
    internal_module: { kind: 'module', container: true },
    module: { kind: 'module', container: true, name: (node, text) => fieldText(node, 'name', text)?.replace(/^['"`]|['"`]$/g, '') },
    method_definition: { kind: 'method' },
    method_signature: { kind: 'method' },
    abstract_method_signature: { kind: 'method' },
  },
  custom: {
    lexical_declaration: variableSymbol,
    variable_declaration: variableSymbol,
    public_field_definition: fieldSymbol,
    field_definition: fieldSymbol,
  },
  transparent: ['export_statement', 'ambient_declaration', 'expression_statement'],
  attachable: ['decorator'],
  comments: ['comment', 'html_comment'],
  imports: ['import_statement', 'import_alias'],
  repairInput: typescriptRepair,
}

/** Rules for TypeScript, TSX and JavaScript (JSX included); the grammars share node names. */
export const javascriptRules: LanguageRules = defineRules(javascriptLike)
