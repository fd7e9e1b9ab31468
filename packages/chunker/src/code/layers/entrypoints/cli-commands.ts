import { keyArg, stringArg, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft, ImportFact } from '../facts.js'
import { cobraParentWords } from './cobra-mounts.js'
import { callDraft, commandWord, rowOfOffset, decoratorDraft, handlerOf, JS_LANGUAGES, kebab, lastSegment, type DetectContext, type EntrypointDetector } from './detector.js'


function cli(framework: string, route: string, handler: string): Pick<EntrypointDraft, 'kind' | 'framework' | 'method' | 'route' | 'handler'> {
  return { kind: 'cli-command', framework, method: '', route, handler }
}

/** commander: `program.command('serve [port]').action(serve)` and `new Command('serve')`. */
const commander: EntrypointDetector = {
  framework: 'commander',
  languages: JS_LANGUAGES,
  imports: ['commander'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls } = context.facts
    const actions = new Map<string, string>()
    for (const call of calls) {
      if (call.name !== 'action') continue
      const named = /\.command\(\s*(['"`])([^'"`]+)\1/.exec(call.receiver)
      if (named) actions.set(commandWord(named[2] as string), handlerOf(call.args()[0]))
    }
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      const isCommand = call.name === 'command' && call.receiver !== ''
      const isConstructor = call.name === 'Command' && (call.receiver === '' || call.receiver === 'commander')
      if (!isCommand && !isConstructor) continue
      const spec = stringArg(call.args(), 0)
      if (!spec) continue
      const name = commandWord(spec)
      drafts.push(callDraft(call, cli('commander', name, actions.get(name) ?? '')))
    }
    return drafts
  },
}

/** yargs: `.command('serve [port]', 'desc', builder, handler)`, `.command(['serve', 's'], ...)`, `.command({ command, handler })`. */
const yargs: EntrypointDetector = {
  framework: 'yargs',
  languages: JS_LANGUAGES,
  imports: ['yargs'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      if (call.name !== 'command' || call.receiver === '') continue
      const [first, , , handler] = call.args()
      let spec: string | undefined
      let handlerArg: Arg | undefined = handler
      if (first?.kind === 'string') spec = first.value
      else if (first?.kind === 'list' && first.items.some((item) => item.key)) {
        const command = keyArg(first.items, 'command')
        spec = command?.kind === 'string' ? command.value : command?.items.find((item) => item.kind === 'string')?.value
        handlerArg = keyArg(first.items, 'handler')
      } else if (first?.kind === 'list') spec = first.items.find((item) => item.kind === 'string')?.value
      const name = spec ? commandWord(spec) : ''
      if (!name || name === '$0' || name === '*') continue
      drafts.push(callDraft(call, cli('yargs', name, handlerOf(handlerArg))))
    }
    return drafts
  },
}

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

/** A yargs command module's command: `export const command = 'init <path>'`, `exports.command = ['serve', 's']`. */
const COMMAND_EXPORT = /^[ \t]*(?:export[ \t]+(?:const|let|var)[ \t]+command|(?:module\.)?exports\.command)[ \t]*=[ \t]*\[?\s*(['"`])([^'"`\n]+)\1/m
/** Its handler: `export const handler = ...`, `export function handler`, `exports.handler = ...`. */
const HANDLER_EXPORT = /^[ \t]*(?:export[ \t]+(?:(?:const|let|var)[ \t]+handler\b|(?:async[ \t]+)?function[ \t]*\*?[ \t]*handler\b)|(?:module\.)?exports\.handler[ \t]*=)/m

/**
 * yargs command modules (what `.command(require('./init'))` and `.commandDir('cmds')` load): a
 * file exporting `command` and `handler`. Read without an import of yargs, which the module
 * needs not have (mocha's `lib/cli/init.js`); `$0`, the default command, is not a command name.
 */
const yargsCommandModules: EntrypointDetector = {
  framework: 'yargs',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { text, symbols } = context.facts
    if (!text.includes('command')) return []
    const command = COMMAND_EXPORT.exec(text)
    const name = command ? commandWord(command[2] as string) : ''
    if (!command || !name || name === '$0' || name === '*' || !HANDLER_EXPORT.test(text)) return []
    const handler = symbols.find((symbol) => symbol.name === 'handler' && !symbol.parent)
    const row = rowOfOffset(text, command.index)
    const line = text.slice(command.index, command.index + command[0].length).trim()
    return [{ ...cli('yargs', name, handler?.qname ?? 'handler'), row, offset: command.index, text: line }]
  },
}

/** argparse: `subparsers.add_parser('serve')` (with `set_defaults(func=...)`) and `ArgumentParser(prog='tool')`. */
const argparse: EntrypointDetector = {
  framework: 'argparse',
  languages: ['python'],
  imports: ['argparse'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls } = context.facts
    const handlers = new Map<string, string>()
    for (const call of calls) {
      if (call.name !== 'set_defaults') continue
      const func = keyArg(call.args(), 'func')
      if (func) handlers.set(call.receiver, handlerOf(func))
    }
    const wrappers = subparserWrappers(context.facts.text, calls)
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      let name: string | undefined
      const wrapper = call.simpleReceiver === '' ? wrappers.get(call.name) : undefined
      if (wrapper) name = stringArg(call.args(), wrapper.position, [wrapper.param])
      else if (call.name === 'add_parser') name = stringArg(call.args(), 0, ['name'])
      else if (call.name === 'ArgumentParser') {
        const prog = keyArg(call.args(), 'prog')
        name = prog?.kind === 'string' ? prog.value : undefined
      }
      if (!name) continue
      const variable = call.assignedTo()
      drafts.push(callDraft(call, cli('argparse', name, (variable && handlers.get(variable)) ?? '')))
    }
    return drafts
  },
}

/** click and typer: `@click.command()`, `@cli.command('name')`, `@click.group()`, `@app.command()`. */
function decoratedCommands(framework: 'click' | 'typer', names: ReadonlySet<string>): EntrypointDetector {
  return {
    framework,
    languages: ['python'],
    imports: [framework],
    detect(context: DetectContext): EntrypointDraft[] {
      const drafts: EntrypointDraft[] = []
      for (const symbol of context.facts.symbols) {
        if (symbol.kind !== 'function' && symbol.kind !== 'method') continue
        for (const decorator of symbol.decorators) {
          if (!decorator.name.includes('.') || !names.has(lastSegment(decorator.name))) continue
          const name = stringArg(decorator.args, 0, ['name']) ?? kebab(symbol.name)
          drafts.push(decoratorDraft(symbol, decorator, cli(framework, name, symbol.qname)))
        }
      }
      if (framework === 'typer') {
        for (const call of context.facts.calls) {
          if (call.name !== 'add_typer') continue
          const name = keyArg(call.args(), 'name')?.value
          if (name) drafts.push(callDraft(call, cli('typer', name, handlerOf(call.args()[0]))))
        }
      }
      return drafts
    },
  }
}

/** cobra: `&cobra.Command{Use: "serve [flags]", RunE: runServe}`, under the words of the parents it is written inside. */
const cobra: EntrypointDetector = {
  framework: 'cobra',
  languages: ['go'],
  imports: ['github.com/spf13/cobra'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const literal of context.facts.literals) {
      if (lastSegment(literal.type) !== 'Command') continue
      const use = keyArg(literal.args, 'Use')
      if (use?.kind !== 'string' || !commandWord(use.value)) continue
      const handler = handlerOf(keyArg(literal.args, 'RunE') ?? keyArg(literal.args, 'Run'))
      // A command written inside its parent's `AddCommand(...)` carries the parent's word: `extension search`.
      const route = [...cobraParentWords(context.facts, literal, context.enclosing), commandWord(use.value)].join(' ')
      drafts.push({ ...cli('cobra', route, handler), row: literal.row, offset: literal.offset, text: literal.text })
    }
    return drafts
  },
}

/**
 * Whether a bare type name (`Command`) is clap's in this file: yes when a `use` binds it to clap,
 * no when uses bind it only elsewhere (fd's `use std::process::{Command, Stdio}` beside
 * `use clap::Parser`), yes when nothing binds it (a glob import of clap).
 */
function clapType(imports: readonly ImportFact[], name: string): boolean {
  let elsewhere = false
  for (const fact of imports) {
    if (!fact.names.some((bound) => (bound.alias ?? bound.name) === name)) continue
    if (fact.specifier === 'clap' || fact.specifier.startsWith('clap::')) return true
    elsewhere = true
  }
  return !elsewhere
}

/** clap's builder API: `Command::new("serve")`, `App::new("tool")`, `SubCommand::with_name("x")`. */
const clapBuilder: EntrypointDetector = {
  framework: 'clap',
  languages: ['rust'],
  imports: ['clap'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      // Exactly clap's types: `std::process::Command::new("ls")` is not a command line.
      const owner = call.receiver.replace(/^clap::/, '')
      const builds = (call.name === 'new' && (owner === 'Command' || owner === 'App')) || (call.name === 'with_name' && owner === 'SubCommand')
      if (!builds || (owner === call.receiver && !clapType(context.facts.imports, owner))) continue
      const name = stringArg(call.args(), 0)
      if (name) drafts.push(callDraft(call, cli('clap', name, '')))
    }
    return drafts
  },
}

/** The CLI command detectors, one entry per framework (clap's derive API is read by the Rust family). */
export const CLI_COMMAND_DETECTORS: readonly EntrypointDetector[] = [
  commander,
  yargs,
  yargsCommandModules,
  argparse,
  decoratedCommands('click', new Set(['command', 'group'])),
  decoratedCommands('typer', new Set(['command'])),
  cobra,
  clapBuilder,
]
