import { childOfType } from '../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../syntax-node.js'
import type { Scope, WalkApi } from './family.js'

/** Scope kinds whose field declarations are members (a method's locals are not). */
const MEMBER_SCOPES = new Set(['class', 'interface', 'enum', 'record', 'struct'])

/**
 * A field's modifiers without annotations or attributes: Java's `modifiers` node (whose named
 * children are its annotations, the keywords being unnamed), or C#'s `modifier` nodes.
 */
function modifierText(node: SyntaxNode, text: string): string {
  const mods = childOfType(node, 'modifiers')
  if (!mods) {
    return namedChildrenOf(node)
      .filter((child) => child.type === 'modifier')
      .map((child) => text.slice(child.startIndex, child.endIndex))
      .join(' ')
  }
  let out = ''
  let at = mods.startIndex
  for (const annotation of namedChildrenOf(mods)) {
    out += text.slice(at, annotation.startIndex)
    at = annotation.endIndex
  }
  return (out + text.slice(at, mods.endIndex)).replace(/\s+/g, ' ').trim()
}

/** String literals of Java and C# (`"/api"`, `@"C:\x"`, `"""..."""`). */
const STRING_LITERALS: ReadonlySet<string> = new Set(['string_literal', 'verbatim_string_literal', 'raw_string_literal'])

/** Initializers longer than this stay out of a signature. */
const MAX_LITERAL = 200

/**
 * A field's initializer when it is one string literal of a line (`String API = "/api/v1"`), or a
 * concatenation of literals and names (`String USERS = API + "/users"`), as written: kept in the signature, as Kotlin's and TypeScript's are, so a route that names the
 * constant (`@RequestMapping(Paths.API)`) can be read.
 */
function stringInitializer(declarator: SyntaxNode, text: string): string | undefined {
  let value = declarator.childForFieldName('value') ?? namedChildrenOf(declarator).at(-1)
  if (value?.type === 'equals_value_clause') value = namedChildrenOf(value)[0]
  if (!value || !isStringValue(value, text, 0) || value.endIndex - value.startIndex > MAX_LITERAL) return undefined
  const literal = text.slice(value.startIndex, value.endIndex)
  return literal.includes('\n') ? undefined : literal
}

/** Names a concatenation may join: `API`, `ApiPaths.API` (Java's `field_access`, C#'s `member_access_expression`). */
const NAME_VALUES: ReadonlySet<string> = new Set(['identifier', 'field_access', 'member_access_expression'])

/** A string literal, or a `+` of literals and names (`API + "/users"`, `Paths.API + "/v2"`), which `@rag/layers` reads where the names are defined. */
function isStringValue(node: SyntaxNode, text: string, depth: number): boolean {
  if (STRING_LITERALS.has(node.type)) return true
  if (node.type !== 'binary_expression' || depth > 4) return false
  const [left, right] = [node.childForFieldName('left'), node.childForFieldName('right')]
  if (!left || !right || text.slice(left.endIndex, right.startIndex).trim() !== '+') return false
  const part = (side: SyntaxNode): boolean => NAME_VALUES.has(side.type) || isStringValue(side, text, depth + 1)
  return part(left) && part(right) && (STRING_LITERALS.has(left.type) || STRING_LITERALS.has(right.type) || left.type === 'binary_expression')
}

/**
 * A Java or C# field declaration in a class body (`@Autowired private OwnerRepository owners;`,
 * `private readonly IOrderRepository _orders;`, `int x, y = 2;`) as one `property` symbol per
 * declared name, signed `private OwnerRepository owners` (modifiers without annotations, type,
 * name, and a one-line string initializer: `= "/api/v1"`): where calls on the field
 * (`owners.findById(id)`) read its type. `false` when `node` is
 * not one.
 */
export function fieldDeclaration(node: SyntaxNode, scope: Scope, api: WalkApi, declaration: SyntaxNode = node): boolean {
  if (!MEMBER_SCOPES.has(scope.kind)) return false
  const type = declaration.childForFieldName('type')
  if (!type) return false
  const { text } = api
  const modText = modifierText(node, text)
  const typeText = text.slice(type.startIndex, type.endIndex).replace(/\s+/g, ' ')
  const exported = /\bpublic\b/.test(modText) || scope.kind === 'interface'
  let defined = false
  for (const declarator of namedChildrenOf(declaration)) {
    if (declarator.type !== 'variable_declarator') continue
    const nameNode = declarator.childForFieldName('name') ?? namedChildrenOf(declarator)[0]
    if (!nameNode || nameNode.type !== 'identifier') continue
    const name = text.slice(nameNode.startIndex, nameNode.endIndex)
    const literal = stringInitializer(declarator, text)
    const signature = [modText, typeText, name, ...(literal === undefined ? [] : ['=', literal])].filter((part) => part !== '').join(' ')
    api.define({ name, kind: 'property', node, signature, exported }, scope)
    defined = true
  }
  return defined
}
