import { keyArg, stringArg, type Arg } from '../args.js'
import type { EntrypointDraft, ImportFact } from '../facts.js'
import { callDraft, commandWord, decoratorDraft, handlerOf, JS_LANGUAGES, kebab, lastSegment, type DetectContext, type EntrypointDetector } from './detector.js'


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
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      let name: string | undefined
      if (call.name === 'add_parser') name = stringArg(call.args(), 0, ['name'])
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

/** cobra: `&cobra.Command{Use: "serve [flags]", RunE: runServe}`. */
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
      drafts.push({ ...cli('cobra', commandWord(use.value), handler), row: literal.row, offset: literal.offset, text: literal.text })
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
  argparse,
  decoratedCommands('click', new Set(['command', 'group'])),
  decoratedCommands('typer', new Set(['command'])),
  cobra,
  clapBuilder,
]
