/**
 * A receiver type that is a parameter of a method a type declares, in TypeScript's own notation:
 * `Parameters<LayerFamily['declaration']>[3]`, the fourth parameter of `LayerFamily`'s method
 * `declaration`. The layered chunker writes it for a parameter the code leaves to its context
 * (`const family: LayerFamily = { declaration(node, type, scope, api) { api.define() } }`);
 * `@rag/layers` resolves it through the method's signature.
 */
export interface ParameterRead {
  /** The type declaring the method, as written. */
  readonly of: string
  readonly method: string
  /** The parameter's position, from 0. */
  readonly index: number
}

const PARAMETER = /^Parameters<([^'[\]<>]+)\['([A-Za-z_$][\w$]*)'\]>\[(\d+)\]$/

/**
 * The parameter read a receiver type stands for, or `undefined` for any other type.
 *
 * @example
 * parameterRead("Parameters<LayerFamily['declaration']>[3]") // { of: 'LayerFamily', method: 'declaration', index: 3 }
 */
export function parameterRead(receiverType: string): ParameterRead | undefined {
  const found = PARAMETER.exec(receiverType)
  return found ? { of: found[1] as string, method: found[2] as string, index: Number(found[3]) } : undefined
}

/**
 * A parameter read written in the notation {@link parameterRead} reads.
 *
 * @example
 * parameterReadText({ of: 'LayerFamily', method: 'declaration', index: 3 }) // "Parameters<LayerFamily['declaration']>[3]"
 */
export function parameterReadText(read: ParameterRead): string {
  return `Parameters<${read.of}['${read.method}']>[${read.index}]`
}
