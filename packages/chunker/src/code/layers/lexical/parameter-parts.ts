/**
 * A parameter list's text split at its own commas, not those of a destructuring, a default value's
 * call or generic arguments (`{ a, b }, c: Map<K, V> = f(x, y)`); empty parts are kept, so each
 * part's position is its parameter's.
 */
export function parameterParts(list: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let at = 0; at < list.length; at++) {
    const char = list[at] as string
    if (char === '(' || char === '{' || char === '[' || char === '<') depth++
    else if (char === ')' || char === '}' || char === ']' || (char === '>' && list[at - 1] !== '=')) depth--
    else if (char === ',' && depth === 0) {
      out.push(list.slice(start, at))
      start = at + 1
    }
  }
  out.push(list.slice(start))
  return out
}
