import { closingBracket } from './brackets.js'
import { namedGoType } from './go-named-types.js'

/** A call on one method's value of a plain name, as `calledReceiverType` writes it: `w.Header()`; or a later result of one, `store.Get()[1]` (group 3). */
const ON_NAME = /^([a-z_]\w*)\.([A-Za-z_]\w*)\(\)(\[\d+\])?$/
/** A type the head can be written as: a call's value (`httptest.NewRecorder()`, `New()`) or a named type (`http.Request`, `Engine`). */
const HEAD_TYPE = /^(?:[a-z_]\w*\.)?[A-Za-z_]\w*(?:\(\))?$/

/**
 * A Go call's receiver type when the receiver is a method call on a name the code types
 * (`w.Header().Get()` of `w := httptest.NewRecorder()`): the name's type written in its place,
 * `httptest.NewRecorder().Header()`, so resolution reads the method of that type (here another
 * package's: `external`) instead of the name alone. Any other type is returned as it is.
 *
 * @example
 * goCalledReceiverType('w.Header()', (name) => (name === 'w' ? 'httptest.NewRecorder()' : undefined)) // 'httptest.NewRecorder().Header()'
 */
export function goCalledReceiverType(type: string | undefined, typeOf: (name: string) => string | undefined): string | undefined {
  const call = type === undefined ? null : ON_NAME.exec(type)
  if (call === null) return type
  const head = typeOf(call[1] as string)
  return head !== undefined && HEAD_TYPE.test(head) ? `${head}.${call[2]}()${call[3] ?? ''}` : type
}

/** A Go composite literal as a call's receiver, in parentheses or not: `(JSON{data})`, `&Engine{}`, `render.JSON{Data: x}`; group 1 the type. */
const LITERAL = /^(\()?\s*&?((?:[a-z_]\w*\.)?[A-Za-z_]\w*)\s*\{/

/**
 * The type of a Go call's receiver that is one composite literal (`(JSON{data}).Render(w)`,
 * `todosResource{}.Routes()`): the literal's type, a named type of the code or another package's.
 * `undefined` for any other receiver, or a literal of a predeclared or unnamed type.
 *
 * @example
 * goLiteralReceiverType('(JSON{data})') // 'JSON'
 */
export function goLiteralReceiverType(receiver: string): string | undefined {
  const literal = LITERAL.exec(receiver)
  if (literal === null) return undefined
  const type = literal[2] as string
  // (`struct{...}{...}`, `map[...]...{...}`: no named type.)
  if (namedGoType(type) !== type) return undefined
  // The literal's `}` must end the receiver (or the parentheses around it): not `T{}.Field`.
  const open = literal[0].length - 1
  // (The receiver's text keeps its strings: a brace in one is rare enough to leave.)
  const close = closingBracket(receiver, open)
  if (close < 0) return undefined
  const rest = receiver.slice(close + 1).trim()
  return rest === (literal[1] === undefined ? '' : ')') ? type : undefined
}

/** A method call on a plain name at the start of a receiver: `c.Request(`, `app.Server(`; group 1 the name, group 2 the method. */
const CALL_ON_NAME = /^([a-z_]\w*)\.([A-Za-z_]\w*)\(/
/** Fields read after the call: `.Header`, `.Header.Cookies`. */
const FIELDS = /^(?:\.[A-Za-z_]\w*)+$/

/**
 * The type of a Go call's receiver that reads fields of one method's value of a name the code
 * types (`c.Request().Header.Set()` of `c fiber.Ctx`): written as a property read of what the
 * method returns, `fiber.Ctx.Request()['Header']`, so resolution reads the method's result type and
 * its field (here another package's: `external`). `undefined` for any other receiver.
 *
 * @example
 * goFieldOfCallType('c.Request().Header', (name) => (name === 'c' ? 'Ctx' : undefined)) // "Ctx.Request()['Header']"
 */
export function goFieldOfCallType(receiver: string, typeOf: (name: string) => string | undefined): string | undefined {
  const call = CALL_ON_NAME.exec(receiver)
  if (call === null) return undefined
  const close = closingBracket(receiver, call[0].length - 1)
  const fields = close < 0 ? '' : receiver.slice(close + 1)
  if (!FIELDS.test(fields)) return undefined
  const head = typeOf(call[1] as string)
  if (head === undefined || !HEAD_TYPE.test(head)) return undefined
  return `${head}.${call[2]}()${fields
    .slice(1)
    .split('.')
    .map((field) => `['${field}']`)
    .join('')}`
}
