import { escapedName } from './template-paths.js'

/**
 * The string a Go name holds in this file: a constant or variable given a plain string literal
 * (`const usersPath = "/users"`, a line of a `const ( ... )` block, `var base string = "/api"`,
 * `path := "/health"`), the first such assignment; `undefined` when the file gives it none (an
 * imported package's constant, a computed value). Raw strings (`` `...` ``) count too.
 *
 * @example
 * goStringConstant('const (\n\tusersPath = "/users"\n)\n', 'usersPath') // '/users'
 */
export function goStringConstant(text: string, name: string): string | undefined {
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined
  const pattern = new RegExp(`(?:^|[\\s(;])${escapedName(name)}\\s*(?:(?:string\\s*)?=|:=)\\s*(?:"((?:[^"\\\\\\n]|\\\\.)*)"|\`([^\`]*)\`)`, 'm')
  const found = pattern.exec(text)
  return found === null ? undefined : (found[1] ?? found[2])
}
