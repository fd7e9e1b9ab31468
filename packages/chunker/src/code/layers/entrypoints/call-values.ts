import type { CallFact, FileFacts, SymbolFact } from '../facts.js'

/** Symbol kinds that open a scope of their own for local variables. */
const SCOPE_KINDS: ReadonlySet<string> = new Set(['function', 'method'])

/** The innermost function or method around an offset, or `undefined` at module level. */
export function functionAround(enclosing: (offset: number) => SymbolFact | undefined, offset: number): SymbolFact | undefined {
  let symbol = enclosing(offset)
  while (symbol !== undefined && !SCOPE_KINDS.has(symbol.kind)) symbol = symbol.parent
  return symbol
}

/** `.name`, `?.name` or `!.name` before a call's `(`, with the whitespace around: what links it to the call before it. */
function linkStart(masked: string, call: CallFact): number | undefined {
  let at = call.open
  while (at > 0 && /\s/.test(masked[at - 1] as string)) at--
  if (masked.slice(at - call.name.length, at) !== call.name) return undefined
  at -= call.name.length
  while (at > 0 && /\s/.test(masked[at - 1] as string)) at--
  if (masked[at - 1] !== '.') return undefined
  at--
  if (masked[at - 1] === '?' || masked[at - 1] === '!') at--
  while (at > 0 && /\s/.test(masked[at - 1] as string)) at--
  return at
}

/**
 * What a file's calls hold: the call a chained call is made on (`program.command('brew')` of
 * `program.command('brew').command('tea')`) and the call a variable was last assigned from
 * (`const brew = program.command('brew')`). Read from offsets, not receiver text, so long chains
 * (whose receiver text is cut) link all the same.
 */
export interface CallValues {
  /** The call whose value a chained call is made on, if its receiver ends in one. */
  receiverCall(call: CallFact): CallFact | undefined
  /**
   * The call `name` was assigned from before `use`: the last assignment in the function around
   * `use`, else one at module level (the whole statement: the last link of its chain).
   */
  heldBy(name: string, use: number): CallFact | undefined
}

/** {@link CallValues} of one file's facts. */
export function callValues(facts: FileFacts, enclosing: (offset: number) => SymbolFact | undefined): CallValues {
  let byEnd: Map<number, CallFact> | undefined
  let assigned: Map<string, CallFact[]> | undefined
  return {
    receiverCall(call) {
      if (call.simpleReceiver !== '?') return undefined
      const end = linkStart(facts.masked, call)
      if (end === undefined || facts.masked[end - 1] !== ')') return undefined
      if (byEnd === undefined) {
        byEnd = new Map()
        for (const each of facts.calls) byEnd.set(each.end(), each)
      }
      return byEnd.get(end)
    },
    heldBy(name, use) {
      if (assigned === undefined) {
        assigned = new Map()
        for (const call of facts.calls) {
          const variable = call.assignedTo()
          if (variable === undefined) continue
          const list = assigned.get(variable)
          if (list) list.push(call)
          else assigned.set(variable, [call])
        }
      }
      const scope = functionAround(enclosing, use)
      let local: CallFact | undefined
      let outer: CallFact | undefined
      for (const call of assigned.get(name) ?? []) {
        if (call.offset >= use) continue
        const owner = functionAround(enclosing, call.offset)
        const later = (held: CallFact | undefined): boolean => held === undefined || call.offset > held.offset || (call.offset === held.offset && call.end() > held.end())
        if (owner === scope && scope !== undefined) {
          if (later(local)) local = call
        } else if (owner === undefined && later(outer)) outer = call
      }
      return local ?? outer
    },
  }
}
