/** A name a route may hand its requests to: a plain identifier (`getUser`, `$handler`), not a member path or a call. */
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/

function escaped(name: string): string {
  return name.replace(/\$/g, '\\$')
}

/**
 * A pattern for the line that declares a function or a function value named `name` in the common
 * languages' syntax: `function name(`, `async function* name(`, `def name(`, `fun name(`, `func
 * name(`, `const name = ...` / `let` / `var` / `val`, Go's `name := func`, PHP's `$name = function`.
 * `undefined` for a name that is no plain identifier.
 */
export function declarationPattern(name: string): RegExp | undefined {
  if (!PLAIN_NAME.test(name)) return undefined
  const n = escaped(name)
  return new RegExp(
    [
      `(?:^|[^\\w$.])(?:async\\s+)?function\\s*\\*?\\s*${n}\\s*[(<]`,
      `(?:^|[^\\w$.])(?:def|fun|func)\\s+${n}\\s*[(<\\[]`,
      `(?:^|[^\\w$.])(?:const|let|var|val)\\s+${n}\\b[^=\\n;]*=(?![=>])`,
      `(?:^|[^\\w$.])${n}\\s*:=\\s*func\\b`,
      `\\$${n.replace(/^\\\$/, '')}\\s*=\\s*(?:static\\s+)?(?:function|fn)\\b`,
    ].join('|'),
    'm',
  )
}

/** Where {@link declaringText} found a declaration: which text, and the line of it (0 for its first). */
export interface FoundDeclaration {
  readonly text: number
  readonly line: number
}

/**
 * The first of `texts` (chunks of one file, in line order) that declares `name` as a function or a
 * function value, by {@link declarationPattern}; `undefined` when none does or the name is no plain
 * identifier. A route's handler defined inside the function that registers it (a Fastify plugin's
 * `async function getUser`, a closure in an Express router factory) is no symbol of the code
 * layers, so no resolution points at it: this finds the chunk a reader wants instead of the route line.
 */
export function declaringText(name: string, texts: readonly string[]): FoundDeclaration | undefined {
  const pattern = declarationPattern(name)
  if (pattern === undefined) return undefined
  for (let text = 0; text < texts.length; text++) {
    const found = pattern.exec(texts[text]!)
    if (found === null) continue
    // The match may start with the character before the keyword: count the lines up to the name's line.
    const at = found.index + found[0].search(/\S/)
    let line = 0
    for (let i = texts[text]!.indexOf('\n'); i >= 0 && i < at; i = texts[text]!.indexOf('\n', i + 1)) line++
    return { text, line }
  }
  return undefined
}
