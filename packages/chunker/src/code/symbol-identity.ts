import type { LanguageRules, SymbolMatch } from './rules.js'

const dotted = (name: string): string => name.replace(/::|\\/g, '.')

const joinNames = (a: string, b: string): string => (a && b ? `${a}.${b}` : a || b)

/** A symbol's kind and names in its scope, the same for its chunk and its catalog record. */
export interface SymbolIdentity {
  /** `method` for a function inside a class-like parent, else the match's kind. */
  readonly kind: string
  readonly name: string
  /** Scopes joined with `.` (`::` and `\` become `.`): `Server.handle`, `ns.C.m`. */
  readonly qname: string
  /** The qualified name of the enclosing symbol (or of the qualifier written in the declaration). */
  readonly parent: string
}

/** The kind, qualified name and parent of a symbol found inside the scope `scopeQname` of kind `scopeKind`. */
export function symbolIdentity(match: SymbolMatch, scopeQname: string, scopeKind: string, rules: LanguageRules): SymbolIdentity {
  const kind = match.kind === 'function' && rules.methodParents.has(scopeKind) ? 'method' : match.kind
  const parent = match.qualifier ? joinNames(scopeQname, dotted(match.qualifier)) : scopeQname
  const name = match.name
  const qname = joinNames(parent, name.includes(':') || name.includes('\\') ? dotted(name) : name)
  return { kind, name, qname, parent }
}
