import { closingBracket, followsClosing } from './brackets.js'
import { scopeGoBlocks } from './go-block-scopes.js'
import { namedGoType as named } from './go-named-types.js'
import { goTypeSwitchCases } from './go-type-switches.js'
import type { TypedDeclaration } from './typed-declarations.js'

/**
 * A named type as Go code writes it, pointer and package kept apart: `*Engine`, `http.Request`,
 * `*gin.Context`, and a package's own unexported `*node` (a predeclared type such as `int` is
 * dropped after the match by `namedGoType`).
 */
const TYPE = '\\*?((?:[a-z_]\\w*\\.)?[A-Za-z_]\\w*)'
/** Names declared together: `w, err`, `c`. */
const NAMES = '([a-z_]\\w*(?:\\s*,\\s*[a-z_]\\w*)*)'

/**
 * `var name Type` (group 1, type group 2); `name := Type{`, `&pkg.Type{` or `own{` (group 3, type
 * group 4); `name := callee(` or `name, err := pkg.NewX(` (names group 5, callee group 6); a function's
 * or closure's parameter list `func(c *Context)`, `func (e *Engine) Handle(w http.ResponseWriter,
 * r *http.Request)`, also with a parameter of a function type (group 7: the list after the name,
 * or the only one of a literal); a copy of a name, `b := Form` (group 8, the copied name group 9),
 * typed as that name is (a local, or a package-level variable, which resolution reads); any other
 * short declaration `w := c.Writer`, `for _, x := range xs` (names group 10), which types nothing
 * unless its value ends with a type assertion, but hides an outer declaration of the name.
 */
const DECLARATION = new RegExp(
  [
    `\\bvar\\s+([a-z_]\\w*)\\s+${TYPE}\\b(?![.\\[{(])`,
    `|(?<![\\w.])([A-Za-z_]\\w*)\\s*:?=\\s*&?${TYPE}\\s*(?=\\{)`,
    `|(?<![\\w.])${NAMES}\\s*:=\\s*((?!func\\b)(?:[a-z_]\\w*\\.)?[A-Za-z_]\\w*)\\s*(?=\\()`,
    `|\\bfunc\\s*(?:\\([^()]*\\)\\s*[A-Za-z_]\\w*\\s*|[A-Za-z_]\\w*\\s*)?(?:\\[[^\\]]*\\]\\s*)?\\(((?:[^()]|\\([^()]*\\))*)\\)`,
    `|(?<![\\w.])([a-z_]\\w*)\\s*:=\\s*([A-Za-z_]\\w*)(?=[ \\t]*(?:\\n|;|$))`,
    `|(?<![\\w.])${NAMES}\\s*:=`,
  ].join(''),
  'gd',
)

/** One parameter of a list: `c *Context`, `w http.ResponseWriter`, `m map[K]int`; a name alone (`a` of `a, b int`) has the next one's type. */
const PARAMETER = /^\s*([a-z_]\w*)(?:\s+(\S.*?))?\s*$/s
/** A parameter's type that is a named type of the code or a package: `*Context`, `http.Request`, `*node` (not `...Option`, `[]Item`, `map[K]V`; `int` is predeclared, see `namedGoType`). */
const PARAMETER_TYPE = /^\*?((?:[a-z_]\w*\.)?[A-Za-z_]\w*)$/

/** A statement's value that ends with a type assertion: `.(*Context)`, `.(http.Handler)`; group 1 the type. */
const ASSERTION_END = /\.\(\s*\*?((?:[a-z_]\w*\.)?[A-Za-z_]\w*)\s*\)[ \t]*$/
/** The argument of `new(T)`, `new(strings.Builder)`: group 1 the type. */
const NEW_ARGUMENT = /^\(\s*((?:[a-z_]\w*\.)?[A-Za-z_]\w*)\s*\)/

/**
 * The type a short declaration's value asserts at its end (`c := engine.pool.Get().(*Context)`,
 * `h, ok := v.(http.Handler)`), read on the statement's line from `from`; not `.(type)`.
 */
function assertedType(masked: string, from: number): string | undefined {
  let end = masked.indexOf('\n', from)
  if (end < 0) end = masked.length
  const semicolon = masked.indexOf(';', from)
  if (semicolon >= 0 && semicolon < end) end = semicolon
  const type = ASSERTION_END.exec(masked.slice(from, end))?.[1]
  return type === undefined || type === 'type' ? undefined : named(type) || undefined
}

/** A method call after a call's `)`: `.SetDial(`; group 1 the method. */
const NEXT_CALL = /^\.\s*([A-Za-z_]\w*)\s*\(/

/**
 * The chain of calls a statement's value is when it goes on from the call whose `(` is at `open`
 * and ends the statement (`client := New().SetDial(dial).SetCookieJar(jar)`): `callee()` and each
 * method, `New().SetDial().SetCookieJar()`, which resolution reads link by link through each
 * method's result. `undefined` when the value is not such a chain.
 */
function chainValue(masked: string, callee: string, open: number): string | undefined {
  let chain = `${callee}()`
  let close = closingBracket(masked, open)
  for (let links = 0; close >= 0 && links < 8; links++) {
    const next = NEXT_CALL.exec(masked.slice(close + 1, close + 120))
    if (next === null) break
    chain += `.${next[1]}()`
    close = closingBracket(masked, close + next[0].length)
  }
  return close >= 0 && chain !== `${callee}()` && STATEMENT_END.test(masked.slice(close + 1, close + 8)) ? chain : undefined
}

/** The type `new(T)` makes when its call, whose `(` is at `open`, ends the statement; else `undefined`. */
function newType(masked: string, open: number): string | undefined {
  const argument = NEW_ARGUMENT.exec(masked.slice(open, open + 120))
  if (argument === null || !STATEMENT_END.test(masked.slice(open + argument[0].length, open + argument[0].length + 8))) return undefined
  return named(argument[1] as string) || undefined
}

/** Go's predeclared values, which a short declaration can copy (`done := false`): no name of the code. */
const COPIED_LITERALS = new Set(['true', 'false', 'nil', 'iota'])

/** The opening of a grouped declaration: `var (`. */
const VAR_GROUP = /\bvar\s*\(/g
/** One line of a `var (...)` group that names a type: `buf bytes.Buffer`, `a, b *Node`, `n int = 1` (not `x = f()`). */
const GROUPED_VAR = new RegExp(`^[ \\t]*${NAMES}[ \\t]+${TYPE}\\b(?![.\\[{(])`, 'gm')

/**
 * The names a `var (...)` group declares with a type, one declaration per name (`var (\n\tbuf
 * bytes.Buffer\n\terr error\n)`); a name given only a value types nothing here.
 */
function groupedVars(masked: string, out: TypedDeclaration[]): void {
  VAR_GROUP.lastIndex = 0
  for (let group = VAR_GROUP.exec(masked); group; group = VAR_GROUP.exec(masked)) {
    const open = group.index + group[0].length - 1
    const close = closingBracket(masked, open)
    if (close < 0) continue
    const body = masked.slice(open + 1, close)
    GROUPED_VAR.lastIndex = 0
    for (let line = GROUPED_VAR.exec(body); line; line = GROUPED_VAR.exec(body)) {
      const type = named(line[2] as string)
      let offset = open + 1 + line.index + line[0].indexOf(line[1] as string)
      for (const part of (line[1] as string).split(',')) {
        const name = part.trim()
        if (name !== '_') out.push({ name, type, offset: offset + part.indexOf(name) })
        offset += part.length + 1
      }
    }
  }
}

/** What ends a Go statement after a call or a literal: a line break, `;` or the end of the file. */
const STATEMENT_END = /^[ \t]*(?:\n|;|$)/

/** Go's predeclared types and the keywords a call-like statement starts with: no class of the code. */
const NOT_A_CALLEE = new Set(['make', 'new', 'len', 'cap', 'append', 'copy', 'string', 'byte', 'int', 'int64', 'float64', 'rune', 'func', 'map', 'chan'])

/**
 * The names of a short declaration: the first typed `type` (`''`: untyped), the others untyped,
 * each hiding an outer declaration of its name; with `callee`, the others hold that call's other
 * results (`resp, err := app.Test(req)`: `err` is `app.Test()[1]`).
 */
function shadows(names: string, start: number, out: TypedDeclaration[], type: string, callee?: string): void {
  let offset = start
  names.split(',').forEach((part, position) => {
    const name = part.trim()
    const typed = position === 0 ? type : callee === undefined ? '' : `${callee}()[${position}]`
    if (name !== '_') out.push({ name, type: typed, offset: offset + part.indexOf(name) })
    offset += part.length + 1
  })
}

/** A parameter list's parts, split at its commas outside brackets (`next func(a, b int) error` is one part). */
function topLevelParts(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let at = 0; at < list.length; at++) {
    const c = list[at]
    if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') depth--
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(from, at))
      from = at + 1
    }
  }
  parts.push(list.slice(from))
  return parts
}

/** The parameters of a list with a named type each, as {@link TypedDeclaration}s at their offsets, in scope `until` the function's closing brace. */
function parameters(list: string, start: number, out: TypedDeclaration[], until: number | undefined): void {
  // The type of each part, `''` for one that is no class (then it types no name before it either).
  const parts: { name: string; type: string | undefined; offset: number }[] = []
  let offset = start
  for (const part of topLevelParts(list)) {
    const found = PARAMETER.exec(part)
    if (!found) return // `*Context` of an unnamed list: read no type from it
    const written = found[2]
    parts.push({ name: found[1] as string, type: written === undefined ? undefined : named(PARAMETER_TYPE.exec(written)?.[1] ?? ''), offset: offset + part.indexOf(found[1] as string) })
    offset += part.length + 1
  }
  let type: string | undefined
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!
    type = part.type ?? type
    if (type) out.push({ name: part.name, type, offset: part.offset, ...(until === undefined ? {} : { until }) })
  }
}

/**
 * Go's declarations of names with a type, read from masked code, in order: what the receiver of
 * `c.JSON(200, x)` is (`func(c *gin.Context)`, `router := gin.New()`, `var w Writer`), so that a call
 * on a local or a closure's parameter resolves to its type's method instead of to every method of
 * that name in the module. A call's value is typed by what the callee returns (`gin.New()`, and
 * each result of `c, router := CreateTestContext(w)`) only when the statement ends with the call;
 * so are a chain of calls (`New().SetDial(d)`), `new(T)`, a type assertion (`v.(*T)`) and a copy of
 * a name (`b := Form`). Each local is in scope `until` the end of its block (see `scopeGoBlocks`), and
 * the typed names of `var (...)` groups count too, as does a type switch's name in each clause of one type.
 *
 * @example
 * goTypedDeclarations('router := New()\nrouter.GET("/", func(c *Context) { c.JSON(200, nil) })')
 * // [{ name: 'router', type: 'New()', offset: 0 }, { name: 'c', type: 'Context', offset: 37 }]
 */
export function goTypedDeclarations(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  DECLARATION.lastIndex = 0
  for (let match = DECLARATION.exec(masked); match; match = DECLARATION.exec(masked)) {
    const at = match.indices!
    if (match[1] !== undefined) out.push({ name: match[1], type: named(match[2] as string), offset: at[1]![0] })
    else if (match[3] !== undefined) {
      // `engine := &Engine{...}`, not `x := Foo{}.Bar()`: the statement ends with the literal.
      if (followsClosing(masked, match.index + match[0].length, STATEMENT_END)) out.push({ name: match[3], type: named(match[4] as string), offset: at[3]![0] })
      else out.push({ name: match[3], type: '', offset: at[3]![0] })
    }
    else if (match[5] !== undefined) {
      const callee = match[6] as string
      const open = match.index + match[0].length
      // `router := New()`, not `n := New().Use(x)`: the statement ends with the call. (`buf := new(bytes.Buffer)`: the type.)
      const typed = !NOT_A_CALLEE.has(callee) && followsClosing(masked, open, STATEMENT_END)
      const value = typed
        ? `${callee}()`
        : callee === 'new'
          ? newType(masked, open)
          : (assertedType(masked, open) ?? (NOT_A_CALLEE.has(callee) ? undefined : chainValue(masked, callee, open)))
      shadows(match[5], at[5]![0], out, value ?? '', typed ? callee : undefined)
    } else if (match[7] !== undefined) {
      // A literal or declaration has its body next (`func(c *Context) error {`); a function type (`step func(w io.Writer) bool`) declares nothing.
      const end = match.index + match[0].length
      // (Results before the body: `error`, `(n int, err error)`.)
      const body = /^\s*(?:\([^(){};\n]*\)|[^{}(),;\n]*)\s*\{/.exec(masked.slice(end, end + 200))
      // (A closure's parameters end with its body: `r` of `handler := func(w, r *http.Request) {...}` is not the `r` after it.)
      const close = body === null ? -1 : closingBracket(masked, end + body[0].length - 1)
      if (body !== null) parameters(match[7], at[7]![0], out, close < 0 ? undefined : close)
    } else if (match[8] !== undefined) {
      const copied = match[9] as string
      // (`ok := true`, `n := nil`: no name of the code.)
      if (COPIED_LITERALS.has(copied)) out.push({ name: match[8], type: '', offset: at[8]![0] })
      else out.push({ name: match[8], type: '', copies: copied, offset: at[8]![0] })
    } else if (match[10] !== undefined) shadows(match[10], at[10]![0], out, assertedType(masked, match.index + match[0].length) ?? '')
  }
  groupedVars(masked, out)
  out.push(...goTypeSwitchCases(masked))
  // (A local's scope is its block: `c := New()` inside an `if` is not the `c` after it.)
  return scopeGoBlocks(masked, out.sort((a, b) => a.offset - b.offset))
}
