import { childOfType, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { firstLine, splitTypes, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { PHP_SYNTAX, words } from '../lexical/syntaxes.js'

const CALL_WORDS: CallWords = {
  keywords: words('if for foreach while switch catch function return array isset empty unset list echo print include include_once require require_once new clone match fn static self parent elseif else do case default use declare exit die eval'),
  beforeCall: words('return new echo print else case throw yield clone'),
  braceDefinitions: true,
  nullSafeReceivers: true,
  backslashNamespaces: true,
}

/** `use A\B\{C, D as E};`, `use A\B;`, `use function A\f;`, and `require_once __DIR__ . '/x.php'`. */
export function parsePhpImport(raw: string): ParsedImport[] {
  const text = raw.replace(/\s+/g, ' ').trim()
  const required = /^(?:require|include)(?:_once)?\b\s*\(?\s*(?:(__DIR__|dirname\(__FILE__\))\s*\.\s*)?(['"])([^'"]+)\2/.exec(text)
  if (required) {
    const path = required[3] as string
    return [{ specifier: required[1] ? `.${path.startsWith('/') ? '' : '/'}${path}` : path, names: [] }]
  }
  const use = /^use\s+(?:function\s+|const\s+)?(.*?);?$/.exec(text)
  if (!use) return []
  const body = (use[1] as string).trim()
  const group = /^([\w\\]+)\\\{(.*)\}$/.exec(body)
  const clauses = group ? (group[2] as string).split(',').map((c) => `${group[1]}\\${c.trim()}`) : body.split(',')
  const out: ParsedImport[] = []
  for (const clause of clauses) {
    const match = /^\\?([\w\\]+)(?:\s+as\s+(\w+))?$/.exec(clause.trim())
    if (!match) continue
    const specifier = match[1] as string
    const name = specifier.slice(specifier.lastIndexOf('\\') + 1)
    out.push({ specifier, names: [match[2] && match[2] !== name ? { name, alias: match[2] } : { name }] })
  }
  return out
}

const HIDDEN = /^\s*(?:(?:abstract|final|static|readonly)\s+)*(?:private|protected)\b/

/** Modifier nodes of a property declaration: visibility, `static`, `readonly`. */
const PROPERTY_MODIFIERS = new Set(['visibility_modifier', 'static_modifier', 'readonly_modifier', 'var_modifier'])

/**
 * A class's property declaration (`private Mailer $mailer;`, `protected $fillable = [...]`) as one
 * `property` symbol per property, named without its `$` (as `$this->mailer` reads it) and signed
 * `private Mailer $mailer`: where calls on the property read its type. `false` outside a class.
 */
function properties(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  if (scope.kind !== 'class' && scope.kind !== 'trait') return false
  const { text } = api
  const children = namedChildrenOf(node)
  const modifiers = children.filter((child) => PROPERTY_MODIFIERS.has(child.type)).map((child) => text.slice(child.startIndex, child.endIndex))
  const type = node.childForFieldName('type')
  const typeText = type ? text.slice(type.startIndex, type.endIndex) : ''
  const exported = !modifiers.some((modifier) => modifier === 'private' || modifier === 'protected')
  let defined = false
  for (const element of children) {
    if (element.type !== 'property_element') continue
    const variable = element.childForFieldName('name')
    const name = variable ? text.slice(variable.startIndex, variable.endIndex).replace(/^\$/, '') : ''
    if (name === '') continue
    const signature = [...modifiers, typeText, `$${name}`].filter((part) => part !== '').join(' ')
    api.define({ name, kind: 'property', node, signature, exported }, scope)
    defined = true
  }
  return defined
}

/**
 * A `const SIZE = 52, MAX = 9;` declaration (of a class, interface, trait, enum or namespace) as
 * one `constant` symbol per name (`Deck::SIZE`).
 */
function constants(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  const modifiers = namedChildrenOf(node).filter((child) => child.type === 'visibility_modifier' || child.type === 'final_modifier')
  const exported = !modifiers.some((modifier) => /^(?:private|protected)$/.test(text.slice(modifier.startIndex, modifier.endIndex)))
  let defined = false
  for (const element of namedChildrenOf(node)) {
    if (element.type !== 'const_element') continue
    const nameNode = namedChildrenOf(element).find((child) => child.type === 'name')
    if (!nameNode) continue
    api.define({ name: text.slice(nameNode.startIndex, nameNode.endIndex), kind: 'constant', node: element, signature: `const ${firstLine(text, element.startIndex, element.endIndex)}`, exported }, scope)
    defined = true
  }
  return defined
}

/**
 * The properties a constructor promotes (`public function __construct(private Mailer $mailer)`):
 * each a `property` of the class, as a declared one is (see {@link properties}).
 */
function promotedProperties(method: SyntaxNode, scope: Scope, api: WalkApi): void {
  const { text } = api
  const parameters = method.childForFieldName('parameters')
  if (!parameters) return
  for (const parameter of namedChildrenOf(parameters)) {
    if (parameter.type !== 'property_promotion_parameter') continue
    const variable = parameter.childForFieldName('name')
    const name = variable ? text.slice(variable.startIndex, variable.endIndex).replace(/^\$/, '') : ''
    if (name === '') continue
    // (Attributes before it, `#[\SensitiveParameter] private string $password`, are not its signature.)
    const from = namedChildrenOf(parameter).find((child) => child.type !== 'attribute_list')?.startIndex ?? parameter.startIndex
    const written = text.slice(from, parameter.endIndex).replace(/\s*=.*$/s, '').replace(/\s+/g, ' ')
    const visibility = namedChildrenOf(parameter).find((child) => child.type === 'visibility_modifier')
    const hidden = visibility !== undefined && /^(?:private|protected)/.test(text.slice(visibility.startIndex, visibility.endIndex))
    api.define({ name, kind: 'property', node: parameter, signature: written, exported: !hidden }, scope)
  }
}

/** Layer extraction for PHP. */
export const phpFamily: LayerFamily = {
  enumMembers: new Set(['enum_case']),
  syntax: PHP_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'property_declaration') return properties(node, scope, api)
    if (type === 'const_declaration') return constants(node, scope, api)
    const statement = type === 'namespace_use_declaration' || (type === 'expression_statement' && /^(?:require|include)/.test(api.text.slice(node.startIndex, node.startIndex + 8)))
    if (statement) {
      const end = node.endIndex
      for (const parsed of parsePhpImport(api.text.slice(node.startIndex, end))) api.addImport(parsed, node.startIndex, end)
      return true
    }
    if (type !== 'namespace_definition' || node.childForFieldName('body')) return false
    const name = node.childForFieldName('name')
    if (name) api.setPackage(api.text.slice(name.startIndex, name.endIndex))
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi) {
    const { text } = api
    if (match.kind === 'namespace') api.setPackage(match.name)
    if (match.name === '__construct' && (scope.kind === 'class' || scope.kind === 'trait')) promotedProperties(node, scope, api)
    // PHP 8 attributes (`#[Route('/blog')]`) lead the declaration: decorators, and not where its modifiers are.
    const attributes = childOfType(node, 'attribute_list')
    const decorators = attributes ? namedChildrenOf(attributes).filter((group) => group.type === 'attribute_group') : []
    const modifiers = attributes ? attributes.endIndex : node.startIndex
    const member = scope.kind !== '' && scope.kind !== 'namespace'
    const exported = member ? !HIDDEN.test(text.slice(modifiers, modifiers + 80)) : true
    if (!match.container) return { exported, decorators }
    const heritage: { kind: 'extends' | 'implements'; target: string }[] = []
    const base = childOfType(node, 'base_clause')
    if (base) for (const target of splitTypes(text.slice(base.startIndex, base.endIndex).replace(/^extends\s+/, ''))) heritage.push({ kind: 'extends', target })
    const interfaces = childOfType(node, 'class_interface_clause')
    if (interfaces) for (const target of splitTypes(text.slice(interfaces.startIndex, interfaces.endIndex).replace(/^implements\s+/, ''))) heritage.push({ kind: 'implements', target })
    return { exported, heritage, decorators }
  },
  module: (_path, packageName) => packageName,
}
