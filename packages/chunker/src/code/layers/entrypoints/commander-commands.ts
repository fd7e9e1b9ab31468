import { stringArg } from '../args.js'
import type { CallFact, EntrypointDraft, FileFacts, MountFact, SymbolFact } from '../facts.js'
import { callValues, functionAround, type CallValues } from './call-values.js'
import { callDraft, cliCommand, commandWord, handlerOf, JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'

/** Calls that make a command object: `new Command('serve')`, `createCommand('serve')`. */
const CONSTRUCTORS: ReadonlySet<string> = new Set(['Command', 'createCommand'])
/** Calls that start a program's run: the command they are made on is the program. */
const PARSES: ReadonlySet<string> = new Set(['parse', 'parseAsync'])
/** Nested commands deeper than this keep the words found so far (commands added to each other stay cheap). */
const MAX_DEPTH = 8
/** Links of a chain or variables followed back at most (each step goes to an earlier call: no cycle, but no end either in a generated file). */
const MAX_LINKS = 256

/** Whether a call makes a command object (`new Command(...)`, `new commander.Command(...)`, `program.createCommand(...)`). */
function constructs(call: CallFact): boolean {
  return CONSTRUCTORS.has(call.name) && (call.receiver === '' || call.receiver === 'commander' || call.name === 'createCommand')
}

/**
 * `.command('install', 'install packages')`: a stand-alone executable subcommand, which returns
 * the command it is added to (so `.command('a', 'x').command('b', 'y')` adds two siblings). Its
 * description is any expression (`'s '.repeat(33)`) but an options object; a variable may be
 * either, and is read as options.
 */
function executable(call: CallFact): boolean {
  const description = call.args()[1]
  if (description === undefined || description.key || description.kind === 'list' || description.kind === 'name') return false
  return description.kind !== 'string' || description.value !== ''
}

/**
 * The commands of one commander file and where each sits: every command object is a
 * `.command(spec)` call or a `new Command(name)`, and its parent is the command the call is made
 * on (through chains and variables) or the one it is handed to by `.addCommand(...)`. The
 * program itself (the unnamed `new Command()`, commander's `program`, or a named command the
 * file parses) adds no word, so `brew.command('tea')` under `program.command('brew')` is `brew tea`.
 */
class CommanderTree {
  readonly #values: CallValues
  readonly #calls: readonly CallFact[]
  readonly #enclosing: (offset: number) => SymbolFact | undefined
  readonly #symbols: readonly SymbolFact[]
  readonly #words = new Map<CallFact, string[]>()
  #parsed: Set<CallFact> | undefined
  #added: Map<CallFact, CallFact> | undefined

  constructor(context: Pick<DetectContext, 'facts' | 'enclosing'>) {
    this.#calls = context.facts.calls
    this.#symbols = context.facts.symbols
    this.#enclosing = context.enclosing
    this.#values = callValues(context.facts, context.enclosing)
  }

  /** The command object a call's value is: a `.command(spec)` or constructor call, or `undefined` for the program or an unknown value. */
  valueOf(call: CallFact, depth = 0): CallFact | undefined {
    if (depth > MAX_LINKS) return undefined
    if (constructs(call)) return stringArg(call.args(), 0) === undefined ? undefined : call
    if (call.receiver === '') return undefined
    if (call.name === 'command' && !executable(call)) return call
    // Any other method of a command returns the command it is called on (`.description()`, `.addCommand()`).
    return this.receiverOf(call, depth + 1)
  }

  /** The command object a call is made on, or `undefined` for the program or an unknown receiver. */
  receiverOf(call: CallFact, depth = 0): CallFact | undefined {
    if (depth > MAX_LINKS) return undefined
    const chained = this.#values.receiverCall(call)
    if (chained !== undefined) return this.valueOf(chained, depth + 1)
    if (!/^[A-Za-z_$][\w$]*$/.test(call.simpleReceiver)) return undefined
    const held = this.#values.heldBy(call.simpleReceiver, call.offset)
    return held === undefined ? undefined : this.valueOf(held, depth + 1)
  }

  /** The words of a command object's whole command line, or `[]` for the program. */
  wordsOf(command: CallFact | undefined, depth = 0): string[] {
    if (command === undefined || depth > MAX_DEPTH) return []
    let words = this.#words.get(command)
    if (words !== undefined) return words
    const own = commandWord(stringArg(command.args(), 0) ?? '')
    if (constructs(command)) {
      const parent = this.#addedTo().get(command)
      words = this.#parses().has(command) ? [] : [...(parent === undefined ? [] : this.wordsOf(this.receiverOf(parent), depth + 1)), own]
    } else words = [...this.wordsOf(this.receiverOf(command), depth + 1), own]
    this.#words.set(command, words)
    return words
  }

  /**
   * The variable that holds the outermost command object above `command` in this file (itself
   * when it is added to none): `setCommand` of `export const setCommand = new Command('set')`,
   * which another file may add beneath its commands; `undefined` for the program's commands.
   */
  rootVariable(command: CallFact | undefined, depth = 0): string | undefined {
    if (command === undefined || depth > MAX_DEPTH || this.#parses().has(command)) return undefined
    if (!constructs(command)) return this.rootVariable(this.receiverOf(command), depth + 1)
    const parent = this.#addedTo().get(command)
    return parent === undefined ? command.assignedTo() : this.rootVariable(this.receiverOf(parent), depth + 1)
  }

  /**
   * What an `.addCommand(arg)` call adds from another file: a name the file imports
   * (`config.addCommand(setCommand)`) or a call of one (`config.addCommand(makeSetCommand())`),
   * when no command object of this file is it.
   */
  importedAdded(call: CallFact, imported: ReadonlySet<string>): string | undefined {
    const arg = call.args()[0]
    if (arg?.kind === 'name' && imported.has(arg.value.split('.')[0] as string)) {
      const held = this.#values.heldBy(arg.value, call.offset)
      return held === undefined || this.valueOf(held) === undefined ? arg.value : undefined
    }
    return arg?.kind === 'call' && arg.chain.length === 0 && imported.has(arg.value.split('.')[0] as string) ? arg.value : undefined
  }

  /** The named commands the file runs as programs (`const cli = new Command('shop'); ...; cli.parse()`). */
  #parses(): Set<CallFact> {
    if (this.#parsed === undefined) {
      this.#parsed = new Set()
      for (const call of this.#calls) {
        const program = PARSES.has(call.name) ? this.receiverOf(call) : undefined
        if (program !== undefined && constructs(program)) this.#parsed.add(program)
      }
    }
    return this.#parsed
  }

  /** Constructed commands handed to `.addCommand(...)`, each with that call. */
  #addedTo(): Map<CallFact, CallFact> {
    if (this.#added === undefined) {
      this.#added = new Map()
      for (const call of this.#calls) {
        if (call.name !== 'addCommand' || call.receiver === '') continue
        const child = this.#addedCommand(call)
        if (child !== undefined && !this.#added.has(child)) this.#added.set(child, call)
      }
    }
    return this.#added
  }

  /**
   * The command `.addCommand(arg)` adds: a variable's (`addCommand(db)`), one made in the argument
   * (`addCommand(new Command('db'))`), or the first made in a function of this file that the
   * argument calls (`addCommand(makeHeatCommand())`).
   */
  #addedCommand(call: CallFact): CallFact | undefined {
    const arg = call.args()[0]
    if (arg?.kind === 'name') {
      const held = this.#values.heldBy(arg.value, call.offset)
      const value = held === undefined ? undefined : this.valueOf(held)
      return value !== undefined && constructs(value) ? value : undefined
    }
    const inside = this.#calls.find((each) => each.offset > call.open && each.offset < call.end() && constructs(each))
    if (inside !== undefined || arg?.kind !== 'call') return inside
    const factory = this.#symbols.find((symbol) => symbol.name === arg.value && symbol.kind === 'function')
    if (factory === undefined) return undefined
    return this.#calls.find((each) => constructs(each) && functionAround(this.#enclosing, each.offset) === factory && stringArg(each.args(), 0) !== undefined)
  }
}

/**
 * commander: `program.command('serve [port]').action(serve)`, `new Command('db')`, and their
 * nested commands under their parents' words (`brew tea`), each with the handler of its own
 * `.action(...)`.
 */
export const COMMANDER_DETECTOR: EntrypointDetector = {
  framework: 'commander',
  languages: JS_LANGUAGES,
  // (`@commander-js/extra-typings` is commander with inferred types: the same API.)
  imports: ['commander', '@commander-js/extra-typings'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls } = context.facts
    const tree = new CommanderTree(context)
    const handlers = new Map<CallFact, string>()
    for (const call of calls) {
      if (call.name !== 'action' || call.receiver === '') continue
      const command = tree.receiverOf(call)
      if (command !== undefined && !handlers.has(command)) handlers.set(command, handlerOf(call.args()[0]))
    }
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      const isCommand = call.name === 'command' && call.receiver !== ''
      if (!isCommand && !constructs(call)) continue
      const spec = stringArg(call.args(), 0)
      if (!spec || !commandWord(spec)) continue
      // An executable subcommand is no command object: its words are its parent's and its own.
      const words = isCommand && executable(call) ? [...tree.wordsOf(tree.receiverOf(call)), commandWord(spec)] : tree.wordsOf(call)
      // A program the file parses keeps its own name as its command.
      const route = words.length > 0 ? words.join(' ') : commandWord(spec)
      const draft = callDraft(call, cliCommand('commander', route, handlers.get(call) ?? ''))
      // The variable of its outermost command, which another file may add beneath its own (see `commanderMountFacts`).
      const router = tree.rootVariable(isCommand && executable(call) ? tree.receiverOf(call) : call)
      drafts.push(router === undefined ? draft : { ...draft, router })
    }
    return drafts
  },
}

/** A JavaScript import of the project's own code: relative, or through a root alias (`@/`, `~/`, `#`). */
const PROJECT_IMPORT = /^(?:\.{0,2}\/|[@~]\/|#)/

/**
 * commander's `.addCommand(sub)` of a command another file makes (`import { setCommand } from
 * './set'`, or `makeSetCommand()` of an imported factory) on a command of this file:
 * `program.command('config').addCommand(setCommand)` mounts `setCommand` under `config`, so that
 * `set` is `config set`. On the program itself it adds no word: no mount. Its router is the
 * variable of this file's outermost command above, for files that add this one's.
 */
export function commanderMountFacts(facts: FileFacts, enclosing: (offset: number) => SymbolFact | undefined): MountFact[] {
  if (!facts.text.includes('addCommand')) return []
  const imported = new Set<string>()
  for (const fact of facts.imports) if (PROJECT_IMPORT.test(fact.specifier)) for (const name of fact.names) imported.add(name.alias ?? name.name)
  if (imported.size === 0) return []
  const tree = new CommanderTree({ facts, enclosing })
  const out: MountFact[] = []
  for (const call of facts.calls) {
    const target = call.name === 'addCommand' && call.receiver !== '' ? tree.importedAdded(call, imported) : undefined
    if (target === undefined) continue
    const parent = tree.receiverOf(call)
    const words = tree.wordsOf(parent)
    if (words.length === 0) continue
    out.push({ target, prefix: words.join('/'), router: tree.rootVariable(parent) ?? '', row: call.row, offset: call.offset })
  }
  return out
}
