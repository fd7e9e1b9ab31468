import { escapedName } from './template-paths.js'

/** A Go string literal: interpreted (`"/users"`) or raw (`` `/users` ``). */
const LITERAL = '(?:"((?:[^"\\\\\\n]|\\\\.)*)"|`([^`]*)`)'

/** The literal of the first match of `pattern` (which captures an interpreted or a raw string), or `undefined`. */
function assigned(text: string, pattern: RegExp): string | undefined {
  const found = pattern.exec(text)
  return found === null ? undefined : (found[1] ?? found[2])
}

/** The function around `offset`: its parameter list and its body up to `offset` (`undefined` at package level). */
function enclosingFunction(text: string, offset: number): { readonly parameters: string; readonly body: string } | undefined {
  const start = text.lastIndexOf('\nfunc ', offset)
  const at = start < 0 ? (text.startsWith('func ') ? 0 : -1) : start + 1
  if (at < 0) return undefined
  const open = text.indexOf('{', at)
  if (open < 0 || open > offset) return undefined
  // A function that ended before `offset` (a closing brace at column 0) does not enclose it.
  if (/\n\}/.test(text.slice(open, offset))) return undefined
  return { parameters: text.slice(at, open), body: text.slice(open, offset) }
}

/**
 * The string a Go name holds where a call at `offset` uses it: a local of the enclosing function
 * assigned a literal before the call (`path := "/health"`), else a package-level constant or
 * variable of this file (`const usersPath = "/users"`, a line of a `const ( ... )` block,
 * `var base string = "/api"`). `undefined` when the file does not say: a parameter of the
 * enclosing function (`func register(r *gin.Engine, usersPath string)`), a local assigned
 * anything else, an imported package's constant, a computed value.
 *
 * @example
 * goStringConstant('const (\n\tusersPath = "/users"\n)\n', 'usersPath', 40) // '/users'
 */
export function goStringConstant(text: string, name: string, offset = text.length): string | undefined {
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined
  const n = escapedName(name)
  const around = enclosingFunction(text, offset)
  if (around !== undefined) {
    // A parameter (or named result) of that name: whatever the caller passes.
    if (new RegExp(`[(,]\\s*${n}\\b`).test(around.parameters)) return undefined
    const locals = [...around.body.matchAll(new RegExp(`(?:^|[\\s;{])(?:var\\s+)?${n}\\s*(?:(?:string\\s*)?=|:=)\\s*(?:${LITERAL}|[^\\n;]*)`, 'gm'))]
    const last = locals.at(-1)
    if (last !== undefined) return last[1] ?? last[2]
  }
  const topLevel = assigned(text, new RegExp(`^(?:const|var)\\s+${n}\\s*(?:string\\s*)?=\\s*${LITERAL}`, 'm'))
  if (topLevel !== undefined) return topLevel
  for (const block of text.matchAll(/^(?:const|var)\s*\(([\s\S]*?)^\)/gm)) {
    const value = assigned(block[1]!, new RegExp(`^\\s*${n}\\s*(?:string\\s*)?=\\s*${LITERAL}`, 'm'))
    if (value !== undefined) return value
  }
  return undefined
}
