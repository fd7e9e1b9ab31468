import type { RawEdge, SymbolRecord } from '@rag/core'
import { parameterTexts } from './parameter-types.js'
import type { Resolved } from './resolved.js'
import type { SymbolIndex } from './symbol-index.js'

/** Resolves a decorator as written (`click.group`) where its function is defined, as the call `context` makes it. */
export type DecoratorResolver = (decorator: string, context: RawEdge) => Resolved

/**
 * Decorators that leave the function what it is for its callers: typing's markers
 * (`@typing.overload`, `@final`, `@override`), `@functools.wraps(f)`, `@abc.abstractmethod`.
 */
const TRANSPARENT: ReadonlySet<string> = new Set(['overload', 'final', 'override', 'no_type_check', 'deprecated', 'wraps', 'abstractmethod', 'staticmethod', 'classmethod'])

/** Functions whose decorators are being read: a decorator naming its own function (`@f.x` on `f`) ends there. */
const reading = new Set<string>()

/**
 * Whether a Python function is replaced by what a package's decorator makes of it: `@click.group()`
 * makes a click `Group`, `@app.task` a celery task, `@functools.lru_cache` a cached function; so a
 * call on it, `cli.command()`, `add.delay()`, `f.cache_clear()`, is the package's. A decorator
 * that is itself a call on such a function counts too (`@cli.group()` on `db` of `@click.group()`
 * on `cli`). A decorator of the index (which may return the function as it is) does not.
 */
export function decoratedByPackage(symbol: SymbolRecord, resolve: DecoratorResolver): boolean {
  if (symbol.language !== 'python' || symbol.kind !== 'function' || symbol.decorators === undefined || reading.has(symbol.id)) return false
  // The decorators are evaluated in the scope around the function.
  const context: RawEdge = {
    layer: 'C2_DEPENDENCY_GRAPH',
    id: `${symbol.id}>decorators`,
    path: symbol.path,
    title: `decorators of ${symbol.qname}`,
    language: symbol.language,
    startLine: symbol.startLine,
    endLine: symbol.startLine,
    isTest: symbol.isTest,
    kind: 'calls',
    sourceSymbolId: symbol.parentId,
    sourceQname: '',
    target: '',
  }
  reading.add(symbol.id)
  try {
    return symbol.decorators.some((decorator) => !TRANSPARENT.has(decorator.slice(decorator.lastIndexOf('.') + 1)) && resolve(decorator, context).resolution === 'external')
  } finally {
    reading.delete(symbol.id)
  }
}

/** A parameter's name in a signature's text: `api` of `api`, `api: Client`, `api=None`, `*args`. */
const PARAMETER_NAME = /^\s*\**([A-Za-z_]\w*)/

/**
 * Whether a function around the call, from `sourceSymbolId` out, has a parameter named `name`
 * (a test's fixture parameter `api` beside the fixture function `api`): then the name there is
 * the parameter, not the module's function.
 */
export function shadowedByParameter(name: string, sourceSymbolId: string, index: SymbolIndex): boolean {
  for (let symbol = sourceSymbolId ? index.symbol(sourceSymbolId) : undefined; symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (symbol.kind !== 'function' && symbol.kind !== 'method') continue
    if (parameterTexts(symbol.signature).some((text) => PARAMETER_NAME.exec(text)?.[1] === name)) return true
  }
  return false
}

/**
 * The names of the Python functions whose decorators start from one of `names` (`db` of
 * `@cli.group()` for `cli`), and of those decorated from theirs in turn: when what `cli` is
 * changes (its own decorators), so does what they are, for the files that call them.
 */
export function decoratedFrom(names: ReadonlySet<string>, index: SymbolIndex): Set<string> {
  const byRoot = new Map<string, string[]>()
  for (const file of index.files()) {
    if (file.language !== 'python') continue
    for (const symbol of file.symbols) {
      for (const decorator of symbol.decorators ?? []) {
        const dot = decorator.indexOf('.')
        const root = dot < 0 ? decorator : decorator.slice(0, dot)
        const named = byRoot.get(root)
        if (named) named.push(symbol.name)
        else byRoot.set(root, [symbol.name])
      }
    }
  }
  const found = new Set<string>()
  for (let layer = [...names]; layer.length > 0; ) {
    const next: string[] = []
    for (const name of layer) {
      for (const decorated of byRoot.get(name) ?? []) {
        if (found.has(decorated) || names.has(decorated)) continue
        found.add(decorated)
        next.push(decorated)
      }
    }
    layer = next
  }
  return found
}
