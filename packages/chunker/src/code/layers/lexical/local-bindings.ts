import { closing } from '../args.js'
import { parameterParts } from './parameter-parts.js'

/**
 * Where a name may stand in a pattern of the readings below: what must end where it starts (a
 * sticky lookbehind, tested at the name's offset) and what must follow it (sticky, tested at its end).
 */
type Site = readonly [before: RegExp, after: RegExp]

/** {@link bindsLocally}'s four patterns, around the name. */
const BINDING_SITES: readonly Site[] = [
  [/(?<=\b(?:const|let|var|function\s*\*?|class)\s+)/y, /(?![\w$])/y],
  [/(?<=^|[^\w$.])/y, /\s*=>/y],
  [/(?<=[(,{]\s*(?:\.\.\.)?)/y, /\s*(?:[,)}]|=(?!=))/y],
  [/(?<=[(,]\s*(?:\.\.\.)?)/y, /\s*\??\s*:(?!:)/y],
]

/** {@link redeclaration}'s two patterns, around the name. */
const REDECLARATION_SITES: readonly Site[] = [
  [/(?<=\b(?:const|let|var|function\s*\*?)\s+)/y, /(?![\w$])/y],
  [/(?<![\w$.])(?<!:\s*)/y, /\s*=>/y],
]

/** A name that a regular expression matches as written (no character but `$` is special there). */
const LITERAL_NAME = /^[\w$]+$/

/** `[A-Za-z0-9_$]`: no pattern here has one of these right before or after the name. */
function isNameCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36
}

/**
 * Whether one of `sites` holds around an occurrence of `name` in `code`: what the regular
 * expression of the sites with the name in place finds, read at the name's occurrences only. That
 * regular expression, built per name, tried every offset of the file with every alternative and
 * cost more to compile than to run; `indexOf` skips to the few places where it could match.
 */
function occursAt(code: string, name: string, sites: readonly Site[]): boolean {
  for (let at = code.indexOf(name); at >= 0; at = code.indexOf(name, at + 1)) {
    const end = at + name.length
    if ((at > 0 && isNameCode(code.charCodeAt(at - 1))) || (end < code.length && isNameCode(code.charCodeAt(end)))) continue
    for (const [before, after] of sites) {
      before.lastIndex = at
      if (!before.test(code)) continue
      after.lastIndex = end
      if (after.test(code)) return true
    }
  }
  return false
}

/**
 * Whether JavaScript or TypeScript code binds `name` inside it, read from its masked text (comments
 * and strings blanked): a declaration (`const`, `let`, `var`, `function`, `class`), an arrow's
 * lone parameter (`next => ...`), or a name in a parameter list or a destructuring pattern
 * (`(req, res, next)`, `(next: NextFunction)`, `{ parse }`, `...rest`). An approximation that
 * errs towards "bound": a name passed as an argument (`use(next)`) counts too, which in an ES
 * module also means the name is bound somewhere in reach.
 */
export function bindsLocally(masked: string, name: string): boolean {
  if (LITERAL_NAME.test(name)) return occursAt(masked, name, BINDING_SITES)
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
  if (LITERAL_NAME.test(name)) return (head, code, from, to) => occursAt(code.slice(from, to), name, REDECLARATION_SITES) || parameterNames(head).includes(name)
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

/** Rust's and Go's local declarations of a name, around it: each language's own forms. */
const LOCAL_DECLARATION_SITES: Readonly<Record<string, readonly Site[]>> = {
  // `let theme = ...`, `let mut theme`, `for theme in`, `for (i, theme) in`, a closure's `|theme|`, `Some(theme) =>`.
  rust: [
    [/(?<=\blet\s+(?:mut\s+)?)/y, /(?![\w$])/y],
    [/(?<=\bfor\s+(?:\(\s*(?:[\w$]+\s*,\s*)*)?)/y, /\s*(?:,[^)]*\))?\s*\)?\s+in\b/y],
    [/(?<=\|\s*(?:[\w$]+\s*(?::[^|,]*)?,\s*)*(?:mut\s+)?)/y, /\s*(?::[^|,]*)?(?:,[^|]*)?\|/y],
    [/(?<=\b(?:Some|Ok|Err)\(\s*)/y, /\s*\)/y],
  ],
  // `user := ...`, `user, err := ...`, `_, user := range ...`, `var user`.
  go: [
    [/(?<=^|[^\w$.])/y, /\s*(?:,\s*[\w$]+\s*)*:=/y],
    [/(?<=,\s*)/y, /\s*:=/y],
    [/(?<=\bvar\s+)/y, /(?![\w$])/y],
  ],
}

/**
 * The test of whether a Rust or Go function declares `name` itself before a call on it (`let theme =
 * theme()` then `theme.len()`; `for _, user := range users` then `user.Len()`), so the receiver is
 * that local, not the import or top-level definition of the name; or, like {@link redeclaration},
 * a parameter of that name in `head`. `undefined` for other languages.
 */
export function localReceiverDeclaration(language: string, name: string): ((head: string, code: string, from: number, to: number) => boolean) | undefined {
  const sites = LOCAL_DECLARATION_SITES[language]
  if (sites === undefined || !LITERAL_NAME.test(name)) return undefined
  return (head, code, from, to) => occursAt(code.slice(from, to), name, sites) || goOrRustParameters(head).includes(name)
}

/** A Rust function's parameter list (group 1). */
const RUST_PARAMETERS = /\bfn\s+[\w$]+\s*(?:<[^>]*>)?\s*\(([^)]*)\)/
/** A Go function's receiver list (group 1, for a method) and parameter list (group 2). */
const GO_PARAMETERS = /\bfunc\s*(?:\(([^)]*)\)\s*)?[\w$]*\s*(?:\[[^\]]*\])?\s*\(([^)]*)\)/

/** The names of a Rust or Go signature's parameters: `theme` of `fn show(theme: &Theme)`, `s` and `user` of `func (s *S) Show(user User)`. */
function goOrRustParameters(head: string): string[] {
  const rust = RUST_PARAMETERS.exec(head)
  const go = rust ? null : GO_PARAMETERS.exec(head)
  const lists = rust ? [rust[1] as string] : go ? [go[1] ?? '', go[2] as string] : []
  const names: string[] = []
  for (const list of lists) {
    for (const part of list.split(',')) {
      const name = /^\s*(?:mut\s+)?([A-Za-z_]\w*)\s*(?::|\s|$)/.exec(part)
      if (name) names.push(name[1] as string)
    }
  }
  return names
}
