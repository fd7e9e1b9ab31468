import type { SymbolFact } from '../facts.js'
import type { TypedDeclaration } from './typed-declarations.js'

/** An attribute a method sets: `self.current`. */
const SELF_ATTRIBUTE = /^self\.([A-Za-z_]\w*)$/
/** A class as a type names it: `Token`, `types.ParamType`. */
const CLASS_TYPE = /^(?:[A-Za-z_]\w*\.)*_*[A-Z]\w*$/
const CLASS_KINDS = new Set(['class'])

/**
 * The instance attributes each Python class's methods give a class type (`self.current =
 * Token(...)`, `self.app = app` of `app: Flask`, `self.json: JSONProvider = ...`), as `typeAt` (the
 * file's receiver type finder, `receiverTypeFinder`) types them where they are set: the class as
 * written, never what a call returns or a container's elements. Keyed by the class's fact.
 */
export function classAttributes(
  declarations: readonly TypedDeclaration[],
  enclosing: (offset: number) => SymbolFact | undefined,
  typeAt: (receiver: string, offset: number) => string | undefined,
): Map<SymbolFact, Record<string, string>> {
  const out = new Map<SymbolFact, Record<string, string>>()
  for (const declaration of declarations) {
    const attribute = SELF_ATTRIBUTE.exec(declaration.name)?.[1]
    const cls = attribute === undefined ? undefined : enclosing(declaration.offset)?.parent
    if (attribute === undefined || cls === undefined || !CLASS_KINDS.has(cls.kind)) continue
    let attributes = out.get(cls)
    if (attributes?.[attribute] !== undefined) continue
    const type = typeAt(declaration.name, declaration.offset)
    if (type === undefined || !CLASS_TYPE.test(type)) continue
    if (attributes === undefined) out.set(cls, (attributes = {}))
    attributes[attribute] = type
  }
  return out
}
