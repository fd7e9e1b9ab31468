import { parseArgs } from '../args.js'
import type { DecoratorFact, SymbolFact } from '../facts.js'
import { closingBracket } from '../lexical/brackets.js'
import { rowOfOffset, type DetectContext } from './detector.js'

/** An indented decorator call (`    @app.route(`), in the masked text: strings and comments are blank there. */
const INDENTED_DECORATOR = /\n[ \t]+@([A-Za-z_][\w.]*)[ \t]*\(/g

/** After a decorator: more decorators, then the `def` they decorate. */
const DECORATED_DEF = /^[ \t]*\r?\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/

/**
 * Python functions decorated inside a function body (an app or blueprint factory: the Flask
 * tutorial's `create_app` with `@app.route('/hello')` over `def hello()`), which the symbol catalog
 * leaves out as it leaves out every nested definition: read from their decorator calls, each as a
 * definition of its own (id `''`, its factory as `parent`, named under it) with its decorators,
 * for the route detectors that read decorated definitions.
 */
export function nestedDecoratedDefinitions(context: DetectContext): SymbolFact[] {
  const { text, masked, language } = context.facts
  if (language !== 'python' || !masked.includes('@')) return []
  const byDef = new Map<number, { name: string; parent: SymbolFact; decorators: DecoratorFact[]; row: number }>()
  for (const match of masked.matchAll(INDENTED_DECORATOR)) {
    const at = (match.index as number) + match[0].indexOf('@')
    const parent = context.enclosing(at)
    if (!parent || (parent.kind !== 'function' && parent.kind !== 'method')) continue
    const open = (match.index as number) + match[0].length - 1
    const close = closingBracket(masked, open)
    if (close < 0) continue
    const def = DECORATED_DEF.exec(masked.slice(close + 1, close + 600))
    if (!def) continue
    const row = rowOfOffset(text, at)
    // A decorator of the enclosing definition itself is the catalog's already.
    if (parent.decorators.some((d) => d.row === row)) continue
    const defAt = close + 1 + def.index + def[0].length
    const decorator: DecoratorFact = { name: match[1] as string, args: parseArgs(text.slice(open + 1, close)), text: text.slice(at, close + 1).replace(/\s+/g, ' ').slice(0, 200), row }
    const known = byDef.get(defAt)
    if (known) known.decorators.push(decorator)
    else byDef.set(defAt, { name: def[1] as string, parent, decorators: [decorator], row: row + def[0].split('\n').length - 1 })
  }
  // (A route handler the catalog defines under its factory already: `families/python.ts`.)
  const defined = new Set(context.facts.symbols.map((symbol) => symbol.qname))
  return [...byDef.entries()].filter(([, { name, parent }]) => !defined.has(`${parent.qname}.${name}`)).map(([at, { name, parent, decorators, row }]) => ({
    id: '',
    name,
    // Named under its factory (`create_app.hello`): no definition elsewhere of the same name is taken for it.
    qname: `${parent.qname}.${name}`,
    kind: 'function',
    start: at,
    end: at,
    startRow: row,
    endRow: row,
    parent,
    signature: `def ${name}`,
    exported: false,
    decorators,
    testMarker: false,
  }))
}
