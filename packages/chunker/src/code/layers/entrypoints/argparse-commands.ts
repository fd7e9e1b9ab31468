import { keyArg, stringArg } from '../args.js'
import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, cliCommand, handlerOf, type DetectContext, type EntrypointDetector } from './detector.js'

/** Python `def` headers, to find the function around a call (nested ones are not catalogued symbols). */
const PYTHON_DEF = /^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(([^)]*)\)/gm

/**
 * Functions that add a subparser named by their own parameter (pre-commit's
 * `def _add_cmd(name, *, help): return subparsers.add_parser(name, help=help)`), with the
 * parameter's position: their calls (`_add_cmd('autoupdate', help=...)`) name commands.
 */
function subparserWrappers(text: string, calls: readonly CallFact[]): Map<string, { readonly param: string; readonly position: number }> {
  const wrappers = new Map<string, { param: string; position: number }>()
  for (const call of calls) {
    const first = call.name === 'add_parser' ? call.args()[0] : undefined
    if (first?.kind !== 'name' || first.key || first.value.includes('.')) continue
    let header: RegExpExecArray | undefined
    PYTHON_DEF.lastIndex = 0
    for (let m = PYTHON_DEF.exec(text); m !== null && m.index < call.offset; m = PYTHON_DEF.exec(text)) header = m
    if (!header) continue
    const params = (header[2] as string).split(',').map((p) => p.trim().replace(/[:=].*$/s, '').trim())
    const position = params.filter((p) => p !== 'self' && p !== '*' && p !== '/').indexOf(first.value)
    if (position >= 0) wrappers.set(header[1] as string, { param: first.value, position })
  }
  return wrappers
}

/** A parser variable of one scope (the definition around it, by its start; `-1` at module level) and its name there. */
const scoped = (scope: number, variable: string): string => `${scope}\0${variable}`

/** One command's parser: the call that makes it, its word and the variable (in its scope) it is assigned to. */
interface CommandParser {
  readonly call: CallFact
  readonly word: string
  readonly key: string | undefined
}

/**
 * argparse: `subparsers.add_parser('serve')` and `ArgumentParser(prog='tool')`. A subcommand's
 * route is its words under the subcommands it is added beneath in the same function
 * (`cache_sub = cache.add_subparsers()`, then `cache_sub.add_parser('dir')`: `cache dir`); its
 * handler the `func` of the first `set_defaults` on its variable after it in the same function,
 * before the variable is given another parser (pipx's `_add_install` and `_add_remove` both use `p`).
 */
export const ARGPARSE_DETECTOR: EntrypointDetector = {
  framework: 'argparse',
  languages: ['python'],
  imports: ['argparse'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls } = context.facts
    const scopeOf = (call: CallFact): number => context.enclosing(call.offset)?.start ?? -1
    const wrappers = subparserWrappers(context.facts.text, calls)
    // `set_defaults(func=...)` calls and the parsers' assignments of each scoped variable, in file order.
    const defaults = new Map<string, { offset: number; handler: string }[]>()
    const assigned = new Map<string, number[]>()
    // The parser each subparsers action belongs to: `s = p.add_subparsers()` gives `s` -> `p`.
    const actions = new Map<string, string>()
    const parsers: CommandParser[] = []
    for (const call of calls) {
      const scope = scopeOf(call)
      const variable = call.assignedTo()
      if (call.name === 'set_defaults') {
        const func = keyArg(call.args(), 'func')
        const key = scoped(scope, call.receiver)
        if (func) defaults.set(key, [...(defaults.get(key) ?? []), { offset: call.offset, handler: handlerOf(func) }])
        continue
      }
      if (call.name === 'add_subparsers') {
        if (variable) actions.set(scoped(scope, variable), call.receiver)
        continue
      }
      const wrapper = call.simpleReceiver === '' ? wrappers.get(call.name) : undefined
      let word: string | undefined
      if (wrapper) word = stringArg(call.args(), wrapper.position, [wrapper.param])
      else if (call.name === 'add_parser') word = stringArg(call.args(), 0, ['name'])
      else if (call.name === 'ArgumentParser') {
        const prog = keyArg(call.args(), 'prog')
        word = prog?.kind === 'string' ? prog.value : undefined
      }
      const key = variable ? scoped(scope, variable) : undefined
      if (key && (word !== undefined || call.name === 'add_parser' || call.name === 'ArgumentParser')) assigned.set(key, [...(assigned.get(key) ?? []), call.offset])
      if (word) parsers.push({ call, word, key })
    }
    // The subcommand words above a parser: those of the parser whose subparsers action it is added to.
    const byKey = new Map(parsers.flatMap((parser) => (parser.key ? [[parser.key, parser] as const] : [])))
    const wordsOf = (parser: CommandParser, depth: number): string[] => {
      if (parser.call.name !== 'add_parser' || depth > 8) return [parser.word]
      const scope = scopeOf(parser.call)
      const owner = actions.get(scoped(scope, parser.call.receiver))
      const above = owner === undefined ? undefined : byKey.get(scoped(scope, owner))
      return above === undefined || above.call.name !== 'add_parser' ? [parser.word] : [...wordsOf(above, depth + 1), parser.word]
    }
    return parsers.map((parser) => {
      const { call, key } = parser
      const next = key === undefined ? undefined : assigned.get(key)?.find((offset) => offset > call.offset)
      const local = key === undefined ? undefined : defaults.get(key)?.find((d) => d.offset > call.offset && (next === undefined || d.offset < next))
      // A module-level parser (`parser = ArgumentParser(...)`) may get its defaults in a function (`main()`).
      const variable = call.assignedTo()
      const handler = local ?? (scopeOf(call) === -1 && variable ? [...defaults].find(([other]) => other.endsWith(`\0${variable}`))?.[1][0] : undefined)
      return callDraft(call, cliCommand('argparse', wordsOf(parser, 0).join(' '), handler?.handler ?? ''))
    })
  },
}
