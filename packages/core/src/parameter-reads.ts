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

/**
 * A receiver type that is a parameter of a callback given to a function, in TypeScript's own
 * notation: `Parameters<Parameters<typeof withIndex>[1]>[0]`, the first parameter of the function
 * passed as `withIndex`'s second argument. The layered chunker writes it for a plain parameter of
 * an arrow function or function expression passed to a call (`withIndex(context, async (index) =>
 * index.rag.symbols())`); `@rag/layers` resolves the callee and reads that parameter's function
 * type in its signature (`work: (index: OpenIndex, root: string) => Promise<number>`).
 */
export interface CallbackParameterRead {
  /** The callee as written: `withIndex`, `this.#connection.write`; a class for `new`. */
  readonly callee: string
  /**
   * Whether the call constructs the callee (`new Observable((subscriber) => ...)`): its
   * constructor's parameters, `Parameters<ConstructorParameters<typeof Observable>[0]>[0]`.
   */
  readonly constructs?: boolean
  /** The argument the callback is, from 0. */
  readonly argument: number
  /** The callback's parameter, from 0. */
  readonly index: number
}

const CALLBACK_PARAMETER = /^Parameters<(Constructor)?Parameters<typeof ((?:this\.)?#?[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)*)>\[(\d+)\]>\[(\d+)\]$/

/**
 * The callback parameter read a receiver type stands for, or `undefined` for any other type.
 *
 * @example
 * callbackParameterRead('Parameters<Parameters<typeof withIndex>[1]>[0]') // { callee: 'withIndex', argument: 1, index: 0 }
 */
export function callbackParameterRead(receiverType: string): CallbackParameterRead | undefined {
  const found = CALLBACK_PARAMETER.exec(receiverType)
  if (!found) return undefined
  const read = { callee: found[2] as string, argument: Number(found[3]), index: Number(found[4]) }
  return found[1] === undefined ? read : { ...read, constructs: true }
}

/**
 * A callback parameter read written in the notation {@link callbackParameterRead} reads.
 *
 * @example
 * callbackParameterReadText({ callee: 'withIndex', argument: 1, index: 0 }) // 'Parameters<Parameters<typeof withIndex>[1]>[0]'
 */
export function callbackParameterReadText(read: CallbackParameterRead): string {
  return `Parameters<${read.constructs === true ? 'Constructor' : ''}Parameters<typeof ${read.callee}>[${read.argument}]>[${read.index}]`
}
