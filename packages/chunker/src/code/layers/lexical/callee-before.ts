/** A TypeScript or JavaScript callee as a receiver type writes it: `withIndex`, `this.#connection.write`, `pg.Pool`. */
const CALLEE = /^(?:this\.)?#?[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)*$/
/** The callee's text before its `(`, maybe with generic arguments: `withTempDir<Row>`, `store . write`. */
const CALLEE_BEFORE = /((?:this\.)?#?[A-Za-z_$][\w$]*(?:\s*\.\s*#?[A-Za-z_$][\w$]*)*)\s*(?:<[^<>()]*>\s*)?$/

/** `text` up to `end`, without the spaces and tabs that end it there. */
function withoutTrailingBlanks(text: string, end: number): string {
  let at = end
  while (at > 0 && (text.charCodeAt(at - 1) === 32 || text.charCodeAt(at - 1) === 9)) at--
  return text.slice(0, at)
}

/**
 * The plain or dotted callee of the TypeScript or JavaScript call whose `(` is at `open` in masked
 * code, and whether a `new` builds it (`new Observable<T>(`); `undefined` when the callee is no
 * plain chain: a link of a longer one (`load().then(`, `a?.b(`, `items[0].save(`), or none
 * (`(await load())`). A statement ended by `)` on the line before is another statement.
 */
export function calleeBefore(masked: string, open: number): { callee: string; constructs: boolean } | undefined {
  const before = masked.slice(Math.max(0, open - 200), open)
  // The callee holds no bracket of a call: it starts after the last one (the pattern, tried from
  // every offset of the text before, then has a few to try instead of two hundred).
  const from = Math.max(before.lastIndexOf('('), before.lastIndexOf(')')) + 1
  const found = CALLEE_BEFORE.exec(from > 0 ? before.slice(from) : before)
  if (!found) return undefined
  const callee = (found[1] as string).replace(/\s+/g, '')
  const preceding = withoutTrailingBlanks(before, from + found.index)
  if (!CALLEE.test(callee) || /[.?)\]]$/.test(preceding)) return undefined
  return { callee, constructs: /(?:^|[^\w$.])new$/.test(preceding) }
}
