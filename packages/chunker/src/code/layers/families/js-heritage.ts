import { childOfType } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { splitTypes } from '../family.js'

/** The bases a TypeScript or JavaScript class or interface declares: `extends B implements C, D`. */
export function heritage(node: SyntaxNode, text: string): { kind: 'extends' | 'implements'; target: string }[] {
  const out: { kind: 'extends' | 'implements'; target: string }[] = []
  const clause = childOfType(node, 'class_heritage') ?? childOfType(node, 'extends_type_clause')
  if (!clause) return out
  const raw = text.slice(clause.startIndex, clause.endIndex)
  const extendsPart = /\bextends\s+([\s\S]*?)(?=\bimplements\b|$)/.exec(raw)
  const implementsPart = /\bimplements\s+([\s\S]*)$/.exec(raw)
  for (const target of splitTypes(extendsPart?.[1] ?? '')) out.push({ kind: 'extends', target })
  for (const target of splitTypes(implementsPart?.[1] ?? '')) out.push({ kind: 'implements', target })
  return out
}

/** Generic wrappers whose value has every member of their argument: `Partial<Replaceable>`. */
const MEMBER_WRAPPERS = new Set(['Partial', 'Readonly', 'Required'])
const TYPE_NAMES = new Set(['type_identifier', 'nested_type_identifier'])

/** The class a part of an intersection names: `Stream`, `models.Store`, `Repository<User>`, `Partial<Replaceable>`; not `Pick<...>`, `{ ... }`. */
function namedType(part: SyntaxNode, text: string): string | undefined {
  if (TYPE_NAMES.has(part.type)) return text.slice(part.startIndex, part.endIndex)
  if (part.type !== 'generic_type') return undefined
  const name = part.childForFieldName('name')
  const written = name && TYPE_NAMES.has(name.type) ? text.slice(name.startIndex, name.endIndex) : undefined
  if (written === undefined || written === 'Pick' || written === 'Omit') return undefined
  if (!MEMBER_WRAPPERS.has(written)) return written
  const argument = namedChildrenOf(childOfType(part, 'type_arguments') ?? part)[0]
  return argument && TYPE_NAMES.has(argument.type) ? text.slice(argument.startIndex, argument.endIndex) : undefined
}

/**
 * The types a TypeScript alias is an intersection of (`type PersistentStore = KnowledgeBase &
 * GenerationStore`, `type StreamUnderTest = Stream & Partial<Replaceable>`), or the one class it
 * renames (`type Store = Database`): its value has all their members, so they are its `extends`
 * heritage, through which resolution finds a member (`store.clear()` on a `PersistentStore`). A
 * union, a function or an object type names none.
 */
export function aliasHeritage(node: SyntaxNode, text: string): { kind: 'extends'; target: string }[] {
  const value = node.childForFieldName('value')
  if (value === null) return []
  if (value.type !== 'intersection_type') return value.type === 'type_identifier' || value.type === 'nested_type_identifier' ? [{ kind: 'extends', target: text.slice(value.startIndex, value.endIndex) }] : []
  const out: { kind: 'extends'; target: string }[] = []
  const parts = [value]
  for (let part = parts.pop(); part !== undefined; part = parts.pop()) {
    if (part.type === 'intersection_type') parts.push(...namedChildrenOf(part).reverse())
    else {
      const target = namedType(part, text)
      if (target !== undefined) out.push({ kind: 'extends', target })
    }
  }
  return out
}
