import { fieldText, type SymbolMatch } from '../../rules.js'
import { goTypeKind } from '../../languages/go.js'
import { signatureOf } from '../../signature.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { parseBracketed } from '../args.js'
import type { LiteralFact } from '../facts.js'
import { closingBracket } from '../lexical/brackets.js'
import { goTypedDeclarations } from '../lexical/go-declarations.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { GO_SYNTAX, words } from '../lexical/syntaxes.js'
import { rowAt } from '../../../lines.js'
import { firstLine, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'

const CALL_WORDS: CallWords = {
  keywords: words('if for switch select func return go defer range case default type struct interface map chan var const package import else break continue goto fallthrough'),
  beforeCall: words('return go defer case else if for range switch select'),
  compositeLiterals: true,
}

/** One import spec: an optional alias (a name, `.` or `_`) and a quoted path. */
const IMPORT_SPEC = /(?:^|[\s(;])(?:([\w.]+)\s+)?(["`])([^"`\n]+)\2/g

/** `&cobra.Command{...}` and other composite literals of a type named `...Command`. */
const COMMAND_LITERAL = /([A-Za-z_][\w.]*Command)\s*\{/g

const exported = (name: string): boolean => /^\p{Lu}/u.test(name)

/** The specs of an import declaration's text: `import "fmt"`, `import ( h "net/http"; . "x/y"; _ "driver" )`. */
export function parseGoImports(declaration: string): ParsedImport[] {
  const out: ParsedImport[] = []
  const body = declaration.replace(/^import\s*/, '')
  for (const match of body.matchAll(IMPORT_SPEC)) {
    const alias = match[1]
    const specifier = match[3] as string
    if (alias === '_') out.push({ specifier, names: [] })
    else out.push({ specifier, names: [alias ? { name: '*', alias } : { name: '*' }] })
  }
  return out
}

/** `const A = 1`, `var ( B = 2; C int )`: one definition per name. */
function values(node: SyntaxNode, kind: 'constant' | 'variable', scope: Scope, api: WalkApi): void {
  for (const child of namedChildrenOf(node)) {
    if (child.type === 'var_spec_list' || child.type === 'const_spec_list') {
      values(child, kind, scope, api)
      continue
    }
    if (child.type !== 'const_spec' && child.type !== 'var_spec') continue
    // A spec's names are its direct identifier children (its type and values are other nodes).
    for (const name of namedChildrenOf(child).filter((n) => n.type === 'identifier')) {
      const text = api.text.slice(name.startIndex, name.endIndex)
      if (text === '_') continue
      api.define({ name: text, kind, node: child, signature: firstLine(api.text, child.startIndex, child.endIndex), exported: exported(text) }, scope)
    }
  }
}

/**
 * The types a struct embeds (`type Engine struct { RouterGroup; *log.Logger; ... }`): its fields
 * without a name, whose methods the struct has as its own. Pointer and type arguments dropped.
 */
function embeddedTypes(node: SyntaxNode, text: string): string[] {
  const out: string[] = []
  const visit = (n: SyntaxNode, depth: number): void => {
    if (depth > 4) return
    for (const child of namedChildrenOf(n)) {
      if (child.type === 'field_declaration') {
        if (child.childForFieldName('name')) continue
        const type = child.childForFieldName('type')
        const written = type ? text.slice(type.startIndex, type.endIndex).replace(/^\*/, '').replace(/\[.*$/s, '').trim() : ''
        if (/^(?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*$/.test(written)) out.push(written)
      } else if (child.type === 'struct_type' || child.type === 'field_declaration_list' || child.type === 'type_spec') visit(child, depth + 1)
    }
  }
  visit(node, 0)
  return out
}

/** A type written as a plain or package-qualified name (`Store`, `io.Closer`), the kind an embedding names. */
const NAMED_TYPE = /^(?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*$/

/**
 * The interfaces an interface embeds (`type ReadCloser interface { io.Reader; Closer; ... }`):
 * its type elements that name one type. Constraint unions (`~int | ~string`) name none.
 */
function embeddedInterfaces(body: SyntaxNode, text: string): string[] {
  const out: string[] = []
  for (const child of namedChildrenOf(body)) {
    if (child.type !== 'type_elem') continue
    const written = text.slice(child.startIndex, child.endIndex).replace(/\[.*$/s, '').trim()
    if (NAMED_TYPE.test(written)) out.push(written)
  }
  return out
}

/** An interface's method specs (`Get(id string) (*Order, error)`), as its methods. */
function interfaceMethods(body: SyntaxNode, scope: Scope, api: WalkApi): void {
  for (const child of namedChildrenOf(body)) {
    if (child.type !== 'method_elem' && child.type !== 'method_spec') continue
    const name = fieldText(child, 'name', api.text)
    if (name) api.define({ name, kind: 'method', node: child, signature: firstLine(api.text, child.startIndex, child.endIndex), exported: exported(name) }, scope)
  }
}

/** A field's type longer than this (an inline struct) is cut, on its first line. */
const MAX_FIELD_TYPE = 120

/**
 * A struct's named fields (`Request *http.Request`, `a, b int`) as its `property` members, each
 * signed `name Type` (tag and comment left out): where a call on a field (`c.Request.Header.Get()`,
 * `c.Writer.Header()`) reads its type. Fields without a name are embedded types, the struct's
 * heritage ({@link embeddedTypes}).
 */
function structFields(type: SyntaxNode, scope: Scope, api: WalkApi): void {
  const { text } = api
  for (const list of namedChildrenOf(type)) {
    if (list.type !== 'field_declaration_list') continue
    for (const field of namedChildrenOf(list)) {
      const typeNode = field.type === 'field_declaration' ? field.childForFieldName('type') : null
      if (!typeNode) continue
      const written = text.slice(typeNode.startIndex, typeNode.endIndex).split('\n', 1)[0]!.slice(0, MAX_FIELD_TYPE).trim()
      for (const nameNode of namedChildrenOf(field)) {
        if (nameNode.type !== 'field_identifier') continue
        const name = text.slice(nameNode.startIndex, nameNode.endIndex)
        api.define({ name, kind: 'property', node: field, signature: `${name} ${written}`, exported: exported(name) }, scope)
      }
    }
  }
}

/**
 * Every type of a type declaration, alone (`type Store interface {...}`) or grouped
 * (`type ( Order struct {...}; Lister interface {...}; ID = string )`): a struct with the types it
 * embeds and its fields, an interface with its method specs and the interfaces it embeds, any other a type.
 */
function typeSpecs(node: SyntaxNode, scope: Scope, api: WalkApi): void {
  const { text } = api
  const specs = namedChildrenOf(node).filter((child) => child.type === 'type_spec' || child.type === 'type_alias')
  const grouped = specs.length > 1 || text.slice(node.startIndex, specs[0]?.startIndex ?? node.endIndex).includes('(')
  for (const spec of specs) {
    const name = fieldText(spec, 'name', text)
    if (!name) continue
    const type = spec.childForFieldName('type')
    const kind = goTypeKind(type)
    // The declaration is the span of a lone type (its comment aside), the spec that of a grouped one.
    const decl = grouped ? spec : node
    const signature = signatureOf({ kind, name, decl, body: null, container: false }, text)
    const heritage = kind === 'struct' ? embeddedTypes(spec, text) : kind === 'interface' && type ? embeddedInterfaces(type, text) : []
    const fact = api.define(
      {
        name,
        kind,
        node: decl,
        signature: grouped ? `type ${signature}` : signature,
        exported: exported(name),
        heritage: heritage.map((target) => ({ kind: 'extends' as const, target })),
      },
      scope,
    )
    const members: Scope = { symbol: fact, qname: fact.qname, kind, exported: false, test: scope.test, depth: scope.depth + 1 }
    if (kind === 'interface' && type) interfaceMethods(type, members, api)
    else if (kind === 'struct' && type) structFields(type, members, api)
  }
}

/** Layer extraction for Go. */
export const goFamily: LayerFamily = {
  syntax: GO_SYNTAX,
  calls: CALL_WORDS,
  typeOnlyKinds: new Set(['interface']),
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'import_declaration') {
      const end = node.endIndex
      // Each spec at its own line: `import (` then one path a line.
      const specs = namedChildrenOf(node).flatMap((child) => (child.type === 'import_spec_list' ? namedChildrenOf(child) : [child])).filter((child) => child.type === 'import_spec')
      if (specs.length === 0) for (const parsed of parseGoImports(api.text.slice(node.startIndex, end))) api.addImport(parsed, node.startIndex, end)
      for (const spec of specs) for (const parsed of parseGoImports(api.text.slice(spec.startIndex, spec.endIndex))) api.addImport(parsed, spec.startIndex, spec.endIndex)
      return true
    }
    if (type === 'package_clause') {
      api.setPackage(api.text.slice(node.startIndex, node.endIndex).replace(/^package\s+/, '').trim())
      return true
    }
    if (type === 'type_declaration') typeSpecs(node, scope, api)
    else if (type === 'const_declaration') values(node, 'constant', scope, api)
    else if (type === 'var_declaration') values(node, 'variable', scope, api)
    else return false
    return true
  },
  details: (_node: SyntaxNode, match: SymbolMatch) => ({ exported: exported(match.name) }),
  scanLiterals(masked, text, lines) {
    const out: LiteralFact[] = []
    for (const match of masked.matchAll(COMMAND_LITERAL)) {
      const open = (match.index as number) + match[0].length - 1
      const close = closingBracket(masked, open)
      if (close < 0) continue
      out.push({
        type: match[1] as string,
        args: parseBracketed(text.slice(open, close + 1)),
        row: rowAt(lines, match.index as number),
        offset: match.index as number,
        text: text.slice(match.index, Math.min(close + 1, (match.index as number) + 400)).replace(/\s+/g, ' ').slice(0, 200),
      })
    }
    return out
  },
  typedDeclarations: goTypedDeclarations,
  module: (_path, packageName) => packageName,
}
