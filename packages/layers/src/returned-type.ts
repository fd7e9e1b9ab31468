/** TypeScript's return annotation after a signature's last `)`: `): Promise<OpenIndex>` gives `OpenIndex`, `): models.User` `models.User`. */
const TYPESCRIPT_RETURN = /\)\s*:\s*(?:Promise\s*<\s*)?((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)[^)]*$/
/** Python's return annotation: `-> Command | None`, `-> "Context"`, `-> t.Optional[Command]`, `-> _OptionParser` give the class; a union (`-> A | B`) none. */
const PYTHON_RETURN = /->\s*["']?(?:(?:t|typing)\.)?(?:Optional\s*\[\s*)?["']?(?:(?:t|typing)\.)?(_*[A-Z][\w]*(?:\.[A-Z]\w*)*)(?![\w.]|(?:\[[^\]\n]*\])?\s*\|(?!\s*None\b))/
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

/** Python's containers of a class in a return annotation: `-> list[Parameter]`, `-> t.Iterator["Command"]`. */
const PYTHON_ELEMENTS =
  /->\s*["']?(?:[a-z_]\w*\.)*(?:list|List|set|Set|frozenset|FrozenSet|tuple|Tuple|Sequence|MutableSequence|Iterable|Iterator|Collection|AbstractSet|Generator)\s*\[\s*["']?(?:[a-z_]\w*\.)*(_*[A-Z]\w*)/
/** TypeScript's arrays and iterables of a class in a return annotation: `): Item[]`, `): readonly Item[]`, `): Promise<Item[]>`. */
const TYPESCRIPT_ARRAY = /\)\s*:\s*(?:Promise\s*<\s*)?(?:readonly\s+)?((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)\s*\[\s*\][^)]*$/
/** `): Array<Item>`, `): Iterable<Item>`, `): Generator<Item, ...>`. */
const TYPESCRIPT_ITERABLE = /\)\s*:\s*(?:Promise\s*<\s*)?(?:Array|ReadonlyArray|Iterable|IterableIterator|Iterator|Generator|AsyncIterable|AsyncGenerator|Set|ReadonlySet)\s*<\s*((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)[^)]*$/

/**
 * The class of the elements a function or method returns a container of (Python's `->
 * list[Parameter]`, TypeScript's `): Item[]` or `): Iterable<Item>`): what a loop over its value
 * holds. `undefined` when the signature declares no such container.
 */
export function elementType(signature: string, language: string): string | undefined {
  if (language === 'python') return PYTHON_ELEMENTS.exec(signature)?.[1]
  if (language === 'typescript' || language === 'tsx' || language === 'javascript') return (TYPESCRIPT_ARRAY.exec(signature) ?? TYPESCRIPT_ITERABLE.exec(signature))?.[1]
  return undefined
}
