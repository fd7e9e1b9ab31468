/** A call on one method's value of a plain name, as `calledReceiverType` writes it: `w.Header()`. */
const ON_NAME = /^([a-z_]\w*)\.([A-Za-z_]\w*)\(\)$/
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
  return head !== undefined && HEAD_TYPE.test(head) ? `${head}.${call[2]}()` : type
}
