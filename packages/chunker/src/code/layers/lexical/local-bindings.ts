import { closing } from '../args.js'
import { parameterParts } from './parameter-parts.js'

/**
 * Whether JavaScript or TypeScript code binds `name` inside it, read from its masked text (comments
 * and strings blanked): a declaration (`const`, `let`, `var`, `function`, `class`), an arrow's
 * lone parameter (`next => ...`), or a name in a parameter list or a destructuring pattern
 * (`(req, res, next)`, `(next: NextFunction)`, `{ parse }`, `...rest`). An approximation that
 * errs towards "bound": a name passed as an argument (`use(next)`) counts too, which in an ES
 * module also means the name is bound somewhere in reach.
 */
export function bindsLocally(masked: string, name: string): boolean {
  const n = name.replace(/\$/g, '\\$')
  const pattern = new RegExp(
    [
      `\\b(?:const|let|var|function\\s*\\*?|class)\\s+${n}(?![\\w$])`,
      `(?:^|[^\\w$.])${n}\\s*=>`,
      `[(,{]\\s*(?:\\.\\.\\.)?${n}\\s*(?:[,)}]|=(?!=))`,
      // A typed parameter (`next: NextFunction`); `{ parse: true }` is an object's key, not a binding.
      `[(,]\\s*(?:\\.\\.\\.)?${n}\\s*\\??\\s*:(?!:)`,
    ].join('|'),
  )
  return pattern.test(masked)
}

/**
 * The test of whether code declares `name` again before a call of it, so the call reaches that
 * declaration and not the file's top-level one: a `const`, `let`, `var` or `function` of the name
 * in `code` between `from` and `to` (the calling definition's masked text up to the call), or a
 * parameter of that name in `head` (the definition's signature). Stricter than
 * {@link bindsLocally}: a name passed as an argument (`use(parse)`) declares nothing. Built once
 * per name; each test reads only its span.
 */
export function redeclaration(name: string): (head: string, code: string, from: number, to: number) => boolean {
  const n = name.replace(/\$/g, '\\$')
  // (An arrow's lone parameter, `parse => ...`; not a return annotation, `(): ZodString => ...`.)
  const declared = new RegExp(`\\b(?:const|let|var|function\\s*\\*?)\\s+${n}(?![\\w$])|(?<![\\w$.])(?<!:\\s*)${n}\\s*=>`)
  return (head, code, from, to) => parameterNames(head).includes(name) || declared.test(code.slice(from, to))
}

/**
 * The names of a signature's parameters, from its first parameter list (not the names its default
 * values use); none when that list is a call's arguments (`const parseBoolean = parseBooleanToken(true)`).
 */
function parameterNames(head: string): string[] {
  const names: string[] = []
  const open = head.indexOf('(')
  const before = open < 0 ? '' : head.slice(0, open)
  // A function's list follows `function name`, a method's name, `= `, `= async ` or generic parameters; a call's follows `= callee`.
  if (open < 0 || (before.includes('=') && !/(?:=|\basync|>)\s*$/.test(before) && !/\bfunction\b/.test(before))) return names
  const close = closing(head, open)
  for (const part of parameterParts(head.slice(open + 1, close < 0 ? undefined : close))) {
    const parameter = /^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(part)
    if (parameter) names.push(parameter[1] as string)
  }
  return names
}
