import type { EdgeRecord, SymbolRecord } from '@rag/core'

/**
 * A Ruby mount of the one class the index defines under the name written (`mount V1::Statuses`
 * of `module V1; class Statuses < Grape::API`): Ruby's constants are global, so it is that class;
 * with `qualifiedOnly`, only a name written with its modules picks one of several classes.
 */
export function rubyConstantNamed(edge: EdgeRecord, symbol: SymbolRecord, qualifiedOnly = false): boolean {
  if (edge.language !== 'ruby' || symbol.kind !== 'class' || (qualifiedOnly && !edge.receiver)) return false
  const written = edge.receiver ? `${edge.receiver.replace(/::/g, '.')}.${edge.target}` : edge.target
  return symbol.qname === written || symbol.qname.endsWith(`.${written}`)
}

/**
 * The class a Ruby mount names with its modules when the index defines several of its short name
 * (`mount V2::Users` beside a `V1::Users`): the one whose qualified name ends with the written one.
 */
export function rubyMountedClass(edge: EdgeRecord, named: (name: string) => readonly SymbolRecord[]): SymbolRecord | undefined {
  if (edge.kind !== 'mounts' || edge.resolution !== 'by-name' || edge.candidates < 2) return undefined
  const qualified = named(edge.target).filter((symbol) => rubyConstantNamed(edge, symbol, true))
  return qualified.length === 1 ? qualified[0] : undefined
}
