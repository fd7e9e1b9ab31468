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
