import { callbackParameterReadText } from '@rag/core'
import { calleeBefore } from './callee-before.js'
import type { TypedDeclaration } from './typed-declarations.js'
import { parameterParts } from './parameter-parts.js'

/**
 * A function starting an argument (after `(` or `,`) with plain parameters: `(index, root) =>`,
 * `async index =>`, `function (a, b) {`, `async function* named(a) {`. Groups: 1 or 3 the
 * parameters' text, 2 a lone parameter.
 */
const CALLBACK = /[(,]\s*(?:async\s+)?(?:\(([^()]*)\)\s*(?::[^=;{}()]*)?=>|([A-Za-z_$][\w$]*)\s*=>|function\b\s*\*?\s*(?:[A-Za-z_$][\w$]*\s*)?\(([^()]*)\))/dg
/**
 * Callees whose callbacks are typed elsewhere or not worth reading: the array methods whose
 * callback gets an element (`typed-declarations.ts`), a promise's (`new Promise((resolve) =>`
 * too), and the words that look like calls (`if (`, `while (`).
 */
const SKIPPED = new Set([
  'map', 'flatMap', 'filter', 'forEach', 'some', 'every', 'find', 'findLast', 'findIndex', 'findLastIndex',
  'then', 'catch', 'finally', 'Promise', 'if', 'for', 'while', 'switch', 'return', 'function', 'typeof', 'await', 'yield',
])
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/
/** How far back an argument's call is looked for. */
const MAX_LOOKBACK = 2_000

/**
 * The call an argument starting after `at` (a `(` or `,`) belongs to: the callee as written, the
 * argument's position, and whether the call constructs the callee (`new Observable(`).
 * `undefined` inside brackets that are no call's (an array, an object), or when the callee is no
 * plain chain (`load().then(`, `a?.b(`).
 */
function argumentOf(masked: string, at: number): { callee: string; argument: number; constructs?: true } | undefined {
  let argument = 0
  let depth = 0
  for (let i = at; i >= 0 && at - i < MAX_LOOKBACK; i--) {
    const char = masked[i] as string
    if (char === ')' || char === ']' || char === '}') depth++
    else if (char === '(' || char === '[' || char === '{') {
      if (depth > 0) {
        depth--
        continue
      }
      if (char !== '(') return undefined
      const call = calleeBefore(masked, i)
      if (call === undefined || SKIPPED.has(call.callee.slice(call.callee.lastIndexOf('.') + 1))) return undefined
      return call.constructs ? { callee: call.callee, argument, constructs: true } : { callee: call.callee, argument }
    } else if (char === ',' && depth === 0) argument++
  }
  return undefined
}

/**
 * The plain parameters of functions passed to a call, typed by the callee's parameter at the
 * argument's position (`withIndex(context, async (index, root) => ...)`: `index` is
 * `Parameters<Parameters<typeof withIndex>[1]>[0]`, the notation of `@rag/core`'s
 * `callbackParameterRead`; `new Observable((subscriber) => ...)`: `subscriber` is
 * `Parameters<ConstructorParameters<typeof Observable>[0]>[0]`). Annotated parameters are read by
 * the declarations; destructured and defaulted ones are skipped (their position still counts).
 * Read from masked code, in order.
 */
export function callbackParameters(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  CALLBACK.lastIndex = 0
  for (let match = CALLBACK.exec(masked); match; match = CALLBACK.exec(masked)) {
    const list = match[1] ?? match[2] ?? match[3]
    if (list === undefined || list.trim() === '') continue
    const call = argumentOf(masked, match.index)
    if (call === undefined) continue
    const listAt = (match.indices![1] ?? match.indices![2] ?? match.indices![3])![0]
    let offset = listAt
    parameterParts(list).forEach((parameter, index) => {
      const name = parameter.trim()
      if (PLAIN_NAME.test(name)) out.push({ name, type: callbackParameterReadText({ ...call, index }), offset: offset + parameter.indexOf(name) })
      offset += parameter.length + 1
    })
  }
  return out
}
