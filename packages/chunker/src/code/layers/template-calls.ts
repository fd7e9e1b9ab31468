import type { LineIndex } from '../../lines.js'
import type { CallFact, ImportFact, SymbolFact } from './facts.js'
import type { LayerFamily } from './family.js'
import { maskCode } from './lexical/mask-code.js'
import { scanCalls } from './lexical/scan-calls.js'
import { templateExpressions } from './lexical/template-expressions.js'

/**
 * The calls a single-file component's markup makes of what its scripts bind: `{{ formatTitle(t) }}`,
 * `@click="select(item)"`, a handler named without a call (`@click="select"`, `on:click={toggle}`),
 * `{posts.map(...)}`; and the components it renders, as calls of them (`<TodoList />`, `<todo-list>`:
 * `TodoList`), whether the scripts import them or the framework does (Nuxt's auto-imported
 * components). Other calls count only when their name (or receiver's first name) is a top-level
 * definition or an import of the scripts: the template's own names (`v-for` items, `#each`
 * aliases, snippets) and the framework's globals (`$t`, `$emit`) are not the index's to resolve.
 * Empty for a file whose parse read its own text (not a component).
 */
export function templateCalls(lines: LineIndex, path: string, family: LayerFamily, symbols: readonly SymbolFact[], imports: readonly ImportFact[]): CallFact[] {
  if (lines.original === undefined || family.calls === undefined) return []
  const bound = new Set<string>()
  for (const symbol of symbols) if (symbol.parent === undefined) bound.add(symbol.name)
  for (const fact of imports) for (const name of fact.names) if (name.name !== '*' || name.alias) bound.add(name.alias ?? name.name)
  const { text, components } = templateExpressions(lines.original, path, (name) => bound.has(name))
  const template: LineIndex = { text, starts: lines.starts }
  const calls = scanCalls(text, maskCode(text, family.syntax), template, family.calls, { definitionNames: new Set(), typeSpans: [] })
  return calls.filter((call) => components.has(call.offset) || bound.has(call.simpleReceiver === '' ? call.name : (call.simpleReceiver.split('.')[0] as string)))
}
