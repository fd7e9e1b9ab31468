import { keyArg, stringArg } from '../args.js'
import type { CallFact, EntrypointDraft, ImportFact } from '../facts.js'
import { ARGPARSE_DETECTOR } from './argparse-commands.js'
import { CLICK_DETECTOR, TYPER_DETECTOR } from './click-typer-commands.js'
import { cobraParentWords } from './cobra-mounts.js'
import { COMMANDER_DETECTOR } from './commander-commands.js'
import { DJANGO_COMMANDS_DETECTOR } from './django-commands.js'
import { LARAVEL_COMMANDS_DETECTOR, SYMFONY_COMMANDS_DETECTOR } from './php-console-commands.js'
import { callDraft, cliCommand, commandWord, handlerOf, lastSegment, type DetectContext, type EntrypointDetector } from './detector.js'
import { YARGS_COMMAND_MODULE_DETECTOR, YARGS_DETECTOR } from './yargs-commands.js'
import { swiftArgumentParser } from './swift-argument-parser.js'
import { dartArgsCommands } from './dart-args-commands.js'

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
      drafts.push({ ...cliCommand('cobra', route, handler), row: literal.row, offset: literal.offset, text: literal.text })
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

/** Commands nested deeper than this are not followed to their parents. */
const MAX_CLAP_NESTING = 8

/**
 * The command a clap builder call is a subcommand of, by the `.subcommand(...)` call whose
 * arguments hold it: the builder that starts that call's chain (`Command::new("git")...subcommand(
 * Command::new("clone"))`), else the nearest builder before it outside the sibling subcommands.
 */
function clapParent(builder: CallFact, builders: readonly CallFact[], subcommands: readonly CallFact[]): CallFact | undefined {
  const holds = (call: CallFact, offset: number): boolean => offset >= call.open && offset < call.end()
  let around: CallFact | undefined
  for (const call of subcommands) if (holds(call, builder.offset) && (around === undefined || call.open > around.open)) around = call
  if (around === undefined) return undefined
  const head = builders.find((each) => each.offset === around.offset && each !== builder)
  if (head) return head
  const ancestors = subcommands.filter((call) => holds(call, around.open))
  for (let i = builders.length - 1; i >= 0; i--) {
    const candidate = builders[i] as CallFact
    if (candidate.offset >= around.open) continue
    if (subcommands.every((call) => !holds(call, candidate.offset) || ancestors.includes(call))) return candidate
  }
  return undefined
}

/**
 * clap's builder API: `Command::new("serve")`, `App::new("tool")`, `SubCommand::with_name("x")`; a
 * command given to `.subcommand(...)` is under the command that chain builds, its route the whole
 * command line (`git clone`), as with the derive API.
 */
const clapBuilder: EntrypointDetector = {
  framework: 'clap',
  languages: ['rust'],
  imports: ['clap'],
  // (A crate is in scope without a `use`: `clap::Command::new("tool")`.)
  mentions: /\bclap::(?:Command|App|SubCommand)::/,
  detect(context: DetectContext): EntrypointDraft[] {
    const builders: { call: CallFact; name: string }[] = []
    for (const call of context.facts.calls) {
      // Exactly clap's types: `std::process::Command::new("ls")` is not a command line.
      const owner = call.receiver.replace(/^clap::/, '')
      const builds = (call.name === 'new' && (owner === 'Command' || owner === 'App')) || (call.name === 'with_name' && owner === 'SubCommand')
      if (!builds || (owner === call.receiver && !clapType(context.facts.imports, owner))) continue
      const name = stringArg(call.args(), 0)
      if (name) builders.push({ call, name })
    }
    const calls = builders.map((each) => each.call).sort((a, b) => a.offset - b.offset)
    const subcommands = context.facts.calls.filter((call) => call.name === 'subcommand' || call.name === 'subcommands')
    const names = new Map(builders.map(({ call, name }) => [call, name]))
    const line = (call: CallFact, depth: number): string[] => {
      const parent = depth < MAX_CLAP_NESTING ? clapParent(call, calls, subcommands) : undefined
      const own = names.get(call) as string
      return parent === undefined || !names.has(parent) ? [own] : [...line(parent, depth + 1), own]
    }
    return builders.map(({ call }) => callDraft(call, cliCommand('clap', line(call, 0).join(' '), '')))
  },
}

/** The CLI command detectors, one entry per framework (clap's derive API is read by the Rust family). */
export const CLI_COMMAND_DETECTORS: readonly EntrypointDetector[] = [
  COMMANDER_DETECTOR,
  YARGS_DETECTOR,
  YARGS_COMMAND_MODULE_DETECTOR,
  ARGPARSE_DETECTOR,
  DJANGO_COMMANDS_DETECTOR,
  LARAVEL_COMMANDS_DETECTOR,
  SYMFONY_COMMANDS_DETECTOR,
  CLICK_DETECTOR,
  TYPER_DETECTOR,
  cobra,
  clapBuilder,
  swiftArgumentParser,
  dartArgsCommands,
]
