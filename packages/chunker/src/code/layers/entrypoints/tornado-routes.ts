import type { Arg } from '../args.js'
import type { EntrypointDraft } from '../facts.js'
import { callDraft, rooted, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'

/** Calls that take Tornado's routing table: `Application([...])`, `app.add_handlers(r".*", [...])`. */
const TABLE_CALLS: ReadonlySet<string> = new Set(['Application', 'add_handlers'])

/** One rule of a table: `(r"/items/([0-9]+)", ItemHandler)`, `url(r"/", MainHandler, name="home")`; `undefined` for another item. */
function rule(item: Arg): { path: string; handler: string } | undefined {
  const parts = item.kind === 'list' && item.value.startsWith('(') ? item.items : item.kind === 'call' && /(?:^|\.)(?:url|URLSpec)$/.test(item.value) ? item.items : undefined
  const [path, handler] = (parts ?? []).filter((arg) => !arg.key)
  return path?.kind === 'string' && handler?.kind === 'name' ? { path: path.value, handler: handler.value } : undefined
}

/**
 * Tornado's routing tables: each `(r"/items/([0-9]+)", ItemHandler)` or `url(...)` rule of the
 * list an `Application(...)` (or `add_handlers`) takes is a route to its `RequestHandler` class,
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
      const positional = call.args().filter((arg) => !arg.key)
      const table = call.name === 'add_handlers' ? positional[1] : (positional[0] ?? call.args().find((arg) => arg.key === 'handlers'))
      // Each rule on its own line: where its path is written, after the rule before it.
      let at = call.open
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
