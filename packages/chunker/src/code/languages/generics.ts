/** Drops template or generic arguments: `Map<K, V>` becomes `Map`. */
export function stripGenerics(name: string): string {
  let depth = 0
  let out = ''
  for (const ch of name) {
    if (ch === '<') depth++
    else if (ch === '>') depth = Math.max(0, depth - 1)
    else if (depth === 0) out += ch
  }
  return out.trim()
}
