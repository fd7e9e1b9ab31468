import { parseArgs, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft, FileFacts } from '../facts.js'
import { closingBracket } from '../lexical/brackets.js'
import { callDraft, rooted, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'

/**
 * Calls that take Tornado's routing table: `Application([...])`, `app.add_handlers(r".*", [...])`,
 * and an `Application` subclass's `super().__init__(handlers, **settings)` (or
 * `tornado.web.Application.__init__(self, handlers, ...)`).
 */
const TABLE_CALLS: ReadonlySet<string> = new Set(['Application', 'add_handlers', '__init__'])

/** The table a call takes: its list, or the list the name it passes was assigned just before it (`handlers = [...]`). */
function tableOf(call: CallFact, facts: FileFacts): Arg | undefined {
  const positional = call.args().filter((arg) => !arg.key && arg.value !== 'self')
  const table = call.name === 'add_handlers' ? positional[1] : (positional[0] ?? call.args().find((arg) => arg.key === 'handlers'))
  if (table?.kind !== 'name' || !/^[A-Za-z_]\w*$/.test(table.value)) return table
  const before = facts.masked.slice(0, call.offset)
  const assigned = [...before.matchAll(new RegExp(`(?:^|\\n)[ \\t]*${table.value}[ \\t]*=[ \\t]*\\[`, 'g'))].at(-1)
  if (assigned === undefined) return undefined
  const open = (assigned.index as number) + assigned[0].length - 1
  const close = closingBracket(facts.masked, open)
  return close < 0 ? undefined : { key: '', kind: 'list', value: facts.text.slice(open, close + 1), items: parseArgs(facts.text.slice(open + 1, close)), chain: [] }
}

/** One rule of a table: `(r"/items/([0-9]+)", ItemHandler)`, `url(r"/", MainHandler, name="home")`; `undefined` for another item. */
function rule(item: Arg): { path: string; handler: string } | undefined {
  const parts = item.kind === 'list' && item.value.startsWith('(') ? item.items : item.kind === 'call' && /(?:^|\.)(?:url|URLSpec)$/.test(item.value) ? item.items : undefined
  const [path, handler] = (parts ?? []).filter((arg) => !arg.key)
  return path?.kind === 'string' && handler?.kind === 'name' ? { path: path.value, handler: handler.value } : undefined
}

/**
 * Tornado's routing tables: each `(r"/items/([0-9]+)", ItemHandler)` or `url(...)` rule of the
 * list an `Application(...)` (or `add_handlers`, or a subclass's `__init__`) takes, written in the
 * call or assigned to the name it passes, is a route to its `RequestHandler` class,
 * for any method (the layer graph gives it one route per method the class answers).
 */
export const tornadoRoutes: EntrypointDetector = {
  framework: 'tornado',
  languages: ['python'],
  imports: ['tornado'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      if (!TABLE_CALLS.has(call.name)) continue
      const table = tableOf(call, context.facts)
      // Each rule on its own line: where its path is written (in the call or the list it names), after the rule before it.
      let at = table?.kind === 'list' && call.args().every((arg) => arg !== table) ? context.facts.text.lastIndexOf(table.value, call.offset) : call.open
      for (const item of table?.kind === 'list' ? table.items : []) {
        const found = rule(item)
        if (!found) continue
        const written = context.facts.text.indexOf(found.path, at)
        if (written >= 0) at = written + found.path.length
        const draft = callDraft(call, { kind: 'http-route', framework: 'tornado', method: '*', route: rooted(found.path), handler: found.handler })
        drafts.push(written < 0 ? draft : { ...draft, row: rowOfOffset(context.facts.text, written), offset: written })
      }
    }
    return drafts
  },
}
