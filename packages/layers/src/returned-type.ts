/** TypeScript's return annotation after a signature's last `)`: `): Promise<OpenIndex>` gives `OpenIndex`, `): models.User` `models.User`. */
const TYPESCRIPT_RETURN = /\)\s*:\s*(?:Promise\s*<\s*)?((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)[^)]*$/
/** Python's return annotation: `-> Command | None`, `-> "Context"`, `-> t.Optional[Command]` give the class. */
const PYTHON_RETURN = /->\s*["']?(?:(?:t|typing)\.)?(?:Optional\s*\[\s*)?["']?(?:(?:t|typing)\.)?([A-Z][\w]*(?:\.[A-Z]\w*)*)/
/** Python's generic containers: what a function returns inside one is not the container's member. */
const PYTHON_CONTAINERS = new Set(['List', 'Dict', 'Tuple', 'Set', 'FrozenSet', 'Iterator', 'Iterable', 'Sequence', 'Mapping', 'Callable', 'Generator', 'Any', 'Type', 'Union'])

/**
 * The class a function or method returns, read from its signature's annotation (TypeScript's
 * `): Type` with `Promise<Type>` unwrapped, Python's `-> Type`); `undefined` when the signature
 * declares none, or none with a class.
 */
export function returnedType(signature: string, language: string): string | undefined {
  if (language === 'python') {
    const type = PYTHON_RETURN.exec(signature)?.[1]
    return type === undefined || PYTHON_CONTAINERS.has(type) ? undefined : type
  }
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') return TYPESCRIPT_RETURN.exec(signature)?.[1]
  return undefined
}
