import type { SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { firstLine, splitTypes, type LayerFamily, type Scope, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { rubyImplicitCalls } from '../lexical/ruby-implicit-calls.js'
import { rubyMemberCalls } from '../lexical/ruby-member-calls.js'
import { scanStatements } from '../lexical/scan-statements.js'
import { RUBY_SYNTAX, words } from '../lexical/syntaxes.js'

const CALL_WORDS: CallWords = {
  keywords: words('if unless while until def return class module do end and or not yield super elsif case when begin rescue ensure self lambda proc require require_relative load then in'),
  beforeCall: words('return if unless while until and or not else elsif when in yield then do'),
  instanceVariables: true,
  bangNames: true,
}

/** `require 'x'`, `require_relative "x"`, `load 'x'`, with or without parentheses. */
const REQUIRE_LINE = /\b(?:require|require_relative|load)\b/g

/** `include Mod` or `prepend A, B` in a class body: mixins whose methods the class has. */
const MIXIN = /^(?:include|prepend)\s*\(?\s*([A-Z][\w:]*(?:\s*,\s*[A-Z][\w:]*)*)\s*\)?$/

/** The modules a class's own body includes or prepends (not those of classes nested in it), as `implements` targets. */
function mixins(node: SyntaxNode, text: string): { kind: 'implements'; target: string }[] {
  const body = node.childForFieldName('body') ?? node
  const out: { kind: 'implements'; target: string }[] = []
  for (const child of namedChildrenOf(body)) {
    if (child.type !== 'call' && child.type !== 'method_call') continue
    const match = MIXIN.exec(text.slice(child.startIndex, child.endIndex))
    if (match) for (const target of splitTypes(match[1] as string)) out.push({ kind: 'implements', target: target.replace(/::/g, '.') })
  }
  return out
}

/** `attr_reader :name, :email` (also `attr_writer`, `attr_accessor`, parenthesised, with string names): the attributes a class's body declares. */
const ATTRIBUTES = /^attr_(reader|writer|accessor)\s*\(?\s*((?::\w+|['"]\w+['"])(?:\s*,\s*(?::\w+|['"]\w+['"]))*)/

/**
 * Defines the attributes of an `attr_*` call in a class or module body, each a `property` named
 * as its reader (`response` of `attr_accessor :response`): Ruby writes the methods, so no `def`
 * names them. `false` for any other node.
 */
function attributes(node: SyntaxNode, type: string, scope: Scope, api: WalkApi): boolean {
  if (type !== 'call' || (scope.kind !== 'class' && scope.kind !== 'module')) return false
  const head = api.text.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 400))
  const match = ATTRIBUTES.exec(head)
  if (!match) return false
  const signature = firstLine(api.text, node.startIndex, node.endIndex)
  for (const written of (match[2] as string).split(',')) {
    api.define({ name: written.trim().replace(/^:|^['"]|['"]$/g, ''), kind: 'property', node, signature }, scope)
  }
  return true
}

const MAIN_GUARD = /^(?:if|unless)\s+(?:__FILE__\s*==\s*\$(?:0|PROGRAM_NAME)|\$(?:0|PROGRAM_NAME)\s*==\s*__FILE__)/

/** Layer extraction for Ruby: `require`/`require_relative` are imports; `if __FILE__ == $0` is a main. */
export const rubyFamily: LayerFamily = {
  syntax: RUBY_SYNTAX,
  calls: CALL_WORDS,
  // Calls without parentheses: on `self` (`current_user`), and on a constant or `self.` (`Article.all`).
  implicitCalls: (text, masked, lines, methods, definitionNames) => [...rubyImplicitCalls(text, masked, lines, methods, definitionNames), ...rubyMemberCalls(text, masked, lines, CALL_WORDS.keywords)],
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (attributes(node, type, scope, api)) return true
    if (type !== 'if' && type !== 'unless') return false
    const { text } = api
    if (!MAIN_GUARD.test(text.slice(node.startIndex, node.startIndex + 80))) return false
    const call = /\n\s*([A-Za-z_][\w.:]*)/.exec(text.slice(node.startIndex, node.endIndex))
    api.entrypoint({ kind: 'main', framework: 'ruby', method: '', route: '', handler: call?.[1] ?? '', row: node.startPosition.row, offset: node.startIndex, text: firstLine(text, node.startIndex, node.endIndex) })
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, _scope, api: WalkApi) {
    if (match.kind !== 'class') return {}
    const superclass = node.childForFieldName('superclass')
    const raw = superclass ? api.text.slice(superclass.startIndex, superclass.endIndex).replace(/^</, '') : ''
    const heritage = [...splitTypes(raw).map((target) => ({ kind: 'extends' as const, target: target.replace(/::/g, '.') })), ...mixins(node, api.text)]
    return heritage.length > 0 ? { heritage } : {}
  },
  scanImports: (masked, text) =>
    scanStatements(masked, REQUIRE_LINE, 'line').flatMap(({ start, end }) => {
      const match = /^(require|require_relative|load)\s*\(?\s*(['"])([^'"\n]+)\2/.exec(text.slice(start, end))
      if (!match) return []
      const target = match[3] as string
      // `require_relative 'x'` is relative to the file: recorded as `./x`.
      const relative = match[1] === 'require_relative' && !target.startsWith('.') && !target.startsWith('/')
      return [{ specifier: relative ? `./${target}` : target, names: [], start, end }]
    }),
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
