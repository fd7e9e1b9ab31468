import { aliasHeritage, heritage } from './js-heritage.js'
import { PATTERNS, patternNames } from './js-patterns.js'
import type { ImportedName } from '@rag/core'
import { childOfType, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { firstLine, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'
import { typedDeclarations } from '../lexical/typed-declarations.js'
import { bindsLocally } from '../lexical/local-bindings.js'
import { JAVASCRIPT_SYNTAX, words } from '../lexical/syntaxes.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { FUNCTION_VALUES, isExportedMember, memberProperty } from './typescript-properties.js'

const CLASS_VALUES = new Set(['class', 'class_expression'])
const CLASS_KINDS = new Set(['class', 'interface', 'module', 'enum'])

const CALL_WORDS: CallWords = {
  keywords: words(
    'if for while switch catch function return typeof instanceof delete void do else try finally with yield await super constructor async class let var const this in of case throw new export default get set static',
  ),
  beforeCall: words('return await new throw yield else case in of typeof delete void do export default extends instanceof'),
  braceDefinitions: true,
  lineBreaksEndStatements: true,
  generics: true,
  privateNames: true,
  nullSafeReceivers: true,
  decoratorCalls: true,
}

/**
 * The module an import or re-export statement names: its last string literal (`from 'x'`, `import
 * 'x'`, `require('x')`), before any comments that end the statement's line (`from './context' // dom`):
 * without a semicolon, the statement's node runs on over them.
 */
const SOURCE = /(['"])([^'"\n]+)\1\s*\)?\s*;?\s*(?:(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)\s*)*$/

/** Import attributes after the source (`with { type: 'json' }`, the older `assert { ... }`), up to the statement's end. */
const IMPORT_ATTRIBUTES = /\s+(?:with|assert)\s*\{[^{}]*\}(?=\s*;?\s*(?:(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)\s*)*$)/

/** `a as b, type c, default as d` inside braces (plain string work: every import has some). */
function braceNames(inside: string): ImportedName[] {
  const names: ImportedName[] = []
  for (const part of inside.split(',')) {
    let spec = part.trim()
    if (spec.startsWith('type ')) spec = spec.slice(5).trimStart()
    if (!spec || spec.includes('//') || spec.includes('/*')) spec = spec.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '').trim()
    if (!spec) continue
    const as = spec.indexOf(' as ')
    const name = (as < 0 ? spec : spec.slice(0, as).trim()).replace(/^['"]|['"]$/g, '')
    const alias = as < 0 ? '' : spec.slice(as + 4).trim()
    if (!name || /\s/.test(name)) continue
    names.push(alias && alias !== name ? { name, alias } : { name })
  }
  return names
}

/** The names of an import or re-export clause (the text between the keyword and `from`). */
export function clauseNames(clause: string): ImportedName[] {
  const require = /^import\s+([\w$]+)\s*=\s*require\s*\($/.exec(clause.trim())
  if (require) return [{ name: '*', alias: require[1] as string }]
  const c = clause
    .trim()
    .replace(/^(?:import|export)\s*/, '')
    .replace(/\s*from\s*$/, '')
    .replace(/^type\s+(?=[{*\w$])/, '')
    .trim()
  if (!c) return []
  const names: ImportedName[] = []
  const namespace = /\*\s*as\s+([\w$]+)/.exec(c)
  if (namespace) names.push({ name: '*', alias: namespace[1] as string })
  else if (c.startsWith('*')) names.push({ name: '*' })
  const braces = /\{([^}]*)\}/.exec(c)
  if (braces) names.push(...braceNames(braces[1] as string))
  const leading = /^([\w$]+)\s*(?:,|$)/.exec(c)
  if (leading && !clause.trim().startsWith('export')) names.unshift({ name: 'default', alias: leading[1] as string })
  return names
}

/** The import or re-export of a statement's text, if it names a module. */
export function parseStatementImport(statement: string): ParsedImport | undefined {
  const source = SOURCE.exec(statement.replace(IMPORT_ATTRIBUTES, ''))
  if (!source) return undefined
  const head = statement.slice(0, source.index).replace(/\bfrom\s*$/, 'from')
  return { specifier: source[2] as string, names: clauseNames(head.replace(/=\s*require\s*\($/, '= require(')) }
}

/** `const f = () => {}`, `export const K = 1, L = 2`, `let x`, `const { a, b } = f()`: one definition per name a declarator binds. */
function variables(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  const constant = text.startsWith('const', node.startIndex)
  for (const declarator of namedChildrenOf(node)) {
    if (declarator.type !== 'variable_declarator') continue
    const nameNode = declarator.childForFieldName('name')
    if (nameNode && PATTERNS.has(nameNode.type)) {
      // `export const { useUser, useLogin } = configureAuth(...)`, `const [first, second] = pair`: each name it binds;
      // not `const { a, b } = require('x')`, which imports them.
      const value = declarator.childForFieldName('value')
      if (value && REQUIRE_CALL.test(text.slice(value.startIndex, Math.min(value.endIndex, value.startIndex + 20)))) continue
      const signature = firstLine(text, node.startIndex, node.endIndex)
      for (const name of patternNames(nameNode, text)) api.define({ name, kind: constant ? 'constant' : 'variable', node, signature, exported: scope.exported }, scope)
      continue
    }
    if (!nameNode || nameNode.type !== 'identifier') continue
    const name = text.slice(nameNode.startIndex, nameNode.endIndex)
    const value = declarator.childForFieldName('value')
    const valueType = value?.type ?? ''
    if (FUNCTION_VALUES.has(valueType)) {
      const body = (value as SyntaxNode).childForFieldName('body')
      const head = text.slice(node.startIndex, body ? body.startIndex : declarator.endIndex)
      const signature = head.replace(/\s+/g, ' ').trim().replace(/\s*(?:=>|\{)$/, '').slice(0, 300)
      api.define({ name, kind: 'function', node, signature, exported: scope.exported }, scope)
    } else if (CLASS_VALUES.has(valueType)) {
      const body = (value as SyntaxNode).childForFieldName('body')
      api.define({ name, kind: 'class', node, exported: scope.exported, body, heritage: heritage(value as SyntaxNode, text) }, scope)
    } else {
      const signature = firstLine(text, node.startIndex, node.endIndex)
      const symbol = api.define({ name, kind: constant ? 'constant' : 'variable', node, signature, exported: scope.exported }, scope)
      // `const userController = { getAll: async (req, res) => {...}, getOne(req, res) {...} }`: its methods
      // (of a declared type, `const p: Provider = {...}`, the type's members are what its calls reach).
      const object = declarator.childForFieldName('type') ? undefined : objectValue(value, text)
      if (object) {
        const owner: Scope = { symbol, qname: symbol.qname, kind: 'object', exported: scope.exported, test: scope.test, depth: scope.depth + 1 }
        objectFunctions(object, owner, api, 1, scope.exported)
      }
    }
  }
  return true
}

/** Wrappers of a value that keep its type the object literal's: `{...} satisfies Routes`, `({...})` (and `as const`). */
const SAME_VALUE = new Set(['satisfies_expression', 'parenthesized_expression'])

/** The object literal a variable holds, through {@link SAME_VALUE} wrappers and `as const`; `undefined` for any other value. */
function objectValue(value: SyntaxNode | null, text: string): SyntaxNode | undefined {
  let node = value
  while (node && (SAME_VALUE.has(node.type) || (node.type === 'as_expression' && /\bas\s+const\s*$/.test(text.slice(node.startIndex, node.endIndex))))) node = node.namedChildren[0] ?? null
  return node?.type === 'object' ? node : undefined
}

/** The signature of a function assigned by a statement (`exports.parse = (text) =>`): the statement up to the function's body. */
function assignedSignature(node: SyntaxNode, body: SyntaxNode | null, text: string): string {
  return text.slice(node.startIndex, body ? body.startIndex : node.endIndex).replace(/\s+/g, ' ').trim().replace(/\s*(?:=>|\{)$/, '').slice(0, 300)
}

/** `module.exports.name =` or `exports.name =` at the start of a statement. */
const COMMONJS_EXPORT = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/
/** `module.exports = { a, b: c }` at the start of a statement. */
const COMMONJS_OBJECT = /^module\.exports\s*=\s*\{/
/** `module.exports = ...` (not an object literal) at the start of a statement: the module is that one value. */
const COMMONJS_VALUE = /^module\.exports\s*=\s*(?!\{|=)/
/** The names an object literal's properties take their values from: `a` of `{ a }`, `c` of `{ b: c }`. */
const PROPERTY_VALUE = /(?:^|,)\s*(?:[A-Za-z_$][\w$]*\s*:\s*)?([A-Za-z_$][\w$]*)\s*(?=,|$)/g

/**
 * CommonJS's exports: `module.exports.fetch = async function fetch (...) {}`, `exports.parse =
 * (s) => ...` and `exports.Store = class { ... }` define what they export; `exports.run = run` and
 * `module.exports = { parse, run: runAll }` mark the named definitions exported. Any other value of
 * the module's own (`exports.etag = createETagGenerator(...)`, `exports.methods = [...]`) is an
 * exported variable; another module's (`module.exports.Headers = require('./headers').Headers`)
 * or another name's (`exports.x = other.y`) defines nothing here.
 */
function commonJsExport(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  const start = text.slice(node.startIndex, node.startIndex + 200)
  if (COMMONJS_OBJECT.test(start)) {
    // `module.exports = { parse, run: runAll }` exports the definitions `parse` and `runAll`.
    const inside = text.slice(text.indexOf('{', node.startIndex) + 1, node.endIndex).replace(/\}\s*;?\s*$/, '')
    api.markExported([...inside.matchAll(PROPERTY_VALUE)].map((m) => m[1] as string))
    const object = node.namedChildren[0]?.childForFieldName('right')
    if (object?.type === 'object') objectFunctions(object, scope, api, 0)
    return true
  }
  if (COMMONJS_VALUE.test(start)) return commonJsValue(node, scope, api)
  const member = MEMBER_FUNCTION.exec(start)
  if (member && !NOT_OWNERS.has((member[1] as string).split('.', 1)[0] as string)) return memberFunction(node, member[1] as string, member[2] as string, scope, api)
  const head = COMMONJS_EXPORT.exec(start)
  const value = head ? node.namedChildren[0]?.childForFieldName('right') : undefined
  if (!head || !value) return false
  const name = head[1] as string
  if (value.type === 'identifier') {
    api.markExported([text.slice(value.startIndex, value.endIndex)])
    return true
  }
  if (FUNCTION_VALUES.has(value.type)) {
    const body = value.childForFieldName('body')
    const signature = assignedSignature(node, body, text)
    api.define({ name, kind: 'function', node, signature, exported: true }, scope)
    return true
  }
  if (CLASS_VALUES.has(value.type)) {
    api.define({ name, kind: 'class', node, exported: true, body: value.childForFieldName('body'), heritage: heritage(value, text) }, scope)
    return true
  }
  if (REEXPORTED_VALUES.has(value.type) || REQUIRE_CALL.test(text.slice(value.startIndex, value.startIndex + 200))) return false
  // `exports.etag = createETagGenerator({ weak: false })`, `exports.methods = ['get']`: a value of this module.
  api.define({ name, kind: 'variable', node, signature: firstLine(text, node.startIndex, node.endIndex), exported: true }, scope)
  return true
}

/** Objects of functions nested deeper than this in an exported object are not catalogued. */
const MAX_OBJECT_DEPTH = 2

/**
 * The functions an exported object literal holds, as a controller module of a Koa or Express app
 * writes them (`module.exports = { async getOne(ctx) {}, favorite: { post: async (ctx) => {} } }`):
 * each an exported function of the module, a nested object's as methods of its key
 * (`favorite.post`), so a route's handler `ctrl.getOne` or `ctrl.favorite.post` finds them. From
 * `depth` 1 on they are methods of the object `scope` names (a variable holding the literal),
 * exported as `exported` says.
 */
function objectFunctions(object: SyntaxNode, scope: Scope, api: WalkApi, depth: number, exported = true): void {
  const { text } = api
  for (const property of namedChildrenOf(object)) {
    const key = property.childForFieldName(property.type === 'pair' ? 'key' : 'name')
    if (!key || (key.type !== 'property_identifier' && key.type !== 'identifier')) continue
    const name = text.slice(key.startIndex, key.endIndex)
    const value = property.type === 'pair' ? property.childForFieldName('value') : property
    if (!value) continue
    if (property.type === 'method_definition' || FUNCTION_VALUES.has(value.type)) {
      const signature = assignedSignature(property, value.childForFieldName('body'), text)
      api.define({ name, kind: depth === 0 ? 'function' : 'method', node: property, signature, exported }, scope)
    } else if (value.type === 'object' && depth < MAX_OBJECT_DEPTH) {
      const owner: Scope = { symbol: undefined, qname: scope.qname ? `${scope.qname}.${name}` : name, kind: 'object', exported, test: scope.test, depth: scope.depth + 1 }
      objectFunctions(value, owner, api, depth + 1, exported)
    }
  }
}

/** Values of `exports.x =` that are another module's or another name's: `require('./headers').Headers`, `other.y`. */
const REEXPORTED_VALUES: ReadonlySet<string> = new Set(['member_expression', 'subscript_expression', 'identifier', 'undefined', 'null'])
/** A value that starts with a `require(...)` (a re-export, possibly of a member of the module). */
const REQUIRE_CALL = /^(?:await\s+)?(?:require|import)\s*\(/

/** `View.prototype.lookup =`, `app.init =` or `webidl.errors.exception =` at the start of a statement (group 1 the owner, group 2 the name). */
const MEMBER_FUNCTION = /^([A-Za-z_$][\w$]*(?:\.(?!prototype\b)[A-Za-z_$][\w$]*)*)(?:\.prototype)?\.([A-Za-z_$][\w$]*)\s*=(?!=)/
/** Objects whose members a file assigns that are not its own: CommonJS's exports (see above) and the runtime's globals. */
const NOT_OWNERS: ReadonlySet<string> = new Set(['module', 'exports', 'this', 'window', 'global', 'globalThis', 'self', 'process', 'console', 'Object', 'Array', 'String', 'Number', 'Function', 'Promise'])

/**
 * A function assigned to a member of the file's object or to its class's prototype, as older
 * JavaScript defines methods (express's `app.init = function init () {}`, `View.prototype.lookup =
 * function lookup (name) {}`): a method of that object, named `View.lookup`, the child of `View`
 * when the file defines it; through a path of objects too (undici's `webidl.errors.exception =
 * function (message) {}` is the method `webidl.errors.exception`). Any other value defines nothing.
 */
function memberFunction(node: SyntaxNode, owner: string, name: string, scope: Scope, api: WalkApi): boolean {
  const value = node.namedChildren[0]?.childForFieldName('right')
  if (!value || !FUNCTION_VALUES.has(value.type)) return false
  const { text } = api
  const body = value.childForFieldName('body')
  const signature = assignedSignature(node, body, text)
  const ownerScope: Scope = { symbol: undefined, qname: scope.qname ? `${scope.qname}.${owner}` : owner, kind: 'object', exported: false, test: scope.test, depth: scope.depth + 1 }
  api.define({ name, kind: 'method', node, signature }, ownerScope)
  return true
}

/**
 * `module.exports = class DecoratorHandler { ... }` and `module.exports = function parse () {}`
 * define the class or function by its own name, exported; `module.exports = Pool` marks `Pool`
 * exported, the module's default export (`FileLayers.defaultExport`). An anonymous value defines nothing.
 */
function commonJsValue(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  const value = node.namedChildren[0]?.childForFieldName('right')
  if (!value) return false
  if (value.type === 'identifier') {
    // (What `import pool from './pool'` binds, and whose members `require('./pool').connect` reads.)
    const name = text.slice(value.startIndex, value.endIndex)
    api.markExported([name])
    api.markDefaultExport(name)
    return true
  }
  const named = value.childForFieldName('name')
  if (!named) return false
  const name = text.slice(named.startIndex, named.endIndex)
  const body = value.childForFieldName('body')
  if (CLASS_VALUES.has(value.type)) {
    api.define({ name, kind: 'class', node, exported: true, body, heritage: heritage(value, text) }, scope)
    return true
  }
  if (FUNCTION_VALUES.has(value.type)) {
    const signature = assignedSignature(node, body, text)
    api.define({ name, kind: 'function', node, signature, exported: true }, scope)
    return true
  }
  return false
}

/**
 * `export { a, b as c }` and `export default name` mark top-level names as exported; `export ...
 * from 'x'` is an import. Read from the statement's text; `false` for an exported declaration,
 * which the walk then enters.
 */
/** A default export that declares its name: `export default class Ajv`, `export default abstract class`, `export default async function* f`; group 1 the name. */
const DEFAULT_DECLARATION = /^export\s+default\s+(?:abstract\s+)?(?:class|(?:async\s+)?function\s*\*?)\s+([A-Za-z_$][\w$]*)/

function exportList(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  // Only the head decides; an exported class may be long.
  const start = text.slice(node.startIndex, node.startIndex + 200)
  if (anonymousDefault(node, start, scope, api)) return true
  // `export default class Ajv {}`, `export default async function handler() {}`: walked as declarations.
  const declared = DEFAULT_DECLARATION.exec(start)
  if (declared) api.markDefaultExport(declared[1] as string)
  const head = /^export\s+(?:type\s+)?(\*|\{|default\s+([\w$]+)\s*;?\s*(?:\n|$))/.exec(start)
  if (!head) return false
  const end = node.endIndex
  const statement = text.slice(node.startIndex, end)
  if (head[2] && statement.trim() !== `export default ${head[2]}` && !/^export\s+default\s+[\w$]+\s*;?$/.test(statement.trim())) return false
  if (head[2]) {
    api.markExported([head[2]])
    api.markDefaultExport(head[2])
    return true
  }
  const parsed = parseStatementImport(statement)
  if (parsed && /\bfrom\s*['"]/.test(statement)) api.addImport(parsed, node.startIndex, end)
  else if (head[1] === '{') {
    const close = statement.indexOf('}')
    api.markExported(braceNames(statement.slice(statement.indexOf('{') + 1, close < 0 ? undefined : close)).map((n) => n.name))
  }
  return true
}

/**
 * An anonymous default export is the symbol `default`, as TypeScript names it: `export default
 * async function (app) {}` (a Fastify plugin), `export default class { run() {} }` (its members
 * `default.run`), `export default (app: Router) => {}`; the module's default export is it.
 */
function anonymousDefault(node: SyntaxNode, start: string, scope: Scope, api: WalkApi): boolean {
  const value = node.childForFieldName('value')
  if (!value || value.childForFieldName('name') || !/^export\s+default\b/.test(start)) return false
  const { text } = api
  const body = value.childForFieldName('body')
  if (CLASS_VALUES.has(value.type)) api.define({ name: 'default', kind: 'class', node, exported: true, body, heritage: heritage(value, text) }, scope)
  else if (FUNCTION_VALUES.has(value.type)) api.define({ name: 'default', kind: 'function', node, signature: assignedSignature(node, body, text), exported: true }, scope)
  else return false
  api.markDefaultExport('default')
  return true
}

/** Layer extraction for TypeScript, TSX and JavaScript (ES modules and CommonJS `require`). */
export const javascriptFamily: LayerFamily = {
  syntax: JAVASCRIPT_SYNTAX,
  calls: CALL_WORDS,
  typeOnlyKinds: new Set(['interface', 'type']),
  decoratorTypes: new Set(['decorator']),
  enumMembers: new Set(['property_identifier', 'enum_assignment']),
  wrappers: new Set(['export_statement', 'ambient_declaration']),
  exportWrappers: new Set(['export_statement']),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'lexical_declaration' || type === 'variable_declaration') return variables(node, scope, api)
    if (type === 'export_statement') return exportList(node, scope, api)
    if (memberProperty(node, type, scope, api)) return true
    if (type === 'expression_statement' && scope.depth === 0) return commonJsExport(node, scope, api)
    if (type === 'import_statement') {
      const end = node.endIndex
      const parsed = parseStatementImport(api.text.slice(node.startIndex, end))
      if (parsed) api.addImport(parsed, node.startIndex, end)
      return true
    }
    if (type === 'ambient_declaration' && /^declare\s+global\b/.test(api.text.slice(node.startIndex, node.startIndex + 20))) {
      api.define({ name: 'global', kind: 'module', node, signature: 'declare global', body: childOfType(node, 'statement_block') }, scope)
      return true
    }
    return false
  },
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi) {
    const { text } = api
    const member = scope.kind !== '' && scope.kind !== 'module'
    const exported = member
      ? isExportedMember(scope.kind, match.name, text.slice(node.startIndex, node.startIndex + 120))
      : scope.exported
    if (match.kind === 'type') return { exported, heritage: aliasHeritage(node, text) }
    if (!CLASS_KINDS.has(match.kind)) return { exported }
    const decorators = match.kind === 'class' ? namedChildrenOf(node).filter((child) => child.type === 'decorator') : []
    return { exported, heritage: heritage(node, text), decorators }
  },
  callImport(name, receiver, firstString) {
    if (receiver !== '' || (name !== 'require' && name !== 'import')) return undefined
    return firstString()
  },
  bindsLocally,
  typedDeclarations,
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
