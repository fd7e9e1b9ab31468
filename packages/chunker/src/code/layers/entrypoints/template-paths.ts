/** A `${...}` placeholder of a template literal. */
const PLACEHOLDER = /\$\{\s*([^}]*?)\s*\}/g

/** `API + '/concat'`: a (dotted) name, then a string. */
const CONCATENATED = /^(this\.)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\+\s*(['"`])([^'"`$]*)\3$/

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

/** A part of a path the file does not define, written as the graph writes computed parts: a (dotted) name. */
const COMPUTED_PART = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/

/**
 * A JavaScript route path built from the file's own strings: a template literal
 * (`` `${this.path}/:id` `` with the class field `path = '/users'`) or a concatenation
 * (`API + '/items'` with `const API = '/v1'`), as the path it makes; `undefined` when a part is
 * not a plain string of the file (the path is not known, and the call is left alone). With
 * `computed`, a part that is a name the file does not define (`process.env.BASE`, an imported
 * `API_PREFIX`) is written `{process.env.BASE}` instead, as the graph writes a computed prefix.
 */
export function builtPath(written: string, kind: 'template' | 'expression', text: string, computed = false): string | undefined {
  const unknown = (expression: string): string | undefined => (computed && COMPUTED_PART.test(expression) ? `{${expression.replace(/^this\./, '')}}` : undefined)
  if (kind === 'expression') {
    const parts = CONCATENATED.exec(written.trim())
    if (!parts) return undefined
    const name = parts[2] as string
    const head = (name.includes('.') ? undefined : valueOf(text, name, parts[1] !== undefined)) ?? unknown(`${parts[1] ?? ''}${name}`)
    return head === undefined ? undefined : rootedPath(`${head}${parts[4] ?? ''}`)
  }
  let known = true
  const path = written.replace(PLACEHOLDER, (_, expression: string) => {
    const name = /^(this\.)?([A-Za-z_$][\w$]*)$/.exec(expression)
    const value = (name ? valueOf(text, name[2] as string, name[1] !== undefined) : undefined) ?? unknown(expression)
    if (value === undefined) known = false
    return value ?? ''
  })
  return known ? rootedPath(path.replace(/\/{2,}/g, '/')) : undefined
}

/** A path that starts with a computed part (`{API_PREFIX}/users`) served from the root: `/{API_PREFIX}/users`. */
const rootedPath = (path: string): string => (path.startsWith('{') ? `/${path}` : path)
