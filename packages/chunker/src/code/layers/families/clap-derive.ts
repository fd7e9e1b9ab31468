import { CLAP_PACKAGE_WORD } from '@rag/core'
import type { SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { keyArg } from '../args.js'
import { decoratorFact } from '../declaration-walk.js'
import type { DecoratorFact } from '../facts.js'
import { kebab } from '../entrypoints/detector.js'
import { firstLine, type WalkApi } from '../family.js'

/** A `#[derive(...)]` among a type's attributes names `trait` (`Parser`, `clap::Subcommand`). */
export const derives = (attached: readonly DecoratorFact[], trait: string): boolean =>
  attached.some((d) => d.name === 'derive' && d.args.some((arg) => arg.value === trait || arg.value.endsWith(`::${trait}`)))

/** A `#[derive(clap::Parser)]` or `#[derive(clap::Subcommand)]`: clap's by its own path, with or without a `use clap`. */
const namesClap = (attached: readonly DecoratorFact[]): boolean =>
  attached.some((d) => d.name === 'derive' && d.args.some((arg) => arg.value === 'clap::Parser' || arg.value === 'clap::Subcommand'))

/** The name a `#[command(name = "...")]` (or clap 3's `#[clap(name = ...)]`) gives, if any. */
function commandName(attached: readonly DecoratorFact[]): string | undefined {
  for (const d of attached) {
    if (d.name !== 'command' && d.name !== 'clap') continue
    const name = keyArg(d.args, 'name')
    if (name?.kind === 'string') return name.value
  }
  return undefined
}

/** A field marked `#[command(subcommand)]` (or `#[clap(subcommand)]`): its type's variants are commands beneath. */
const isSubcommandField = (attached: readonly DecoratorFact[]): boolean =>
  attached.some((d) => (d.name === 'command' || d.name === 'clap') && d.args.some((arg) => arg.value === 'subcommand'))

/** A variant marked `#[command(flatten)]` (or `#[clap(flatten)]`): its enum's commands are the enclosing enum's own. */
const isFlattened = (attached: readonly DecoratorFact[]): boolean =>
  attached.some((d) => (d.name === 'command' || d.name === 'clap') && d.args.some((arg) => arg.value === 'flatten'))

/** `Option<Box<Commands>>`, `crate::cli::Commands`: the type's own name (`Commands`). */
function typeName(written: string): string {
  const inner = written.replace(/\s+/g, '').replace(/^(?:Option|Box)<(.*)>$/, '$1').replace(/^(?:Option|Box)<(.*)>$/, '$1')
  return inner.slice(inner.lastIndexOf(':') + 1)
}

/** One struct or enum of a file, as clap's derive reads it. */
interface ClapType {
  readonly name: string
  readonly attached: readonly DecoratorFact[]
  /** Types of its subcommand fields (a struct's). */
  readonly subcommands: readonly string[]
  /**
   * Its variants (an enum's): the word each gives, the subcommand field types and tuple types
   * inside it, and whether it is `#[command(flatten)]` (its enum's variants are this enum's own).
   */
  readonly variants: readonly { readonly word: string; readonly subcommands: readonly string[]; readonly wraps: readonly string[]; readonly flatten: boolean }[]
}

/** The items of a declaration list with the attributes written before each (`#[derive(Parser)] struct Cli`, `#[command(subcommand)] cmd: Cmd`). */
function withAttributes(nodes: readonly SyntaxNode[], text: string): { node: SyntaxNode; attached: DecoratorFact[] }[] {
  const out: { node: SyntaxNode; attached: DecoratorFact[] }[] = []
  let pending: DecoratorFact[] = []
  for (const node of nodes) {
    if (node.type === 'attribute_item') pending.push(decoratorFact(node, text))
    else if (node.type !== 'line_comment' && node.type !== 'block_comment') {
      out.push({ node, attached: pending })
      pending = []
    }
  }
  return out
}

/** The subcommand field types of a field list (`{ #[command(subcommand)] action: RemoteAction }`). */
function subcommandTypes(list: SyntaxNode | null, text: string): string[] {
  if (!list) return []
  return withAttributes(namedChildrenOf(list), text).flatMap(({ node, attached }) => {
    const type = node.type === 'field_declaration' && isSubcommandField(attached) ? node.childForFieldName('type') : null
    return type ? [typeName(text.slice(type.startIndex, type.endIndex))] : []
  })
}

/** Every struct and enum of the file (in modules too), with what clap's derive reads of each. */
function clapTypes(root: SyntaxNode, text: string): Map<string, ClapType> {
  const types = new Map<string, ClapType>()
  const visit = (nodes: readonly SyntaxNode[]): void => {
    for (const { node, attached } of withAttributes(nodes, text)) {
      if (node.type === 'mod_item') {
        const body = node.childForFieldName('body')
        if (body) visit(namedChildrenOf(body))
        continue
      }
      if (node.type !== 'struct_item' && node.type !== 'enum_item') continue
      const nameNode = node.childForFieldName('name')
      const body = node.childForFieldName('body')
      if (!nameNode || types.has(text.slice(nameNode.startIndex, nameNode.endIndex))) continue
      const variants =
        node.type === 'enum_item' && body
          ? withAttributes(namedChildrenOf(body), text).flatMap(({ node: variant, attached: own }) => {
              if (variant.type !== 'enum_variant') return []
              const variantName = variant.childForFieldName('name')
              const fields = variant.childForFieldName('body')
              const wraps = fields?.type === 'ordered_field_declaration_list' ? namedChildrenOf(fields).map((field) => typeName(text.slice(field.startIndex, field.endIndex))) : []
              const word = commandName(own) ?? kebab(variantName ? text.slice(variantName.startIndex, variantName.endIndex) : '')
              return [{ word, subcommands: fields?.type === 'field_declaration_list' ? subcommandTypes(fields, text) : [], wraps, flatten: isFlattened(own) }]
            })
          : []
      const subcommands = node.type === 'struct_item' ? subcommandTypes(body, text) : []
      types.set(text.slice(nameNode.startIndex, nameNode.endIndex), { name: text.slice(nameNode.startIndex, nameNode.endIndex), attached, subcommands, variants })
    }
  }
  visit(namedChildrenOf(root))
  return types
}

/** Parent chains deeper than this are not followed (and a cycle ends there). */
const MAX_DEPTH = 6

/**
 * The command words of each clap type of a file: for a `Parser` struct or enum, its own name
 * ({@link CLAP_PACKAGE_WORD} when it names none: the package's); for an enum of subcommands, the words of the command whose
 * subcommand field holds it (a struct's, or an enum variant's `Remote { #[command(subcommand)]
 * action: RemoteAction }`); for an `Args` struct a variant wraps (`Edit(Edit)`), that variant's
 * words. `undefined` for a type this file does not place (declared, or used, in another file).
 */
function commandWords(types: ReadonlyMap<string, ClapType>): ClapPlacement {
  const memo = new Map<string, readonly string[] | undefined>()
  // A `Parser` a variant wraps or a field holds is a subcommand's arguments (zoxide's `Add` in `Cmd::Add(Add)`), not a command line of its own.
  const held = new Set<string>()
  for (const type of types.values()) {
    for (const name of type.subcommands) held.add(name)
    for (const variant of type.variants) for (const name of [...variant.subcommands, ...variant.wraps]) held.add(name)
  }
  const wordsOf = (name: string, depth: number): readonly string[] | undefined => {
    if (memo.has(name)) return memo.get(name)
    const type = types.get(name)
    if (type === undefined || depth > MAX_DEPTH) return undefined
    let found: readonly string[] | undefined
    if (derives(type.attached, 'Parser') && !held.has(name)) {
      // (An enum that derives `Parser` is the binary's own list of commands: zoxide's `Cmd`.)
      found = [commandName(type.attached) ?? CLAP_PACKAGE_WORD]
    } else {
      for (const other of types.values()) {
        if (other.subcommands.includes(name)) found ??= wordsOf(other.name, depth + 1)
        for (const variant of other.variants) {
          if (!variant.subcommands.includes(name) && !variant.wraps.includes(name)) continue
          const above = wordsOf(other.name, depth + 1)
          if (above !== undefined) found ??= variant.flatten ? above : [...above, variant.word]
        }
      }
    }
    memo.set(name, found)
    return found
  }
  return { words: (name) => wordsOf(name, 0), held: (name) => held.has(name) }
}

/** Where a file's clap types sit in its command lines. */
interface ClapPlacement {
  /** The command words of a type (see {@link commandWords}). */
  readonly words: (name: string) => readonly string[] | undefined
  /** Whether another type of the file wraps or holds it: a subcommand's, not a command of its own. */
  readonly held: (name: string) => boolean
}

/** The clap placement of each walk's file, computed on its first clap type. */
const placements = new WeakMap<WalkApi, ClapPlacement>()

/** The root of the tree a node is in, through `parent` (or the node itself when it has none). */
function rootOf(node: SyntaxNode): SyntaxNode {
  let at = node
  while (at.parent) at = at.parent
  return at
}

/**
 * clap's derive API: a `#[derive(Parser)]` struct is a command (named by `#[command(name = ...)]`,
 * else {@link CLAP_PACKAGE_WORD}), and
 * the variants of a `#[derive(Subcommand)]` (or `#[derive(Parser)]`) enum are commands beneath the
 * command that holds the enum in a `#[command(subcommand)]` field, their routes the whole command
 * line (`tool remote add`, `edit delete`) as far as this file tells.
 */
export function clapDerive(node: SyntaxNode, match: SymbolMatch, attached: readonly DecoratorFact[], api: WalkApi): void {
  if (!api.imports('clap') && !namesClap(attached)) return
  const { text } = api
  const draft = (route: string, at: SyntaxNode, handler: string): void =>
    api.entrypoint({ kind: 'cli-command', framework: 'clap', method: '', route, handler, row: at.startPosition.row, offset: at.startIndex, text: firstLine(text, at.startIndex, at.endIndex) })
  const parser = derives(attached, 'Parser')
  if (!parser && (match.kind !== 'enum' || !derives(attached, 'Subcommand'))) return
  let place = placements.get(api)
  if (place === undefined) placements.set(api, (place = commandWords(clapTypes(rootOf(node), text))))
  // (A `Parser` struct that another type wraps is that variant's arguments: the variant is its command.)
  if (parser && match.kind !== 'enum' && !place.held(match.name)) draft(commandName(attached) ?? CLAP_PACKAGE_WORD, node, match.name)
  if (match.kind !== 'enum') return
  const body = node.childForFieldName('body')
  if (!body) return
  const above = place.words(match.name) ?? []
  let pending: DecoratorFact[] = []
  for (const child of namedChildrenOf(body)) {
    if (child.type === 'attribute_item') pending.push(decoratorFact(child, text))
    else if (child.type === 'enum_variant') {
      const nameNode = child.childForFieldName('name')
      const variant = nameNode ? text.slice(nameNode.startIndex, nameNode.endIndex) : ''
      // A flattened variant is no command: its enum's variants are.
      if (variant && !isFlattened(pending)) draft([...above, commandName(pending) ?? kebab(variant)].join(' '), child, `${match.name}::${variant}`)
      pending = []
    }
  }
}
