import { GLOBAL_ROUTE_FACTS } from '@rag/core'
import { keyArg, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft, FileFacts, MountFact, SymbolFact } from '../facts.js'
import { functionAround } from './call-values.js'
import { callDraft, cliCommand, commandWord, handlerOf, JS_LANGUAGES, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'

/** A yargs command module's command: `export const command = 'init <path>'`, `exports.command = ['serve', 's']`. */
const COMMAND_EXPORT = /^[ \t]*(?:export[ \t]+(?:const|let|var)[ \t]+command|(?:module\.)?exports\.command)[ \t]*=[ \t]*\[?\s*(['"`])([^'"`\n]+)\1/m
/** Its handler: `export const handler = ...`, `export function handler`, `exports.handler = ...`. */
const HANDLER_EXPORT = /^[ \t]*(?:export[ \t]+(?:(?:const|let|var)[ \t]+handler\b|(?:async[ \t]+)?function[ \t]*\*?[ \t]*handler\b)|(?:module\.)?exports\.handler[ \t]*=)/m
/** Nested commands deeper than this keep the words found so far. */
const MAX_DEPTH = 8

/** A command's word, `''` for the default command (`$0`, `*`), which adds no word. */
function wordOf(spec: string | undefined): string {
  const word = spec === undefined ? '' : commandWord(spec)
  return word === '$0' || word === '*' ? '' : word
}

/** One `.command(...)` call as yargs reads it: its spec, builder and handler, positional (`'serve', 'desc', builder, handler`) or as an object. */
interface CommandCall {
  readonly call: CallFact
  readonly word: string
  readonly builder: Arg | undefined
  readonly handler: Arg | undefined
}

function commandCall(call: CallFact): CommandCall | undefined {
  if (call.name !== 'command' || call.receiver === '') return undefined
  const [first, , builder, handler] = call.args()
  if (first?.kind === 'string') return { call, word: wordOf(first.value), builder, handler }
  if (first?.kind !== 'list') return undefined
  if (first.items.some((item) => item.key)) {
    const command = keyArg(first.items, 'command')
    const spec = command?.kind === 'string' ? command.value : command?.items.find((item) => item.kind === 'string')?.value
    return { call, word: wordOf(spec), builder: keyArg(first.items, 'builder'), handler: keyArg(first.items, 'handler') }
  }
  return { call, word: wordOf(first.items.find((item) => item.kind === 'string')?.value), builder, handler }
}

/**
 * A command module written as one object: `module.exports = { command: 'clean', handler }`,
 * `export default { ... }`, or a constant holding one (`const clean: CommandModule = { ... }`,
 * group 1), which the file must export. Group 3 is the command's spec.
 */
const OBJECT_COMMAND = /^[ \t]*(?:module\.exports[ \t]*=|export[ \t]+default|(?:export[ \t]+)?(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)(?:[ \t]*:[^=\n]+)?[ \t]*=)[ \t]*\{[^]{0,400}?\bcommand[ \t]*:[ \t]*\[?\s*(['"`])([^'"`\n]+)\2/m

/** A handler property of a command object: `handler: run`, `handler(argv) {`, `async handler(`, shorthand `handler,`. */
const HANDLER_PROPERTY = /\bhandler\b[ \t]*[:(,}\n]/

/** The file's command module (`export const command = 'remote <command>'` with a handler, or one object), if it is one: its word (`''` for the default command) and where it is declared. */
function moduleCommand(facts: FileFacts): { readonly word: string; readonly offset: number; readonly line: string; readonly handler: string } | undefined {
  const { text } = facts
  if (!text.includes('command')) return undefined
  const command = COMMAND_EXPORT.exec(text)
  if (command && HANDLER_EXPORT.test(text)) return { word: wordOf(command[2]), offset: command.index, line: command[0].trim(), handler: 'handler' }
  const object = OBJECT_COMMAND.exec(text)
  if (!object || !HANDLER_PROPERTY.test(text.slice(object.index)) || (object[1] !== undefined && !facts.symbols.some((symbol) => !symbol.parent && symbol.name === object[1] && symbol.exported === true))) return undefined
  const end = text.indexOf('\n', object.index)
  return { word: wordOf(object[3]), offset: object.index, line: text.slice(object.index, end < 0 ? undefined : end).trim(), handler: object[1] === undefined ? 'handler' : `${object[1]}.handler` }
}

/**
 * The words of the yargs commands around an offset, outermost first: a call written inside
 * another's builder (`.command('math', 'desc', (y) => y.command('add', ...))` is under `math`),
 * inside a function of this file named as another's builder, or else inside a command module
 * (`exports.command = 'remote <command>'`), under its command. The default command adds no word.
 */
function commandWords(facts: FileFacts, enclosing: (offset: number) => SymbolFact | undefined): { readonly commands: readonly CommandCall[]; wordsAt(offset: number): string[] } {
  const commands = facts.calls.map(commandCall).filter((command): command is CommandCall => command !== undefined)
  const module = moduleCommand(facts)
  const parentAt = (offset: number): CommandCall | undefined => {
    let around: CommandCall | undefined
    for (const other of commands) {
      const inside = other.call.open < offset && offset < other.call.end()
      if (inside && (around === undefined || other.call.open > around.call.open)) around = other
    }
    if (around !== undefined) return around
    const scope = functionAround(enclosing, offset)
    return scope === undefined ? undefined : commands.find((other) => other.builder?.kind === 'name' && other.builder.value === scope.name)
  }
  const wordsAt = (offset: number, depth = 0): string[] => {
    const parent = depth < MAX_DEPTH ? parentAt(offset) : undefined
    if (parent === undefined) return module?.word ? [module.word] : []
    const above = wordsAt(parent.call.offset, depth + 1)
    return parent.word === '' ? above : [...above, parent.word]
  }
  return { commands, wordsAt }
}

/** The file's named yargs `.command(...)` calls, each with its whole command line (see {@link commandWords}). */
function commandCalls(context: DetectContext): { readonly command: CommandCall; readonly words: readonly string[] }[] {
  const { commands, wordsAt } = commandWords(context.facts, context.enclosing)
  return commands.filter((command) => command.word !== '').map((command) => ({ command, words: [...wordsAt(command.call.offset), command.word] }))
}

/** Drafts of the file's `.command(...)` calls (see {@link commandCalls}); only those inside `within` when given. */
function commandDrafts(context: DetectContext, within?: SymbolFact): EntrypointDraft[] {
  return commandCalls(context)
    .filter(({ command }) => within === undefined || (command.call.offset >= within.start && command.call.offset < within.end))
    .map(({ command, words }) => callDraft(command.call, cliCommand('yargs', words.join(' '), handlerOf(command.handler))))
}

/**
 * yargs: `.command('serve [port]', 'desc', builder, handler)`, `.command(['serve', 's'], ...)`,
 * `.command({ command, handler })`, nested ones under their parents' words (`math add`).
 */
export const YARGS_DETECTOR: EntrypointDetector = {
  framework: 'yargs',
  languages: JS_LANGUAGES,
  imports: ['yargs'],
  detect: commandDrafts,
}

/**
 * yargs command modules (what `.command(require('./init'))` and `.commandDir('cmds')` load): a
 * file exporting `command` and `handler`, and the commands its builder adds beneath it. Read
 * without an import of yargs, which the module needs not have (mocha's `lib/cli/init.js`); `$0`,
 * the default command, is not a command name.
 */
export const YARGS_COMMAND_MODULE_DETECTOR: EntrypointDetector = {
  framework: 'yargs',
  languages: JS_LANGUAGES,
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { text, symbols } = context.facts
    const module = moduleCommand(context.facts)
    if (module === undefined || module.word === '') return []
    const handler = symbols.find((symbol) => symbol.name === 'handler' && !symbol.parent)
    const row = rowOfOffset(text, module.offset)
    const own: EntrypointDraft = { ...cliCommand('yargs', module.word, handler?.qname ?? module.handler), row, offset: module.offset, text: module.line }
    // The commands its builder adds (`exports.builder = (yargs) => yargs.command(...)`); in a
    // module that imports yargs, the yargs detector reads them.
    const builder = symbols.find((symbol) => symbol.name === 'builder' && !symbol.parent)
    return [own, ...(builder === undefined || context.imports('yargs') ? [] : commandDrafts(context, builder))]
  },
}


/** The directory a `commandDir` argument names: `'cmds'`, the last string of `path.join(__dirname, 'cmds')`. */
function directoryOf(arg: Arg | undefined): string | undefined {
  if (arg?.kind === 'string') return arg.value
  return arg?.kind === 'call' ? arg.items.filter((item) => item.kind === 'string').at(-1)?.value : undefined
}

/**
 * yargs's `.commandDir('remote_cmds')`: the command modules of that directory (relative to this
 * file) are commands of the command whose builder loads them (`exports.builder = (yargs) =>
 * yargs.commandDir('remote_cmds')` in `cmds/remote.js` makes `cmds/remote_cmds/add.js` the
 * command `remote add`). One global fact per call, its prefix the words of that command (`''` at
 * the top), its framework `GLOBAL_ROUTE_FACTS.yargsCommandDir` (`yargsCommandDirRecursive` with
 * `{ recurse: true }`, which loads the folders below too); `@rag/layers` puts the words before the
 * modules' commands.
 */
export function yargsCommandDirFacts(facts: FileFacts, enclosing: (offset: number) => SymbolFact | undefined): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language) || !facts.text.includes('commandDir')) return []
  const out: MountFact[] = []
  let words: ((offset: number) => string[]) | undefined
  for (const call of facts.calls) {
    if (call.name !== 'commandDir' || call.receiver === '') continue
    const [dir, options] = call.args().filter((arg) => !arg.key)
    const target = directoryOf(dir)
    if (target === undefined || target === '') continue
    words ??= commandWords(facts, enclosing).wordsAt
    const recurse = options?.kind === 'list' && keyArg(options.items, 'recurse')?.value === 'true'
    const framework = recurse ? GLOBAL_ROUTE_FACTS.yargsCommandDirRecursive : GLOBAL_ROUTE_FACTS.yargsCommandDir
    out.push({ target, prefix: words(call.offset).join('/'), router: '', row: call.row, offset: call.offset, framework })
  }
  return out
}
