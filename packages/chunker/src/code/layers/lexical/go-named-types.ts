/** Go's predeclared types and the keywords a type position can hold: no type of the code, whatever the case of its name. */
const PREDECLARED = new Set([
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32', 'int64', 'rune', 'string',
  'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any', 'comparable', 'struct', 'interface', 'func', 'map', 'chan',
])

/**
 * A named type of the code or a package, or `''` for a predeclared one; but `error`, the one
 * predeclared type with a method (`err.Error()`, which resolution leaves to the runtime).
 */
export const namedGoType = (type: string): string => (type !== 'error' && PREDECLARED.has(type) ? '' : type)
