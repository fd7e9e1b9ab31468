/** A `${...}` placeholder of a template literal. */
const PLACEHOLDER = /\$\{\s*([^}]*?)\s*\}/g

/** `API + '/concat'`: a name, then a string. */
const CONCATENATED = /^(this\.)?([A-Za-z_$][\w$]*)\s*\+\s*(['"`])([^'"`$]*)\3$/

/** A JavaScript or Go name escaped for a regular expression (only `$` needs it). */
export const escapedName = (name: string): string => name.replace(/\$/g, '\\$')

/**
 * The string a name holds in this file: a class field (`public path = '/users'`, for `this.path`)
 * or a constant (`const API = '/v1'`); `undefined` when the file assigns it no plain string.
 */
function valueOf(text: string, name: string, field: boolean): string | undefined {
  const n = escapedName(name)
  const value = `\\s*(?::\\s*string\\s*)?=\\s*(['"\`])([^'"\`$\\n]*)\\1`
  const pattern = field ? new RegExp(`(?:^|[\\s;{])(?:(?:public|private|protected|readonly|static)\\s+)*${n}${value}`, 'm') : new RegExp(`\\b(?:const|let|var)\\s+${n}${value}`)
  return pattern.exec(text)?.[2]
}

/**
 * A JavaScript route path built from the file's own strings: a template literal
 * (`` `${this.path}/:id` `` with the class field `path = '/users'`) or a concatenation
 * (`API + '/items'` with `const API = '/v1'`), as the path it makes; `undefined` when a part is
 * not a plain string of the file (the path is not known, and the call is left alone).
 */
export function builtPath(written: string, kind: 'template' | 'expression', text: string): string | undefined {
  if (kind === 'expression') {
    const parts = CONCATENATED.exec(written.trim())
    const head = parts ? valueOf(text, parts[2] as string, parts[1] !== undefined) : undefined
    return head === undefined ? undefined : `${head}${parts?.[4] ?? ''}`
  }
  let known = true
  const path = written.replace(PLACEHOLDER, (_, expression: string) => {
    const name = /^(this\.)?([A-Za-z_$][\w$]*)$/.exec(expression)
    const value = name ? valueOf(text, name[2] as string, name[1] !== undefined) : undefined
    if (value === undefined) known = false
    return value ?? ''
  })
  return known ? path.replace(/\/{2,}/g, '/') : undefined
}
