import type { ImportedName } from '@rag/core'
import type { SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import type { DecoratorFact } from '../facts.js'
import { firstLine, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { clapDerive } from './clap-derive.js'
import { rustTypedDeclarations } from '../lexical/rust-declarations.js'
import { scanStatements } from '../lexical/scan-statements.js'
import { RUST_SYNTAX, words } from '../lexical/syntaxes.js'

const CALL_WORDS: CallWords = {
  keywords: words('if while for match loop return fn impl struct enum trait mod use pub let mut ref move as in where type const static unsafe async await dyn crate self super Self extern'),
  beforeCall: words('return if while match in else break'),
  generics: true,
  tuplePatterns: true,
}

/** `use` and `extern crate` statements (up to their `;`), and `mod name;` declarations, anywhere, also after attributes on their line (`#[macro_use] extern crate rocket;`). */
const IMPORT_LINE = /(?:#\[[^\]\n]*\][ \t]*)*(?:pub(?:\([^)\n]*\))?[ \t]+)?(?:use[ \t]|extern[ \t]+crate[ \t]|mod[ \t]+\w+[ \t]*;)/g

/** Splits a `use` list at top-level commas. */
function splitList(inside: string): string[] {
  const out: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < inside.length; i++) {
    const c = inside[i]
    if (c === '{') depth++
    else if (c === '}') depth--
    else if (c === ',' && depth === 0) {
      out.push(inside.slice(from, i))
      from = i + 1
    }
  }
  out.push(inside.slice(from))
  return out.map((s) => s.trim()).filter(Boolean)
}

/** Expands a use tree (`a::{b, c::d as e, f::*}`) into its leaf paths. */
function expand(tree: string, prefix: string, out: { path: string; alias?: string }[]): void {
  const brace = tree.indexOf('{')
  if (brace >= 0 && tree.endsWith('}')) {
    const head = tree.slice(0, brace).replace(/::\s*$/, '').trim()
    const base = head ? (prefix ? `${prefix}::${head}` : head) : prefix
    for (const item of splitList(tree.slice(brace + 1, -1))) expand(item, base, out)
    return
  }
  const match = /^([\w:*]+?)(?:\s+as\s+(\w+))?$/.exec(tree.replace(/\s*::\s*/g, '::'))
  if (!match) return
  const path = match[1] === 'self' ? prefix : prefix ? `${prefix}::${match[1]}` : (match[1] as string)
  out.push(match[2] ? { path, alias: match[2] } : { path })
}

/** `#[path = "disabled.rs"]` on the lines right above a statement (among its other attributes). */
const PATH_ATTRIBUTE = /#\[\s*path\s*=\s*"([^"\n]+)"\s*\]/

/**
 * A `mod m;` whose file an attribute names (`#[path = "disabled.rs"] mod imp;`, relative to the
 * declaring file's folder) is recorded as `mod m path=disabled.rs`; any other import as it is.
 */
function withModulePath(parsed: ParsedImport, text: string, start: number): ParsedImport {
  if (!parsed.specifier.startsWith('mod ')) return parsed
  // The attribute lines directly above (`#[cfg(...)]` may sit between).
  let from = start
  for (let line = text.lastIndexOf('\n', from - 1); line > 0; line = text.lastIndexOf('\n', from - 1)) {
    const above = text.lastIndexOf('\n', line - 1) + 1
    if (!/^\s*#\[/.test(text.slice(above, line))) break
    from = above
  }
  const path = PATH_ATTRIBUTE.exec(text.slice(from, start))?.[1]
  return path === undefined ? parsed : { ...parsed, specifier: `${parsed.specifier} path=${path}` }
}

/**
 * Parses `use a::b::{c, d as e};`, `extern crate x;` and `mod m;` (recorded as `mod m`, resolved
 * like a child module). One import per leaf path: the resolver decides which prefix is a module.
 */
export function parseRustImport(raw: string): ParsedImport[] {
  const text = raw.replace(/\/\/[^\n]*/g, '').replace(/\s+/g, ' ').trim().replace(/^(?:#\[[^\]]*\] ?)+/, '')
  const mod = /^(?:pub(?:\([^)]*\))? )?mod (\w+)\s*;$/.exec(text)
  if (mod) return [{ specifier: `mod ${mod[1]}`, names: [] }]
  const crate = /^extern crate (\w+)(?: as (\w+))?\s*;$/.exec(text)
  if (crate) return [{ specifier: crate[1] as string, names: [crate[2] ? { name: '*', alias: crate[2] } : { name: '*' }] }]
  const use = /^(?:#\[[^\]]*\] )*(?:pub(?:\([^)]*\))? )?use (.*?);?$/.exec(text)
  if (!use) return []
  const leaves: { path: string; alias?: string }[] = []
  expand((use[1] as string).replace(/^::/, ''), '', leaves)
  return leaves.map(({ path, alias }) => {
    const segments = path.split('::')
    const last = segments.at(-1) as string
    if (last === '*') return { specifier: segments.slice(0, -1).join('::'), names: [{ name: '*' }] }
    const name: ImportedName = alias && alias !== last ? { name: last, alias } : { name: last }
    return { specifier: path, names: [name] }
  })
}

/** `extern "C"` (or a bare `extern`) right before a block: the block is an extern block's body. */
const EXTERN_BEFORE = /\bextern\s*(?:"[^"\n]*"\s*)?$/

const hasVisibility = (node: SyntaxNode): boolean => namedChildrenOf(node).some((child) => child.type === 'visibility_modifier')

/**
 * The traits a struct, enum or union derives (`#[derive(Debug, Clone, clap::Parser)]`), as written:
 * each derive implements its trait for the type, so a call of one of the trait's methods on the
 * type (`Opt::try_parse_from(...)`, `value.clone()`) is the trait's, as with `impl Trait for Type`.
 */
function derivedTraits(match: SymbolMatch, attached: readonly DecoratorFact[]): string[] {
  if (match.kind !== 'struct' && match.kind !== 'enum' && match.kind !== 'union') return []
  const traits: string[] = []
  for (const d of attached) if (d.name === 'derive') for (const arg of d.args) if (/^[A-Za-z_][\w:]*$/.test(arg.value) && !traits.includes(arg.value)) traits.push(arg.value)
  return traits
}

function rustModule(path: string): string {
  const inSrc = path.includes('/src/') ? path.slice(path.lastIndexOf('/src/') + 5) : path.startsWith('src/') ? path.slice(4) : path
  const segments = inSrc.replace(/\.rs$/, '').split('/')
  const last = segments.at(-1)
  if (last === 'mod' || last === 'lib' || last === 'main') segments.pop()
  return ['crate', ...segments].join('::')
}

/** Layer extraction for Rust. */
export const rustFamily: LayerFamily = {
  syntax: RUST_SYNTAX,
  calls: CALL_WORDS,
  typeOnlyKinds: new Set(['enum', 'struct', 'union', 'type']),
  decoratorTypes: new Set(['attribute_item']),
  enumMembers: new Set(['enum_variant']),
  wrappers: new Set(),
  // `extern "C" { ... }`: its foreign functions and statics are the scope's (its body: see `declaration`).
  scopeThrough: new Set(['foreign_mod_item']),
  declaration(node, type, scope, api) {
    if (type === 'declaration_list') {
      // Only an extern block's body is walked through; an impl's or a trait's is walked as theirs.
      if (!EXTERN_BEFORE.test(api.text.slice(Math.max(0, node.startIndex - 80), node.startIndex))) return false
      api.walk(namedChildrenOf(node), scope)
      return true
    }
    const kind = type === 'const_item' || type === 'static_item' ? 'constant' : type === 'associated_type' ? 'type' : undefined
    const nameNode = kind === undefined ? null : node.childForFieldName('name')
    if (!kind || !nameNode) return false
    const name = api.text.slice(nameNode.startIndex, nameNode.endIndex)
    // A trait's items are as public as the trait; an associated type's signature is its declaration without the `;`.
    const exported = hasVisibility(node) || scope.kind === 'trait'
    const signature = kind === 'type' ? firstLine(api.text, node.startIndex, node.endIndex).replace(/\s*;$/, '') : undefined
    api.define({ name, kind, node, exported, ...(signature === undefined ? {} : { signature }) }, scope)
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi, attached: readonly DecoratorFact[]) {
    const exported = hasVisibility(node) || scope.kind === 'trait'
    const test = attached.some((d) => d.name === 'test' || d.name.endsWith('::test'))
    const testScope = match.kind === 'module' && attached.some((d) => d.name === 'cfg' && d.args.some((arg) => arg.value === 'test'))
    clapDerive(node, match, attached, api)
    if (match.kind !== 'impl') {
      const derived = derivedTraits(match, attached)
      return { exported, test, testScope, ...(derived.length > 0 ? { heritage: derived.map((target) => ({ kind: 'implements' as const, target })) } : {}) }
    }
    const trait = node.childForFieldName('trait')
    const target = trait ? api.text.slice(trait.startIndex, trait.endIndex).replace(/<.*$/s, '').replace(/\s+/g, '') : ''
    return { exported, test, testScope, ...(target ? { heritage: [{ kind: 'implements' as const, target }] } : {}) }
  },
  // Before the walk, so that the clap derive check knows the imports.
  scanImports: (masked, text) =>
    scanStatements(masked, IMPORT_LINE, 'semicolon').flatMap(({ start, end }) =>
      parseRustImport(text.slice(start, end)).map((parsed) => ({ ...withModulePath(parsed, text, start), start, end })),
    ),
  typedDeclarations: rustTypedDeclarations,
  module: (path) => rustModule(path),
}
