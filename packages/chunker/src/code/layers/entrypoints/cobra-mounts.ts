import { keyArg } from '../args.js'
import type { CallFact, FileFacts, LiteralFact, MountFact, SymbolFact } from '../facts.js'
import { commandWord, lastSegment } from './detector.js'

const DOTTED_NAME = /^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)?$/

/** The command word of a cobra command literal (`&cobra.Command{Use: "alias <command>"}` gives `alias`), if it has one. */
function wordOf(literal: LiteralFact): string | undefined {
  if (lastSegment(literal.type) !== 'Command') return undefined
  const use = keyArg(literal.args, 'Use')
  const word = use?.kind === 'string' ? commandWord(use.value) : ''
  return word === '' ? undefined : word
}

/** `cmd := &cobra.Command{`, `var rootCmd = &cobra.Command{`: the name the literal at `offset` is assigned to. */
const ASSIGNED = /\b([A-Za-z_]\w*)\s*:?=\s*&?\s*$/

/**
 * The command literal `name` holds at `offset`: the last one before it assigned to `name` inside
 * `scope` (the function around the call), else one assigned to it outside every function.
 */
function literalHeldBy(facts: FileFacts, name: string, offset: number, scope: SymbolFact | undefined, enclosing: (offset: number) => SymbolFact | undefined): LiteralFact | undefined {
  let found: LiteralFact | undefined
  for (const literal of facts.literals) {
    const lineStart = facts.text.lastIndexOf('\n', literal.offset - 1) + 1
    if (ASSIGNED.exec(facts.text.slice(lineStart, literal.offset))?.[1] !== name) continue
    const owner = enclosing(literal.offset)
    const inScope = scope !== undefined && owner !== undefined && literal.offset >= scope.start && literal.offset < scope.end && literal.offset < offset
    const packageLevel = owner === undefined || (owner.parent === undefined && owner.kind === 'variable')
    if (inScope) found = literal
    else if (packageLevel && found === undefined) found = literal
  }
  return found
}

/** The word of the command `name` holds at `offset` (see {@link literalHeldBy}). */
function commandHeldBy(facts: FileFacts, name: string, offset: number, scope: SymbolFact | undefined, enclosing: (offset: number) => SymbolFact | undefined): string | undefined {
  const literal = literalHeldBy(facts, name, offset, scope, enclosing)
  return literal === undefined ? undefined : wordOf(literal)
}

/** The `AddCommand` call of the function around a command literal that adds the local variable it is assigned to. */
function addedByLocalName(facts: FileFacts, literal: LiteralFact, enclosing: (offset: number) => SymbolFact | undefined): CallFact | undefined {
  const scope = enclosing(literal.offset)
  if (scope === undefined || scope.kind === 'variable') return undefined
  const lineStart = facts.text.lastIndexOf('\n', literal.offset - 1) + 1
  const name = ASSIGNED.exec(facts.text.slice(lineStart, literal.offset))?.[1]
  if (name === undefined) return undefined
  return facts.calls.find((call) => call.name === 'AddCommand' && call.offset > literal.offset && enclosing(call.offset) === scope && call.args().some((arg) => arg.kind === 'name' && arg.value === name))
}

/** Parents within one file deeper than this are not followed. */
const MAX_PARENTS = 4

/**
 * The words of the commands a command literal is added beneath in its own file, outermost first:
 * the literal is written inside `parent.AddCommand(...)` (`extCmd.AddCommand(&cobra.Command{Use:
 * "search"})`, or in a function called there), and so on up. GitHub CLI's `gh extension` adds its
 * subcommands so; a child added by name or factory is a mount instead (see {@link cobraMountFacts}).
 */
export function cobraParentWords(facts: FileFacts, literal: LiteralFact, enclosing: (offset: number) => SymbolFact | undefined, depth = 0): string[] {
  if (depth >= MAX_PARENTS) return []
  let around: CallFact | undefined
  for (const call of facts.calls) {
    if (call.name !== 'AddCommand' || call.offset >= literal.offset) continue
    if (literal.offset < call.end() && (around === undefined || call.offset > around.offset)) around = call
  }
  // Else: a local variable the literal is assigned to, added by name in the same function (`browse := &cobra.Command{...}` then `extCmd.AddCommand(browse)`).
  around ??= addedByLocalName(facts, literal, enclosing)
  if (around === undefined || !/^[A-Za-z_]\w*$/.test(around.simpleReceiver)) return []
  const parent = literalHeldBy(facts, around.simpleReceiver, around.offset, enclosing(around.offset), enclosing)
  const word = parent === undefined ? undefined : wordOf(parent)
  if (parent === undefined || word === undefined) return []
  return [...cobraParentWords(facts, parent, enclosing, depth + 1), word]
}

/** Whether the file defines `name` or assigns it: a top-level definition, or `name :=` / `name =` anywhere. */
function definedHere(facts: FileFacts, name: string): boolean {
  return facts.symbols.some((symbol) => symbol.name === name) || new RegExp(`(?:^|[^\\w.])${name}\\s*(?:,\\s*\\w+\\s*)?:?=[^=]`).test(facts.text)
}

/**
 * cobra's `parent.AddCommand(child, ...)`: each child is mounted under the parent command's word,
 * so that a command's route is its whole command line (`gh alias delete`). A child is a factory
 * call (`deleteCmd.NewCmdDelete(f, nil)`, `newCmdList(f)`: the command it builds, with the ones
 * it adds beneath) or a command variable (`serveCmd`). The parent's word is that of the command
 * literal its variable holds: assigned in the function around the call (`cmd :=
 * &cobra.Command{Use: "alias <command>"}`), or at package level in this file (`var rootCmd =
 * &cobra.Command{...}`). A parent this file does not define at all is written `{rootCmd}`: a
 * command of another file of the package, which the graph reads there.
 */
export function cobraMountFacts(facts: FileFacts, enclosing: (offset: number) => SymbolFact | undefined): MountFact[] {
  if (facts.language !== 'go') return []
  // A file without a command literal may still add commands to a parameter (`cmd.AddCommand(...)` in docker's `AddCommands(cmd)`).
  const out: MountFact[] = facts.literals.length === 0 ? [] : helperMountFacts(facts, enclosing)
  for (const call of facts.calls) {
    if (call.name !== 'AddCommand' || !DOTTED_NAME.test(call.simpleReceiver) || call.simpleReceiver.includes('.')) continue
    const parent = call.simpleReceiver
    // A parent this file never names otherwise is a command of another file of the package
    // (cobra-cli's `rootCmd` of `root.go`): `{rootCmd}`, which the graph reads there.
    const word = commandHeldBy(facts, parent, call.offset, enclosing(call.offset), enclosing) ?? (definedHere(facts, parent) ? undefined : `{${parent}}`)
    if (word === undefined) continue
    for (const arg of call.args()) {
      const target = arg.kind === 'call' || arg.kind === 'name' ? arg.value : ''
      if (!DOTTED_NAME.test(target)) continue
      out.push({ target, prefix: word, router: call.simpleReceiver, row: call.row, offset: call.offset })
    }
  }
  return out
}

/** A factory named as one that builds a command: `NewCmdList`, `newCmdDelete`, `NewDownloadCmd`, `newCommand`. */
const COMMAND_FACTORY = /(?:^|\.)[A-Za-z_]*(?:Cmd|Command)[A-Za-z_0-9]*$/

/**
 * A command handed to a function of the project as its first argument: the function may add
 * commands beneath it (docker's `commands.AddCommands(cmd, dockerCli)`, whose `cmd.AddCommand(...)`
 * calls are mounts under `{cmd}`, its parameter), so the function is mounted under the command's
 * word, and the chain goes on through it; a function that adds nothing mounts nothing. Command
 * factories among the other arguments (GitHub CLI's `cmdutil.AddGroup(cmd, "General commands",
 * listCmd.NewCmdList(f, nil), ...)`) are mounted under that word too, as by `AddCommand`.
 */
function helperMountFacts(facts: FileFacts, enclosing: (offset: number) => SymbolFact | undefined): MountFact[] {
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (call.name === 'AddCommand' || call.simpleReceiver === '?') continue
    const [first, ...rest] = call.args().filter((arg) => !arg.key)
    if (first?.kind !== 'name' || !/^[A-Za-z_]\w*$/.test(first.value)) continue
    const word = commandHeldBy(facts, first.value, call.offset, enclosing(call.offset), enclosing)
    if (word === undefined) continue
    const callee = call.simpleReceiver === '' ? call.name : `${call.simpleReceiver}.${call.name}`
    if (DOTTED_NAME.test(callee)) out.push({ target: callee, prefix: word, router: first.value, row: call.row, offset: call.offset })
    for (const child of rest) {
      if (child.kind === 'call' && DOTTED_NAME.test(child.value) && COMMAND_FACTORY.test(child.value)) out.push({ target: child.value, prefix: word, router: first.value, row: call.row, offset: call.offset })
    }
  }
  return out
}
