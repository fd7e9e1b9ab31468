import { parameterReadText } from '@rag/core'
import type { TypedDeclaration } from './typed-declarations.js'

/** `const family: LayerFamily = {`: an object literal a constant's annotation types; group 1 the type. */
const TYPED_OBJECT = /\b(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*:\s*((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)(?:\s*<(?:[^<>()\n]|<[^<>()\n]*>)*>)?\s*=\s*\{/g
/** A member that is a function: `name(`, `async name(`, `name: (`, `name: async (`, `name: function (`; group 1 the name, 2 the parameters' text. */
const FUNCTION_MEMBER = /(?:async\s+)?\*?\s*([A-Za-z_$][\w$]*)\s*(?::\s*(?:async\s+)?(?:function\b\s*\*?\s*)?)?\(([^()]*)\)/y
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/
const OPENING = '{(['
const CLOSING = '})]'

/**
 * The parameters an object literal's methods leave to their context, typed by the method of that
 * name of the type the literal's constant is annotated with: in `const family: LayerFamily = {
 * declaration(node, type, scope, api) { ... } }`, `api` is `Parameters<LayerFamily['declaration']>[3]`
 * (the notation of `@rag/core`'s `parameterRead`). Annotated parameters are left to the
 * declarations that read annotations; destructured ones and defaults are skipped. Read from masked
 * code (no brackets in strings or comments), in order.
 */
export function contextualParameters(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  TYPED_OBJECT.lastIndex = 0
  for (let match = TYPED_OBJECT.exec(masked); match; match = TYPED_OBJECT.exec(masked)) {
    const type = match[1] as string
    let depth = 1
    let member = true
    for (let at = TYPED_OBJECT.lastIndex; at < masked.length && depth > 0; at++) {
      const char = masked[at] as string
      if (OPENING.includes(char)) depth++
      else if (CLOSING.includes(char)) depth--
      else if (depth === 1 && char === ',') member = true
      else if (member && !/\s/.test(char)) {
        member = false
        FUNCTION_MEMBER.lastIndex = at
        const found = FUNCTION_MEMBER.exec(masked)
        if (found) out.push(...parametersOf(found, type))
      }
    }
  }
  return out
}

/** The plain parameters of one function member, each typed as its position in the type's method. */
function parametersOf(found: RegExpExecArray, type: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  const method = found[1] as string
  const list = found[2] as string
  let offset = found.index + (found[0] as string).length - 1 - list.length
  list.split(',').forEach((parameter, index) => {
    const name = parameter.trim()
    if (PLAIN_NAME.test(name)) out.push({ name, type: parameterReadText({ of: type, method, index }), offset: offset + parameter.indexOf(name) })
    offset += parameter.length + 1
  })
  return out
}
