import { closingBracket } from './brackets.js'
import { namedGoType } from './go-named-types.js'
import type { TypedDeclaration } from './typed-declarations.js'

/** A type switch that binds a name: `switch v := x.(type) {`; group 1 the name. */
const TYPE_SWITCH = /\bswitch\s+([a-z_]\w*)\s*:=[^{};\n]*\.\(\s*type\s*\)\s*\{/g
/** A clause of the switch: `case *Foo:`, `case pkg.Bar:` (group 1 the one type), `case A, B:` or `default:` (no group). */
const CLAUSE = /\b(?:case\s+(?:\*?((?:[a-z_]\w*\.)?[A-Za-z_]\w*)\s*:|[^:]*:)|default\s*:)/y

/**
 * The name a type switch binds, typed in each clause that names one type (`case *Foo:` types `v`
 * as `Foo` up to the next clause), as {@link TypedDeclaration}s with their `until`. A clause of
 * several types, a predeclared one (but `error`) or `default` keeps the name untyped there.
 *
 * @example
 * goTypeSwitchCases('switch v := x.(type) {\ncase *Foo:\n\tv.Bar()\n}') // [{ name: 'v', type: 'Foo', offset: 33, until: 43 }]
 */
export function goTypeSwitchCases(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  TYPE_SWITCH.lastIndex = 0
  for (let found = TYPE_SWITCH.exec(masked); found; found = TYPE_SWITCH.exec(masked)) {
    const name = found[1] as string
    const open = found.index + found[0].length - 1
    const close = closingBracket(masked, open)
    if (close < 0) continue
    // The clauses directly inside the switch's braces, in order: where each starts and what it types.
    const clauses: { at: number; body: number; type: string }[] = []
    for (let at = open + 1, depth = 0; at < close; at++) {
      const c = masked.charCodeAt(at)
      if (c === 40 || c === 91 || c === 123) depth++
      else if (c === 41 || c === 93 || c === 125) depth--
      else if (depth === 0 && (c === 99 || c === 100) && !/[\w.]/.test(masked[at - 1] ?? '')) {
        CLAUSE.lastIndex = at
        const clause = CLAUSE.exec(masked)
        if (clause === null) continue
        const type = clause[1] ?? ''
        clauses.push({ at, body: at + clause[0].length, type: type === 'nil' ? '' : namedGoType(type) })
        at += clause[0].length - 1
      }
    }
    clauses.forEach((clause, i) => {
      const until = i + 1 < clauses.length ? (clauses[i + 1] as { at: number }).at : close
      out.push({ name, type: clause.type, offset: clause.body, until })
    })
  }
  return out
}
