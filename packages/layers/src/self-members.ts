import type { SymbolRecord } from '@rag/core'
import { EXTERNAL, UNRESOLVED, type Resolved } from './resolved.js'
import { isRuntimeMethod } from './runtime-methods.js'
import { CLASS_LIKE, inheritedMember, type Supertypes } from './supertypes.js'
import type { SymbolIndex } from './symbol-index.js'

// Members a call on the object itself reaches (`this.m()`, `self.m()`, a bare `m()` in a method of a
// language that calls its own members so): around the calling symbol, up its hierarchy, and down it.

/**
 * A member `name` of the classes around a symbol, innermost first, each with what it inherits (a
 * nested class sees its own and inherited methods before its outer class's).
 */
export function memberAround(sourceId: string, name: string, kinds: ReadonlySet<string>, supers: Supertypes): SymbolRecord | undefined {
  const { index } = supers
  for (let symbol = index.symbol(sourceId); symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (!CLASS_LIKE.has(symbol.kind)) continue
    const member = index.byQname(symbol.path, `${symbol.qname}.${name}`)
    if (member && kinds.has(member.kind)) return member
    const inherited = inheritedMember(symbol, name, kinds, supers)
    if (inherited) return inherited
  }
  return undefined
}

/** The class whose body a symbol's code runs in: the class itself, or a class attribute's class (not a method's). */
export function classBodyOf(sourceId: string, index: SymbolIndex): SymbolRecord | undefined {
  const source = sourceId ? index.symbol(sourceId) : undefined
  if (source === undefined) return undefined
  if (source.kind === 'class') return source
  const parent = source.kind !== 'method' && source.kind !== 'function' && source.parentId ? index.symbol(source.parentId) : undefined
  return parent?.kind === 'class' ? parent : undefined
}

/** At most this many subclasses of a class are searched for the member a call on `self` reaches. */
const MAX_BELOW = 40

/**
 * For `self.m()` in a class whose whole hierarchy the index holds and defines no `m`: the `m`
 * its subclasses have, own or from another base (a mixin's or a template method's call), by name
 * among them, or `unresolved` when none has it (an attribute holding a function, `self._next =
 * iter(x).__next__`; `external` for a method every object has), not another class's `m`.
 * `undefined` when the hierarchy, or a subclass's, is not all indexed, or the class has too many
 * subclasses to search.
 */
export function memberBelow(owner: SymbolRecord, name: string, kinds: ReadonlySet<string>, supers: Supertypes, language: string): Resolved | undefined {
  if (!supers.closed(owner)) return undefined
  // The subclasses, level by level: the classes naming a class of the last level as a base, kept when that base resolves to it.
  const classes = [owner]
  supers.looked.add(owner.name)
  for (let i = 0; i < classes.length; i++) {
    const base = classes[i] as SymbolRecord
    for (const sub of supers.index.extenders(base.name)) {
      if (classes.includes(sub)) continue
      supers.looked.add(sub.name)
      // A class naming the base whose bases did not all resolve may be a subclass, or get the member
      // from a base the index does not hold: no answer then. One whose base is another class of that name is none.
      if (!supers.closed(sub)) return undefined
      if (!supers.of(sub).some((parent) => parent.id === base.id)) continue
      if (classes.length > MAX_BELOW) return undefined
      classes.push(sub)
    }
  }
  const found = new Map<string, SymbolRecord>()
  for (const sub of classes.slice(1)) {
    const member = supers.index.byQname(sub.path, `${sub.qname}.${name}`) ?? inheritedMember(sub, name, kinds, supers)
    if (member && kinds.has(member.kind)) found.set(member.id, member)
  }
  const members = [...found.values()]
  // `this.toString()`, `this.getClass()`: what every object has, the runtime's.
  if (members.length === 0) return isRuntimeMethod(language, name) ? EXTERNAL : UNRESOLVED
  const path = members.every((member) => member.path === members[0]!.path) ? members[0]!.path : ''
  return { resolution: 'by-name', targetPath: path, targetSymbolId: members.length === 1 ? members[0]!.id : '', candidates: members.length }
}
